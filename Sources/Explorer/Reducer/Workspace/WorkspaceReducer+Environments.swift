import TUI
import Workspace

/// The environment of the current collection (the manager — open even without environments, to
/// add one —, `F3`'s next one, a palette entry) and
/// the values captured in it (`x` in the variables dialog forgets them).
extension WorkspaceReducer {
    static func openEnvironmentPicker(_ state: WorkspaceState, _ context: Context, _ outcome: inout Outcome) {
        guard let id = context.currentCollectionID, let collection = state.document(collectionID: id)?.collection
        else {
            outcome.notice = Notice("No collection loaded", kind: .warning)
            return
        }
        let current = state.environmentName(collectionID: id)
        let index = collection.environments.firstIndex { $0.name == current } ?? 0
        outcome.requests.append(.openOverlay(.environments(selected: index)))
    }

    static func cycleEnvironment(_ state: inout WorkspaceState, _ context: Context, _ outcome: inout Outcome) {
        guard let id = context.currentCollectionID, let collection = state.document(collectionID: id)?.collection,
            !collection.environments.isEmpty
        else { return }
        let current = collection.environments.firstIndex { $0.name == state.environmentName(collectionID: id) } ?? -1
        let next = collection.environments[(current + 1) % collection.environments.count].name
        chooseEnvironment(next, &state, context, &outcome)
    }

    /// Switches the current collection's environment: the preview and the next send follow at
    /// once; requests already in flight keep their target.
    static func chooseEnvironment(
        _ name: String, _ state: inout WorkspaceState, _ context: Context, _ outcome: inout Outcome
    ) {
        guard let id = context.currentCollectionID,
            let environment = state.document(collectionID: id)?.collection.environment(named: name)
        else { return }
        state.environments[id] = name
        outcome.notice = Notice(
            "Environment: \(name) (\(environment.kind.rawValue), \(environment.baseURL))", kind: .info)
        outcome.requests.append(.rememberUIState(collectionID: id))
    }

    /// Forgets the captured values of the current collection's environment (kept across restarts).
    static func forgetCaptures(_ state: inout WorkspaceState, _ context: Context, _ outcome: inout Outcome) {
        guard let id = context.currentCollectionID, state.captures[id]?.isEmpty == false else { return }
        state.captures[id] = nil
        let environment = state.environmentName(collectionID: id)
        outcome.notice = Notice("Forgot the captured values" + (environment.map { " of \($0)" } ?? ""), kind: .info)
        outcome.effects.append(.clearCaptures(collectionID: id, environment: environment))
    }
}
