package import GraphQLCheck
package import TUI
package import Workspace

/// The request pane's editing state for the selected request: which part has the focus and the
/// text-editing states of the fields on screen. Each edit is written straight into the draft
/// (`ExplorerState.drafts`), so the dirty markers, the resolved-URL preview and the next send all
/// see it at once; this state only holds what a text field needs between keys (cursor, undo).
package struct RequestEditorState: Sendable, Equatable {
    /// Where keys go inside the request pane.
    package enum Focus: Hashable, Sendable {
        /// The URL field: typing edits the URL, Enter sends.
        case url
        /// The URL line chosen with Up (or `k`) from the top of a tab, nothing typed yet: Enter or
        /// `i` edits it, Down or `j` goes back, other keys are commands (before, Up started
        /// editing it, and the next `g 3` or `[` was typed into the URL).
        case urlLine
        /// The tab's content, navigated by keys (nothing is being typed).
        case content
        /// Typing into the tab's content (a body or notes text area, a table cell).
        case editing
    }

    package var key: RequestKey?
    package var focus: Focus = .content
    package var tab: RequestTab = .params
    package var url = TextEditorState(singleLine: true)
    /// Query rows (Params tab), then path parameters below them.
    package var query = KeyValueEditorState(rows: [])
    package var pathParams = KeyValueEditorState(rows: [], keysAreFixed: true)
    /// Which of the Params tab's two tables has the focus.
    package var paramsOnPath = false
    /// The Query or Headers row picked up by a mouse press, moved while the button is held.
    package var draggedRow: Int?
    package var headers = KeyValueEditorState(rows: [])
    package var body = Self.codeEditor()
    /// Form fields or multipart parts (a value starting with `@` is a file part).
    package var bodyTable = KeyValueEditorState(rows: [])
    /// The file a file body is sent from.
    package var bodyFilePath = ""
    package var notes = TextEditorState()
    /// The Scripts tab's two editors (issue 32), which of them has the keyboard, and each one's
    /// syntax error ("line 3:5: …"), checked off the program loop after each change.
    package var preRequestScript = Self.codeEditor()
    package var testScript = Self.codeEditor()
    package var onTestScript = false
    package var preRequestScriptProblem: String?
    package var testScriptProblem: String?
    /// The texts the last syntax checks answered for (nil: none answered since the request was
    /// loaded, and the title says the check is running instead of a marker).
    package var preRequestScriptChecked: String?
    package var testScriptChecked: String?
    /// The body's JSON problem (message with line and column), checked after each edit.
    package var bodyProblem: String?
    /// A GraphQL body's variables (JSON), edited under the query (issue 28).
    package var variables = Self.codeEditor()
    /// The variables field of a GraphQL body has the keyboard rather than the query (`Alt+V`).
    package var onVariables = false
    /// The variables' JSON problem (message with line and column), checked as they are typed.
    package var variablesProblem: String?
    /// A GraphQL body's problems against its schema, checked off the program loop after each
    /// change (issue 28).
    package var graphql: GraphQLEditorCheck?
    /// The docs of the name under the query's cursor (issue 28), worked out from the schema after
    /// each key while the query is typed in; nil elsewhere.
    package var graphqlDocs: GraphQLDocs?
    /// The GraphQL check asked for last: only its result is taken.
    package var graphqlAsked: GraphQLCheckJob?
    /// The last GraphQL check's generation (kept across requests, so a result for the request
    /// shown before never passes for the one shown now).
    package var graphqlGeneration = 0
    /// The selected line of the Auth, Options or Checks form, and its editor while typing.
    package var formSelected = 0
    package var formEditor: TextEditorState?
    /// Why the last form edit was refused (shown under the form).
    package var formError: String?
    /// Each auth scheme's fields as last edited while this request is open, so cycling the scheme
    /// (basic → bearer → basic) brings back what was typed instead of an empty username.
    package var authSchemes: [String: SavedAuth.Scheme] = [:]
    /// Each request's edits in this pane, for undo and redo; kept while other requests are
    /// selected (loading a request keeps them).
    package var edits: [RequestKey: RequestEditHistory] = [:]
    /// The completion list under the field being typed in, while one is open.
    package var completion: CompletionState?

    package init() {}

    /// Loads `request`'s fields into fresh editing states (the cursor at the URL's end).
    package mutating func load(_ request: SavedRequest, key: RequestKey) {
        let keepTab = tab
        let keepFocus = focus == .url || focus == .urlLine ? focus : Focus.content
        let keepEdits = edits
        let keepGeneration = graphqlGeneration
        let keepVariables = onVariables && self.key == key
        let keepTestScript = onTestScript && self.key == key
        self = RequestEditorState()
        self.key = key
        edits = keepEdits
        graphqlGeneration = keepGeneration
        tab = keepTab
        focus = keepFocus
        url = TextEditorState(text: URLQuerySync.compose(url: request.url, query: request.query), singleLine: true)
        url.cursor = TextPosition(line: 0, column: url.text.count)
        query = KeyValueEditorState(rows: request.query.map(KeyValueRows.editable))
        pathParams = KeyValueEditorState(rows: request.pathParams.map(KeyValueRows.editable), keysAreFixed: true)
        headers = KeyValueEditorState(rows: request.headers.map(KeyValueRows.editable))
        body = TextEditorState(text: BodyText.text(of: request.body))
        body.indentsCode = true
        bodyTable = KeyValueEditorState(rows: BodyRows.rows(of: request.body))
        if case .file(let path, _) = request.body.content { bodyFilePath = path }
        notes = TextEditorState(text: request.notes ?? "")
        preRequestScript = TextEditorState(text: request.scripts?.preRequest ?? "")
        preRequestScript.indentsCode = true
        testScript = TextEditorState(text: request.scripts?.test ?? "")
        testScript.indentsCode = true
        onTestScript = keepTestScript
        bodyProblem = BodyText.problem(in: request.body)
        if case .graphql(let graphql) = request.body.content {
            variables = TextEditorState(text: BodyText.variablesText(of: graphql))
            variables.indentsCode = true
            variablesProblem = BodyText.variablesProblem(variables.text)
            onVariables = keepVariables
        }
    }

    /// The script editor of the Scripts tab that has (or would get) the keyboard.
    package var selectedScript: TextEditorState {
        get { onTestScript ? testScript : preRequestScript }
        set { if onTestScript { testScript = newValue } else { preRequestScript = newValue } }
    }

    /// The stage of the selected script editor.
    package var selectedScriptStage: ScriptJob.Stage { onTestScript ? .test : .preRequest }

    /// The GraphQL variables field has the keyboard (the Body tab, typing, on the variables).
    package var isTypingVariables: Bool { focus == .editing && tab == .body && onVariables }

    /// The table of the current tab (Params: the query rows or the path parameters; Headers;
    /// Body: the form fields or multipart parts), if it has one.
    package var focusedTable: KeyValueEditorState? {
        switch tab {
        case .params: paramsOnPath ? pathParams : query
        case .headers: headers
        case .body: bodyTable
        default: nil
        }
    }

    /// Runs `body` on the table of the current tab.
    package mutating func withFocusedTable(_ body: (inout KeyValueEditorState) -> Void) {
        switch tab {
        case .params:
            if paramsOnPath { body(&pathParams) } else { body(&query) }
        case .headers: body(&headers)
        case .body: body(&bodyTable)
        default: break
        }
    }

    /// Whether a table of the pane takes the keys when the pane has the focus: Params, Headers,
    /// or the Body tab of a form or multipart `body`, with nothing being typed in a form line.
    package func tableHasKeyboard(body: SavedBody?) -> Bool {
        guard focus == .content, formEditor == nil else { return false }
        switch tab {
        case .params, .headers: return true
        case .body:
            switch body?.content {
            case .formURLEncoded?, .multipart?: return true
            default: return false
            }
        default: return false
        }
    }

    /// Whether a text field has the keyboard: letters type instead of running commands.
    package var isTyping: Bool {
        switch focus {
        case .url, .editing: true
        case .urlLine: false
        case .content:
            switch tab {
            case .params: paramsOnPath ? pathParams.isEditing : query.isEditing
            case .headers: headers.isEditing
            case .auth, .options, .checks: formEditor != nil
            case .body: bodyTable.isEditing || formEditor != nil
            default: false
            }
        }
    }

    /// The body's text area: Tab indents and Enter keeps the indentation.
    private static func codeEditor() -> TextEditorState {
        var editor = TextEditorState()
        editor.indentsCode = true
        return editor
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
