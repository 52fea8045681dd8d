package import TUI

/// Everything the demo screen shows, as a value; `DemoApp` changes it from events.
package struct DemoState {
    /// The two pages of the demo.
    enum Page: Int, CaseIterable {
        case explorer
        case widgets

        var title: String {
            switch self {
            case .explorer: "1 Explorer"
            case .widgets: "2 Widgets"
            }
        }
    }

    /// A box over the page that takes the keys while it is open.
    package enum Overlay {
        /// Every key of the keymap (`?`).
        case help
        /// Fuzzy-matched commands (`:` or Ctrl+P).
        case palette
        /// The search prompt (`/`) for the tree.
        case search
        /// What went wrong at startup: broken theme files, keymap file problems.
        case problems
    }

    /// Which widget receives keys.
    enum Focus {
        case tree
        case text
        case list
        case table
        case headers
    }

    static let listItems = [
        "Get user", "List users", "Create user", "Update user", "Delete user", "Upload avatar", "Search orders",
        "Refund order", "Health check", "Metrics",
    ]
    static let tableRows: [(method: String, path: String, status: Int, time: String)] = [
        ("GET", "/users/42", 200, "38 ms"), ("POST", "/users", 201, "112 ms"), ("PUT", "/users/42", 409, "51 ms"),
        ("DELETE", "/users/7", 204, "44 ms"), ("GET", "/orders?page=2", 500, "2.1 s"),
        ("PATCH", "/orders/9", 302, "61 ms"),
    ]

    var catalog: ThemeCatalog
    var theme: Theme
    var page = Page.explorer
    var focus = Focus.tree
    var tree = TreeState()
    /// The text area's text has CRLF line breaks (as a body from a Windows server would): they
    /// are line breaks on screen, and `e`/`p` hand the text over with its CRLFs unchanged.
    var editor = TextEditorState(
        text: [
            "Type here: Tab moves focus between the tree and this text area.",
            "Wide text: 世界 🙂 e\u{301} — the toolkit measures widths itself.",
            "Undo with Ctrl+Z is for the editor; Ctrl+Z elsewhere suspends.",
            "These lines end in CRLF; a lone CR shows as \r instead.", "",
        ].joined(separator: "\r\n"))
    var list = ListState()
    var table = TableState()
    var headers = KeyValueEditorState(rows: [
        KeyValueEditorRow(key: "Accept", value: "application/json"),
        KeyValueEditorRow(key: "Authorization", value: "Bearer {{token}}"),
        KeyValueEditorRow(key: "X-Debug", value: "1", enabled: false),
    ])
    var mouseEnabled = true
    var lastEvent = "none"
    var toast: Toast?
    package var overlay: Overlay?
    var keys: KeyResolver
    var palette = CommandPaletteState()
    var helpScroll = 0
    var search = TextEditorState(singleLine: true)
    /// The last query searched for, for `n` and `N`.
    var lastSearch = ""
    /// Startup problems (theme files, keymap file), shown in a dialog.
    package var problems: [String] = []
    /// Counts handled events; drives the spinner and progress bar without a timer.
    var tick = 0

    package init(catalog: ThemeCatalog, theme: Theme, keymap: Keymap = DemoKeys.keymap) {
        self.catalog = catalog
        self.theme = theme
        self.keys = KeyResolver(keymap: keymap)
    }

    var commands: [(title: String, action: String)] { DemoKeys.commands(themes: catalog.names) }

    /// Requests whose fields have been loaded, and those being loaded.
    var loadedRequests: Set<Int> = []
    var loadingRequests: Set<Int> = []

    var treeSource: DemoTree { DemoTree(theme: theme, loaded: loadedRequests) }
}
