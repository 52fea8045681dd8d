import TUI

/// Everything the demo screen shows, as a value; `DemoApp` changes it from events.
struct DemoState {
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
    var editor = TextEditorState(
        text: """
            Type here: Tab moves focus between the tree and this text area.
            Wide text: 世界 🙂 e\u{301} — the toolkit measures widths itself.
            Undo with Ctrl+Z is for the editor; Ctrl+Z elsewhere suspends.

            """)
    var list = ListState()
    var table = TableState()
    var headers = KeyValueEditorState(rows: [
        KeyValueRow(key: "Accept", value: "application/json"),
        KeyValueRow(key: "Authorization", value: "Bearer {{token}}"),
        KeyValueRow(key: "X-Debug", value: "1", enabled: false),
    ])
    var mouseEnabled = true
    var lastEvent = "none"
    var toast: Toast?
    /// Counts handled events; drives the spinner and progress bar without a timer.
    var tick = 0

    init(catalog: ThemeCatalog, theme: Theme) {
        self.catalog = catalog
        self.theme = theme
    }

    var treeSource: DemoTree { DemoTree(theme: theme) }
}
