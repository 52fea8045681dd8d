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
        case .navigator(let command): return reduceNavigator(.command(command), &state)
        case .request(let command): return requestAction(command, &state)
        case .response(let command): return reduceResponse(.command(command), &state)
        case .runner(let command): return runnerAction(command, &state)
        case .diff(let command): return diffAction(command, &state)
        case .interop(let command): return reduceWorkspace(.promptInterop(command), &state)
        }
    }

    /// A palette entry: a command, or one of the entries made per environment and per theme.
    static func perform(_ action: ExplorerCommands.Action, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch action {
        case .command(let command): return perform(command, &state)
        case .environment(let name): return reduceWorkspace(.chooseEnvironment(name), &state)
        case .theme(let name): return reduceScreen(.theme(name), &state)
        }
    }

    static func environmentCommand(_ command: EnvironmentCommand, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch command {
        case .pick: return reduceWorkspace(.openEnvironmentPicker, &state)
        case .next: return reduceWorkspace(.cycleEnvironment, &state)
        case .variables: return reduceOverlays(.open(.variables(scroll: 0)), &state)
        case .editVariables:
            guard let id = state.currentCollectionID, state.document(collectionID: id) != nil else {
                notify(&state, "No collection loaded", kind: .warning)
                return []
            }
            return reduceOverlays(
                .open(.environmentEditor(EnvironmentEditorState(collectionID: id, scope: .collection))), &state)
        case .forgetPromptAnswers: return reduceOverlays(.forgetPromptAnswers, &state)
        }
    }

    static func appCommand(_ command: AppCommand, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch command {
        case .palette: return reduceOverlays(.open(.palette(CommandPaletteState())), &state)
        case .help: return reduceOverlays(.open(.help(scroll: 0)), &state)
        case .problems: return reduceOverlays(.open(.problems(scroll: 0)), &state)
        case .history: return reduceOverlays(.openHistoryBrowser, &state)
        case .clearHistory: return askToClearHistory(state)
        case .quit: return requestQuit(&state)
        case .theme: return reduceScreen(.nextTheme, &state)
        case .mouse: return reduceScreen(.toggleMouse, &state)
        case .focusNext, .focusPrevious:
            state.keys.reset()
            return reduceScreen(.cycleFocus(backwards: command == .focusPrevious), &state)
        case .paneCollections: return reduceScreen(.focus(.collections), &state)
        case .paneRequest: return reduceScreen(.focus(.request), &state)
        case .paneResponse: return reduceScreen(.focus(.response), &state)
        case .zoom: return reduceScreen(.zoom, &state)
        case .narrower, .wider: return reduceScreen(.collectionsWidth(wider: command == .wider), &state)
        case .requestSmaller, .requestLarger:
            return reduceScreen(.requestShare(larger: command == .requestLarger), &state)
        }
    }

    static func navigate(_ navigation: NavigationAction, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch state.focus {
        case .collections: return reduceNavigator(.navigate(navigation), &state)
        case .request: return reduceEditor(.navigate(navigation), &state)
        case .response: return reduceResponse(.navigate(navigation), &state)
        }
    }
}
