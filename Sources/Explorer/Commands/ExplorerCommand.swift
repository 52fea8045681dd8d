package import TUI

/// Every command the explorer performs from a key or the palette, as one typed value. Each family
/// is its own enum (the slice that performs it); a family's raw value is the command's stable id,
/// the name a user's keymap file uses (`request.send`). `ExplorerReducer.perform` switches over
/// them exhaustively: a command without a handler does not compile. What a command is called, its
/// help line, contexts and default keys live in one table (`ExplorerCommand+Table.swift`).
package enum ExplorerCommand: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case navigation(NavigationCommand)
    case app(AppCommand)
    case environment(EnvironmentCommand)
    case navigator(NavigatorCommand)
    case request(RequestCommand)
    case response(ResponseCommand)
    case runner(RunnerCommand)
    case interop(InteropCommand)
    case diff(DiffViewCommand)

    /// In table order: the palette, the help overlay and docs/keymap.md list commands this way.
    package static let allCases: [ExplorerCommand] =
        RequestCommand.allCases.map(Self.request) + EnvironmentCommand.allCases.map(Self.environment)
        + InteropCommand.allCases.map(Self.interop) + NavigationCommand.allCases.map(Self.navigation)
        + NavigatorCommand.allCases.map(Self.navigator) + RunnerCommand.allCases.map(Self.runner)
        + DiffViewCommand.allCases.map(Self.diff)
        + ResponseCommand.allCases.map(Self.response) + AppCommand.allCases.map(Self.app)

    /// The stable id (`request.send`), as keymap files name it.
    package var id: String {
        switch self {
        case .navigation(let command): command.rawValue
        case .app(let command): command.rawValue
        case .environment(let command): command.rawValue
        case .navigator(let command): command.rawValue
        case .request(let command): command.rawValue
        case .response(let command): command.rawValue
        case .runner(let command): command.rawValue
        case .interop(let command): command.rawValue
        case .diff(let command): command.rawValue
        }
    }

    package var description: String { id }

    /// The command a keymap id names: parsing, at the keymap's edge (nil: no such command).
    package init?(id: String) {
        guard let command = Self.byID[id] else { return nil }
        self = command
    }

    private static let byID = Dictionary(uniqueKeysWithValues: allCases.map { ($0.id, $0) })
}

/// Moves: what they do depends on the focused pane (rows, tree nodes, tabs, scrolling).
package enum NavigationCommand: String, CaseIterable, Sendable {
    case up = "nav.up"
    case down = "nav.down"
    case left = "nav.left"
    case right = "nav.right"
    case pageUp = "nav.pageUp"
    case pageDown = "nav.pageDown"
    case top = "nav.top"
    case bottom = "nav.bottom"

    package var navigation: NavigationAction {
        switch self {
        case .up: .up
        case .down: .down
        case .left: .left
        case .right: .right
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        case .top: .top
        case .bottom: .bottom
        }
    }
}

/// The screen: dialogs, focus, pane sizes, theme, mouse, quitting.
package enum AppCommand: String, CaseIterable, Sendable {
    case palette = "app.palette"
    case help = "app.help"
    case quit = "app.quit"
    case focusNext = "focus.next"
    case focusPrevious = "focus.previous"
    case paneCollections = "pane.collections"
    case paneRequest = "pane.request"
    case paneResponse = "pane.response"
    case zoom = "view.zoom"
    case narrower = "view.narrower"
    case wider = "view.wider"
    case requestSmaller = "view.requestSmaller"
    case requestLarger = "view.requestLarger"
    case theme = "app.theme"
    case mouse = "app.mouse"
    case problems = "app.problems"
    case history = "history.browse"
    case clearHistory = "history.clear"
}

/// The current collection's environments and variables.
package enum EnvironmentCommand: String, CaseIterable, Sendable {
    case pick = "env.pick"
    case next = "env.next"
    case variables = "env.variables"
    case editVariables = "env.editVariables"
    case forgetPromptAnswers = "env.forgetPromptAnswers"
}

/// The collections pane: opening, filtering and structural edits.
package enum NavigatorCommand: String, CaseIterable, Sendable {
    case open = "nav.open"
    case filter = "collections.filter"
    case newRequest = "collections.newRequest"
    case newFolder = "collections.newFolder"
    case newCollection = "collections.newCollection"
    case rename = "collections.rename"
    case duplicate = "collections.duplicate"
    case delete = "collections.delete"
    case undo = "collections.undo"
    case moveUp = "collections.moveUp"
    case moveDown = "collections.moveDown"
    case moveTo = "collections.moveTo"
}

