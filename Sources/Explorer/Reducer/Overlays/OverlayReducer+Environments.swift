import HTTPCore
import TUI
import Workspace

/// Keys of the environment manager (`F2`), the environment and collection variables editor and a
/// mock environment's routes. The dialogs move and type here; every edit goes to the workspace
/// slice as an `EnvironmentEdit` on the collection in memory (an unsaved change: `Ctrl+S` saves
/// it, `X` reverts it), read back from the collection in the Context.
extension OverlayReducer {
    static func managerKey(_ key: KeyEvent, selected: Int, _ context: Context, _ state: inout OverlayState)
        -> Outcome
    {
        guard let id = context.collectionID, let collection = context.collection else {
            state.overlay = nil
            return Outcome()
        }
        let names = collection.environments.map(\.name)
        let name = names.indices.contains(selected) ? names[selected] : nil
        if let outcome = saveOrRevert(key, collectionID: id) { return outcome }
        switch key {
        case KeyEvent(.escape), KeyEvent(.function(2)):
            state.overlay = nil
        case KeyEvent(.enter):
            state.overlay = nil
            if let name { return Outcome(requests: [.chooseEnvironment(name)]) }
        case .char("a"):
            state.overlay = .prompt(
                PromptState(
                    purpose: .newEnvironment(collectionID: id),
                    title: "Name of the new environment (then its base URL)"))
        case .char("v"):
            state.overlay = .environmentEditor(EnvironmentEditorState(collectionID: id, scope: .collection))
        default:
            guard let name else { return Outcome() }
            return managerKey(key, environment: name, selected: selected, id, collection, &state)
        }
        return Outcome()
    }

    /// The manager's keys that act on the highlighted environment.
    private static func managerKey(
        _ key: KeyEvent, environment name: String, selected: Int, _ id: String, _ collection: RequestCollection,
        _ state: inout OverlayState
    ) -> Outcome {
        switch key {
        case .char("r"):
            state.overlay = .prompt(
                PromptState(
                    purpose: .renameEnvironment(collectionID: id, name: name), title: "Rename the environment \(name)",
                    text: name))
        case .char("c"):
            state.overlay = .prompt(
                PromptState(
                    purpose: .duplicateEnvironment(collectionID: id, name: name),
                    title: "Name of the copy of \(name) (its variables are copied)", text: name + "-copy"))
        case .char("d"), KeyEvent(.delete):
            guard collection.environments.count > 1 else {
                return Outcome(
                    notice: Notice("\(name) is the only environment: add another before deleting it", kind: .warning))
            }
            let next = collection.environments.first { $0.name != name }?.name ?? ""
            let moves =
                collection.defaultEnvironment == name ? " It is the default: \(next) becomes the default." : ""
            let message =
                "Delete the environment \(name) and its variables (their secret values leave the secrets file "
                + "when you save)?\(moves) Nothing is written before Ctrl+S; X reverts."
            state.overlay = .confirmEnvironmentEdit(
                EnvironmentDeletion(
                    collectionID: id, edit: .delete(name), message: message, back: .environments(selected: selected)),
                selected: -1)
        case .char("e"):
            state.overlay = .environmentEditor(EnvironmentEditorState(collectionID: id, scope: .environment(name)))
        case .char("m"):
            return openRoutes(collectionID: id, environment: name, collection, &state)
        default:
            let count = collection.environments.count
            state.overlay = .environments(selected: max(0, min(count - 1, selected + scrollStep(key, page: count))))
        }
        return Outcome()
    }

    static func openRoutes(
        collectionID id: String, environment name: String, fromEditor: Bool = false, _ collection: RequestCollection,
        _ state: inout OverlayState
    ) -> Outcome {
        guard let environment = collection.environment(named: name),
            environment.kind == .mock || !environment.routes.isEmpty
        else {
            return Outcome(
                notice: Notice("\(name) is live: routes answer mock environments (e: its kind)", kind: .info))
        }
        state.overlay = .mockRoutes(MockRoutesState(collectionID: id, environment: name, fromEditor: fromEditor))
        return Outcome()
    }

    /// `Ctrl+S` saves the collection (its environments and variables as edited), `X` reverts them.
    private static func saveOrRevert(_ key: KeyEvent, collectionID: String) -> Outcome? {
        if key == .ctrl("s") { return Outcome(requests: [.saveCollection(collectionID)]) }
        if key == .char("X") { return Outcome(requests: [.revertEnvironments(collectionID)]) }
        return nil
    }

    static func routesKey(_ key: KeyEvent, _ routes: MockRoutesState, _ context: Context, _ state: inout OverlayState)
        -> Outcome
    {
        let list = context.collection?.environment(named: routes.environment)?.routes ?? []
        switch key {
        case KeyEvent(.escape), .char("q"):
            // Back to where the list was opened: the editor of the environment, or the manager on it.
            let index = context.collection?.environments.firstIndex { $0.name == routes.environment } ?? 0
            state.overlay =
                routes.fromEditor
                ? .environmentEditor(
                    EnvironmentEditorState(collectionID: routes.collectionID, scope: .environment(routes.environment)))
                : .environments(selected: index)
        case KeyEvent(.enter):
            guard list.indices.contains(routes.selected) else { return Outcome() }
            let route = list[routes.selected]
            state.overlayBelow = .mockRoutes(routes)
            state.overlay = .viewer(
                title: "\(route.method?.rawValue ?? "*") \(route.path) in \(routes.environment)",
                text: MockRouteText.text(route), scroll: 0)
        case .char("d"), KeyEvent(.delete):
            guard list.indices.contains(routes.selected) else { return Outcome() }
            let route = list[routes.selected]
            state.overlay = .confirmEnvironmentEdit(
                EnvironmentDeletion(
                    collectionID: routes.collectionID,
                    edit: .deleteRoute(environment: routes.environment, index: routes.selected),
                    message:
                        "Delete the route \(route.method?.rawValue ?? "*") \(route.path) of \(routes.environment)? "
                        + "Nothing is written before Ctrl+S; X in the manager reverts.",
                    back: .mockRoutes(routes)),
                selected: -1)
        default:
            var next = routes
            next.selected = max(0, min(list.count - 1, routes.selected + scrollStep(key, page: list.count)))
            state.overlay = .mockRoutes(next)
        }
        return Outcome()
    }
}
