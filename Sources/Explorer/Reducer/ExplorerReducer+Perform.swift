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
        case .environment(let name): return reduceWorkspace(.chooseEnvironment(name), &state)
        case .theme(let name):
            if let theme = state.themes.theme(named: name) { state.theme = theme }
            return []
        }
    }

    static func environmentCommand(_ command: EnvironmentCommand, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch command {
        case .pick: return reduceWorkspace(.openEnvironmentPicker, &state)
        case .next: return reduceWorkspace(.cycleEnvironment, &state)
        case .variables: return reduceOverlays(.open(.variables(scroll: 0)), &state)
        }
    }

    static func appCommand(_ command: AppCommand, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch command {
        case .palette: reduceOverlays(.open(.palette(CommandPaletteState())), &state)
        case .help: reduceOverlays(.open(.help(scroll: 0)), &state)
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
        case .problems: reduceOverlays(.open(.problems(scroll: 0)), &state)
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
        case .requestSmaller: state.requestShare = max(15, state.requestShare - 5)
        case .requestLarger: state.requestShare = min(85, state.requestShare + 5)
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
}