/// The selected request: sending, saving, its fields, tabs and tables.
package enum RequestCommand: String, CaseIterable, Sendable {
    case send = "request.send"
    case cancel = "request.cancel"
    case save = "request.save"
    case saveAll = "request.saveAll"
    case copyCurl = "request.copyCurl"
    case copyCurlRevealed = "request.copyCurlRevealed"
    case authToFolder = "request.authToFolder"
    case authToCollection = "request.authToCollection"
    case focusURL = "request.focusURL"
    case url = "request.url"
    case method = "request.method"
    case edit = "request.edit"
    case previousTab = "request.prevTab"
    case nextTab = "request.nextTab"
    case tab1 = "request.tab1"
    case tab2 = "request.tab2"
    case tab3 = "request.tab3"
    case tab4 = "request.tab4"
    case tab5 = "request.tab5"
    case tab6 = "request.tab6"
    case tab7 = "request.tab7"
    case tab8 = "request.tab8"
    case toggleRow = "request.toggleRow"
    case addRow = "request.addRow"
    case deleteRow = "request.deleteRow"
    case moveRowUp = "table.moveUp"
    case moveRowDown = "table.moveDown"
    case rowUp = "table.up"
    case rowDown = "table.down"
    case rowPageUp = "table.pageUp"
    case rowPageDown = "table.pageDown"
    case firstRow = "table.top"
    case lastRow = "table.bottom"
    case otherColumn = "table.column"
    case nameColumn = "table.nameColumn"
    case valueColumn = "table.valueColumn"
    case bodyKind = "request.bodyKind"
    case formatBody = "body.format"
    case editBodyExternally = "body.external"
    case undo = "request.undo"
    case redo = "request.redo"
    case revert = "request.revert"
    case completionAccept = "completion.accept"
    case completionNext = "completion.next"
    case completionPrevious = "completion.previous"
    case oauthNewToken = "request.oauthNewToken"
    case oauthRefresh = "request.oauthRefresh"
    case oauthForget = "request.oauthForget"
    case graphqlNextProblem = "body.graphqlNextProblem"
    case webSocketCompose = "websocket.compose"
    case webSocketSendSaved = "websocket.sendSaved"
    case graphqlRefreshSchema = "body.graphqlRefreshSchema"
    case graphqlVariables = "body.graphqlVariables"
    case graphqlComplete = "body.graphqlComplete"
    case graphqlVariablesSkeleton = "body.graphqlVariablesSkeleton"
    case graphqlSchemaBrowser = "body.graphqlSchemaBrowser"
    case graphqlOperation = "body.graphqlOperation"
}

/// The response pane: tabs, the tree, Raw, saving and copying.
package enum ResponseCommand: String, CaseIterable, Sendable {
    case previousTab = "response.prevTab"
    case nextTab = "response.nextTab"
    case retry = "response.retry"
    case open = "response.open"
    case save = "response.save"
    case saveMock = "response.saveMock"
    case cookies = "response.cookies"
    case details = "response.details"
    case treeToggle = "tree.toggle"
    case expandAll = "tree.expandAll"
    case collapseAll = "tree.collapseAll"
    case depth1 = "tree.depth1"
    case depth2 = "tree.depth2"
    case depth3 = "tree.depth3"
    case search = "tree.search"
    case nextMatch = "tree.next"
    case previousMatch = "tree.previous"
    case filter = "tree.filter"
    case copyValue = "tree.copyValue"
    case copyPath = "tree.copyPath"
    case rawWrap = "raw.wrap"
    case rawHex = "raw.hex"
    case rawPretty = "raw.pretty"
    case rawCopy = "raw.copy"
    case acceptSnapshot = "response.acceptSnapshot"
    case recheckHistory = "response.recheckHistory"
    case nextFinding = "tree.nextFinding"
    case previousFinding = "tree.previousFinding"
    /// The GraphQL errors list above the tree (issue 28): it takes the keyboard, or gives it back.
    case graphqlErrors = "tree.graphqlErrors"
    case graphqlErrorNode = "graphqlErrors.node"
    case graphqlErrorQuery = "graphqlErrors.query"
    case copyAuthorizationURL = "response.copyAuthorizationURL"
    /// The joined view of a stream (issue 25): the JSONPath whose text the events are joined by.
    case streamJoin = "stream.join"
}

/// Running a folder or collection, and the Runner view's own keys.
package enum RunnerCommand: String, CaseIterable, Sendable {
    case run = "runner.run"
    case runCollection = "runner.runCollection"
    case show = "runner.show"
    case up = "runner.up"
    case down = "runner.down"
    case pageUp = "runner.pageUp"
    case pageDown = "runner.pageDown"
    case top = "runner.top"
    case bottom = "runner.bottom"
    case open = "runner.open"
    case cancel = "runner.cancel"
    case again = "runner.again"
    case hide = "runner.hide"
    /// The Load view (issue 29): a load test of the request, folder or collection under the cursor.
    case load = "runner.load"
    case loadStart = "load.start"
    case loadStop = "load.stop"
    case loadAgain = "load.again"
    case loadHide = "load.hide"
}

/// Import and export through `Interop`.
package enum InteropCommand: String, CaseIterable, Sendable {
    case importFile = "interop.import"
    case exportCollection = "interop.export"
    /// Postman, with each live environment as a Postman environment file beside it (`lazer
    /// export --format postman --environments DIR`).
    case exportPostman = "interop.exportPostman"
}
