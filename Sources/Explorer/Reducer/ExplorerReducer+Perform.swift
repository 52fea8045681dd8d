import TUI
import Workspace

/// Named actions from the keymap and the command palette.
extension ExplorerReducer {
    /// Performs a command of the table: one exhaustive switch over the families, each performed
    /// by its own exhaustive switch (a command without a handler does not compile).
    static func perform(_ command: ExplorerCommand, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch command {
        case .navigation(let navigation): return navigate(navigation.navigation, &state)
        case .app(let command): return appCommand(command, &state)
        case .environment(let command): return environmentCommand(command, &state)
        case .navigator(let command): return collectionsAction(command, &state)
        case .request(let command): return requestAction(command, &state)
        case .response(let command): return reduceResponse(.command(command), &state)
        case .runner(let command): return runnerAction(command, &state)
        case .interop(let command): return reduceWorkspace(.promptInterop(command), &state)
        }
    }

    /// A palette entry: a command, or one of the entries made per environment and per theme.
    static func perform(_ action: ExplorerCommands.Action, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch action {
        case .command(let command): return perform(command, &state)
        case .environment(let name): return chooseEnvironment(name, &state)
        case .theme(let name):
            if let theme = state.themes.theme(named: name) { state.theme = theme }
            return []
        }
    }

    static func environmentCommand(_ command: EnvironmentCommand, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch command {
        case .pick: return openEnvironmentPicker(&state)
        case .next: return cycleEnvironment(&state)
        case .variables:
            state.overlay = .variables(scroll: 0)
            return []
        }
    }

    static func appCommand(_ command: AppCommand, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch command {
        case .palette: state.overlay = .palette(CommandPaletteState())
        case .help: state.overlay = .help(scroll: 0)
        case .quit: return requestQuit(&state)
        case .theme:
            state.theme = state.themes.theme(after: state.theme.name)
            notify(&state, "Theme: \(state.theme.name)", kind: .info)
        case .mouse:
            state.mouseEnabled.toggle()
            notify(
                &state, state.mouseEnabled ? "Mouse on" : "Mouse off: the terminal selects text (F12: on)",
                kind: .info)
            return [.setMouse(state.mouseEnabled)]
        case .problems: state.overlay = .problems(scroll: 0)
        case .focusNext, .focusPrevious:
            state.keys.reset()
            state.focus = state.focus.cycled(backwards: command == .focusPrevious)
            if state.zoomed != nil { state.zoomed = state.focus }
        case .paneCollections: state.focus = .collections
        case .paneRequest: state.focus = .request
        case .paneResponse: state.focus = .response
        case .zoom: state.zoomed = state.zoomed == nil ? state.focus : nil
        case .narrower, .wider:
            if state.collectionsWidthIsAutomatic {
                state.collectionsWidth = ExplorerLayout(state).collections?.width ?? state.collectionsWidth
                state.collectionsWidthIsAutomatic = false
            }
            state.collectionsWidth =
                command == .narrower
                ? max(16, state.collectionsWidth - 4)
                : min(max(16, state.size.width - 40), state.collectionsWidth + 4)
        case .requestSmaller, .requestLarger:
            if state.requestShareIsAutomatic {
                // From the height on screen when it grew with the focus.
                var fixed = state
                fixed.requestShareIsAutomatic = false
                if let shown = ExplorerLayout(state).request?.height, shown != ExplorerLayout(fixed).request?.height {
                    let right = max(1, state.size.height - 2)
                    state.requestShare = (shown * 100 + right - 1) / right
                }
                state.requestShareIsAutomatic = false
            }
            state.requestShare =
                command == .requestSmaller ? max(15, state.requestShare - 5) : min(85, state.requestShare + 5)
        }
        return []
    }

    static func navigate(_ navigation: NavigationAction, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch state.focus {
        case .collections: return navigateCollections(navigation, &state)
        case .request: return navigateRequest(navigation, &state)
        case .response: return reduceResponse(.navigate(navigation), &state)
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
