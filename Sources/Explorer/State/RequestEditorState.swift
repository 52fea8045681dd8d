public import TUI
public import Workspace

/// The request pane's editing state for the selected request: which part has the focus and the
/// text-editing states of the fields on screen. Each edit is written straight into the draft
/// (`ExplorerState.drafts`), so the dirty markers, the resolved-URL preview and the next send all
/// see it at once; this state only holds what a text field needs between keys (cursor, undo).
public struct RequestEditorState: Sendable {
    /// Where keys go inside the request pane.
    public enum Focus: Hashable, Sendable {
        /// The URL field: typing edits the URL, Enter sends.
        case url
        /// The tab's content, navigated by keys (nothing is being typed).
        case content
        /// Typing into the tab's content (a body or notes text area, a table cell).
        case editing
    }

    public var key: RequestKey?
    public var focus: Focus = .content
    public var tab: RequestTab = .params
    public var url = TextEditorState(singleLine: true)
    /// Query rows (Params tab), then path parameters below them.
    public var query = KeyValueEditorState(rows: [])
    public var pathParams = KeyValueEditorState(rows: [])
    /// Which of the Params tab's two tables has the focus.
    public var paramsOnPath = false
    public var headers = KeyValueEditorState(rows: [])
    public var body = TextEditorState()
    public var notes = TextEditorState()
    /// The body's JSON problem (message with line and column), checked after each edit.
    public var bodyProblem: String?
    /// Scroll offset of read-only tab contents (auth, options, checks).
    public var contentScroll = 0

    public init() {}

    /// Loads `request`'s fields into fresh editing states (the cursor at the URL's end).
    public mutating func load(_ request: SavedRequest, key: RequestKey) {
        let keepTab = tab
        self = RequestEditorState()
        self.key = key
        tab = keepTab
        url = TextEditorState(text: request.url, singleLine: true)
        url.cursor = TextPosition(line: 0, column: url.text.count)
        query = KeyValueEditorState(rows: request.query.map(KeyValueRows.editable))
        pathParams = KeyValueEditorState(rows: request.pathParams.map(KeyValueRows.editable))
        headers = KeyValueEditorState(rows: request.headers.map(KeyValueRows.editable))
        body = TextEditorState(text: BodyText.text(of: request.body))
        notes = TextEditorState(text: request.notes ?? "")
        bodyProblem = BodyText.problem(in: request.body)
    }

    /// Whether a text field has the keyboard: letters type instead of running commands.
    public var isTyping: Bool {
        switch focus {
        case .url, .editing: true
        case .content:
            switch tab {
            case .params: paramsOnPath ? pathParams.isEditing : query.isEditing
            case .headers: headers.isEditing
            default: false
            }
        }
    }
}

/// Converts between the collection format's rows (`KeyValueRow`, with descriptions and unknown
/// fields) and the toolkit's editable rows (`KeyValueEditorRow`), keeping what the editor does not
/// show.
enum KeyValueRows {
    static func editable(_ row: KeyValueRow) -> KeyValueEditorRow {
        KeyValueEditorRow(key: row.name, value: row.value, enabled: row.enabled)
    }

    /// `edited` written over `original` row by row: descriptions and unknown fields stay with
    /// their row; new rows get none.
    static func merged(_ edited: [KeyValueEditorRow], over original: [KeyValueRow]) -> [KeyValueRow] {
        edited.enumerated().map { index, row in
            var result = original.indices.contains(index) ? original[index] : KeyValueRow(name: "", value: "")
            result.name = row.key
            result.value = row.value
            result.enabled = row.enabled
            return result
        }
    }
}
