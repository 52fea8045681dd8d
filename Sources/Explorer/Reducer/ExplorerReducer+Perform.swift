import TUI
import Workspace

/// Named actions from the keymap and the command palette.
extension ExplorerReducer {
    static func perform(_ action: String, _ state: inout ExplorerState) -> [ExplorerEffect] {
        if let navigation = Keymap.navigation(action) { return navigate(navigation, &state) }
        switch action {
        case "request.send": return send(&state)
        case "request.cancel":
            guard let key = state.selection, let generation = state.exchanges[key]?.inFlight else {
                notify(&state, "No request in flight", kind: .info)
                return []
            }
            return cancel(key, generation: generation, &state)
        case "request.save": return saveSelected(&state)
        case "request.saveAll": return saveAll(&state)
        case "env.pick": return openEnvironmentPicker(&state)
        case "env.next": return cycleEnvironment(&state)
        case "env.variables":
            state.overlay = .variables(scroll: 0)
        case "app.palette":
            state.overlay = .palette(CommandPaletteState())
        case "app.help":
            state.overlay = .help(scroll: 0)
        case "app.quit": return requestQuit(&state)
        case "app.theme":
            state.theme = state.themes.theme(after: state.theme.name)
            notify(&state, "Theme: \(state.theme.name)", kind: .info)
        case "app.mouse":
            state.mouseEnabled.toggle()
            notify(
                &state, state.mouseEnabled ? "Mouse on" : "Mouse off: the terminal selects text (F12: on)",
                kind: .info)
            return [.setMouse(state.mouseEnabled)]
        case "app.problems":
            state.overlay = .problems(scroll: 0)
        case "focus.next", "focus.previous":
            state.keys.reset()
            state.focus = state.focus.cycled(backwards: action == "focus.previous")
            if state.zoomed != nil { state.zoomed = state.focus }
        case "pane.collections": state.focus = .collections
        case "pane.request": state.focus = .request
        case "pane.response": state.focus = .response
        case "view.zoom":
            state.zoomed = state.zoomed == nil ? state.focus : nil
        case "view.narrower", "view.wider":
            if state.collectionsWidthIsAutomatic {
                state.collectionsWidth = ExplorerLayout(state).collections?.width ?? state.collectionsWidth
                state.collectionsWidthIsAutomatic = false
            }
            state.collectionsWidth =
                action == "view.narrower"
                ? max(16, state.collectionsWidth - 4)
                : min(max(16, state.size.width - 40), state.collectionsWidth + 4)
        case "view.requestSmaller": state.requestShare = max(15, state.requestShare - 5)
        case "view.requestLarger": state.requestShare = min(85, state.requestShare + 5)
        case "request.copyCurl": return copyAsCurl(&state, reveal: false)
        case "request.copyCurlRevealed": return copyAsCurl(&state, reveal: true)
        case "response.saveMock": return promptMockRoute(&state)
        default:
            if action.hasPrefix("theme:"), let theme = state.themes.theme(named: String(action.dropFirst(6))) {
                state.theme = theme
            } else if action.hasPrefix("interop.") {
                return interopAction(action, &state)
            } else if action.hasPrefix("env:") {
                return chooseEnvironment(String(action.dropFirst(4)), &state)
            } else if action.hasPrefix("runner.") {
                return runnerAction(action, &state)
            } else if action.hasPrefix("collections.") || action == "nav.open" {
                return collectionsAction(action, &state)
            } else if action.hasPrefix("request.") || action.hasPrefix("body.") {
                return requestAction(action, &state)
            } else if action.hasPrefix("response.") || action.hasPrefix("tree.") || action.hasPrefix("raw.") {
                return responseAction(action, &state)
            }
        }
        return []
    }

    static func navigate(_ navigation: NavigationAction, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch state.focus {
        case .collections: return navigateCollections(navigation, &state)
        case .request: return navigateRequest(navigation, &state)
        case .response: return navigateResponse(navigation, &state)
        }
    }

    /// `Ctrl+Q` / `q`: quits at once when nothing is unsaved, else asks.
    static func requestQuit(_ state: inout ExplorerState) -> [ExplorerEffect] {
        commitEditing(&state)
        if state.dirtyCount == 0 && !state.collections.contains(where: { $0.document?.isModified ?? false }) {
            state.quitting = true
            return [.storeDrafts([:]), .quit]
        }
        state.overlay = .quitPrompt(selected: -1)
        return []
    }

    // MARK: - Environments

    static func openEnvironmentPicker(_ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let id = state.currentCollectionID, let collection = state.document(collectionID: id)?.collection else {
            notify(&state, "No collection loaded", kind: .warning)
            return []
        }
        guard !collection.environments.isEmpty else {
            notify(&state, "\(collection.name) has no environments", kind: .info)
            return []
        }
        let current = state.environmentName(collectionID: id)
        let index = collection.environments.firstIndex { $0.name == current } ?? 0
        state.overlay = .environments(selected: index)
        return []
    }

    static func cycleEnvironment(_ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let id = state.currentCollectionID, let collection = state.document(collectionID: id)?.collection,
            !collection.environments.isEmpty
        else { return [] }
        let current = collection.environments.firstIndex { $0.name == state.environmentName(collectionID: id) } ?? -1
        return chooseEnvironment(collection.environments[(current + 1) % collection.environments.count].name, &state)
    }

    /// Switches the current collection's environment: the preview and the next send follow at
    /// once; requests already in flight keep their target.
    static func chooseEnvironment(_ name: String, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let id = state.currentCollectionID,
            let environment = state.document(collectionID: id)?.collection
                .environment(named: name)
        else { return [] }
        state.environments[id] = name
        notify(&state, "Environment: \(name) (\(environment.kind.rawValue), \(environment.baseURL))", kind: .info)
        return [rememberUIState(id, state)]
    }
}
