package import GraphQLCheck
package import TUI
package import Workspace

/// The request pane's slice: the URL field, the tabs, the Params, Headers, form and multipart
/// tables, the body editor, the Auth, Options and Checks forms. It reduces only
/// `RequestEditorState`; the selected request (as on screen and as saved) comes in the `Context`,
/// and every edit goes back to the root as an `updateDraft` request, which the root applies (a
/// draft equal to the saved request is dropped).
package enum RequestEditorReducer: SliceReducer {
    package typealias State = RequestEditorState

    package enum Action: Equatable, Sendable {
        /// One of the request pane's commands (the root performs send, cancel, save and copy).
        case command(RequestCommand)
        /// A key for the tab's own widget while nothing is typed; a key the slice does not take
        /// comes back `passed` (the keymap decides).
        case contentKey(KeyEvent)
        /// A key typed while a field of the pane has the keyboard.
        case type(KeyEvent)
        case paste(String)
        case navigate(NavigationAction)
        /// Writes the cell or form line being edited (before focus moves away, a send, a save).
        case commitEditing
        /// Esc while typing: the field lets go of the keyboard (a row just added goes away).
        case cancelTyping
        /// A send is asked for: what is being edited is committed, and a URL or body being typed
        /// in lets go of the keyboard (the next `g 3` or `[` is a command again).
        case endEditForSend
        /// The selected request (another one, or the same changed elsewhere) is shown afresh.
        case load(RequestKey, SavedRequest)
        /// Nothing is selected any more: the pane empties.
        case unload
        /// A request just added: its URL field takes the keyboard, ready to type over the "/".
        case editNewRequest
        /// Esc outside a text field: the URL line lets go of the focus.
        case leaveURL
        /// Enter on a problem that blocked the send: the tab, field and row where it occurs.
        case jump(toProblem: String)
        /// A click on the pane's URL line, a tab title or the content.
        case click(Click)
        /// The body's text came back from `$EDITOR`.
        case bodyEdited(String)
        /// The chosen script's text came back from `$EDITOR` (the Scripts tab).
        case scriptEdited(String, ScriptJob.Stage)
        /// A script's syntax check came back with its problem (nil: none).
        case scriptSyntaxChecked(ScriptSyntaxJob, problem: String?)
        /// Esc with the completion list open: the list closes, the field keeps the keyboard.
        case closeCompletion
        /// The GraphQL body on screen is to be checked (the root asks after every action; nil: the
        /// body is not GraphQL); a check is asked of the program only when the input changed
        /// (issue 28). Touches nothing else: no undo step is sealed, no completion closed.
        case askGraphQLCheck(GraphQLCheckJob.Input?)
        /// A GraphQL check's result (taken only when it is the generation asked for last).
        case graphqlChecked(generation: Int, GraphQLEditorCheck)
        /// A GraphQL error's location in the answer (1-based): the query's cursor goes there.
        case goToQuery(line: Int, column: Int)
        /// The schema browser's Tab: a field typed into the GraphQL query at its cursor, the
        /// cursor then `cursor` characters into it (nil: after it).
        case insertIntoQuery(String, cursor: Int?)
        /// The operation picker's Enter: the GraphQL body runs this operation (its `operationName`).
        case chooseGraphQLOperation(String?)
    }

    package struct Context: Equatable, Sendable {
        /// The selected request.
        package var key: RequestKey?
        /// The request as on screen (its draft, else as saved).
        package var request: SavedRequest?
        /// The request as saved in its collection.
        package var saved: SavedRequest?
        /// Whether the request pane has the focus.
        package var paneFocused: Bool
        /// The key that adds a table row (named when a path parameter row cannot be added).
        package var addRowKey: String
        /// The variables in scope, for completing `{{` (given with a key typed).
        package var variables: [CompletionItem]
        /// The schema of a GraphQL request's collection: completion and docs at the cursor.
        package var graphqlSchema: GraphQLSchemaIndex?

        package init(
            key: RequestKey?, request: SavedRequest?, saved: SavedRequest?, paneFocused: Bool = true,
            addRowKey: String = "a", variables: [CompletionItem] = [], graphqlSchema: GraphQLSchemaIndex? = nil
        ) {
            self.variables = variables
            self.graphqlSchema = graphqlSchema
            self.key = key
            self.request = request
            self.saved = saved
            self.paneFocused = paneFocused
            self.addRowKey = addRowKey
        }
    }

    package enum Request: Equatable, Sendable {
        /// The request as edited: the root makes it the draft (none when equal to the saved one).
        case updateDraft(RequestKey, SavedRequest)
        /// Drafts changed: autosave them.
        case storeDrafts
        /// Enter in the URL field: send the request.
        case send
        /// A problem in the environment: the environment picker opens (over nothing).
        case openEnvironmentPicker
        /// A credential was just typed as itself into this auth field: offer to keep it as a
        /// secret (the root names the variable and asks).
        case offerSecret(RequestKey, FormRow.Field)
    }

    /// Where a click in the request pane landed.
    package enum Click: Equatable, Sendable {
        case url
        case tab(RequestTab)
        case content
        /// A click on a GraphQL body's variables (their line or their field): they take the keyboard.
        case variables
        /// A press on a row of the Query or Headers table: selects it and picks it up to be dragged.
        case row(Int)
        /// The pointer, button held, over this row of the table: the row picked up moves there.
        case dragRow(to: Int)
        /// The button let go: the row picked up is dropped where it is.
        case dropRow
    }

    package struct Outcome: SliceOutcome {
        package var effects: [ExplorerEffect] = []
        package var notice: Notice?
        package var requests: [Request] = []
        /// The key was not the slice's: the keymap decides what it does.
        package var passed = false

        package init() {}

        package init(
            effects: [ExplorerEffect] = [], notice: Notice? = nil, requests: [Request] = [], passed: Bool = false
        ) {
            self.effects = effects
            self.notice = notice
            self.requests = requests
            self.passed = passed
        }
    }

    /// One step's working copy of the selected request: edits go into it, and the outcome says
    /// what became of it.
    struct Work {
        let key: RequestKey?
        let saved: SavedRequest?
        let paneFocused: Bool
        let addRowKey: String
        let variables: [CompletionItem]
        let graphqlSchema: GraphQLSchemaIndex?
        var request: SavedRequest?
        /// The request before the edits not yet recorded for undo (undo and redo record what
        /// came before them, then move it).
        var baseline: SavedRequest?
        var draftsChanged = false
        var outcome = Outcome()

        init(_ context: Context) {
            key = context.key
            saved = context.saved
            paneFocused = context.paneFocused
            addRowKey = context.addRowKey
            variables = context.variables
            graphqlSchema = context.graphqlSchema
            request = context.request
            baseline = context.request
        }

        /// Applies `edit` to the request as on screen.
        mutating func update(_ edit: (inout SavedRequest) -> Void) {
            guard var request else { return }
            edit(&request)
            self.request = request
        }
    }

    package static func reduce(_ state: inout RequestEditorState, _ action: Action, _ context: Context) -> Outcome {
        switch action {
        case .askGraphQLCheck(let input): return askGraphQLCheck(input, &state)
        case .graphqlChecked(let generation, let check):
            graphqlChecked(generation, check, &state)
            return Work(context).outcome
        case .scriptSyntaxChecked(let job, let problem):
            scriptChecked(job, problem: problem, &state)
            return Work(context).outcome
        default: break
        }
        var work = Work(context)
        let field = typingField(action, state)
        if field == nil, let key = context.key { state.edits[key]?.seal() }
        if !keepsCompletion(action) { state.completion = nil }
        switch action {
        case .command(let command): perform(command, &state, &work)
        case .contentKey(let key): work.outcome.passed = !contentKey(key, &state, &work)
        case .type(let key): type(key, &state, &work)
        case .paste(let text): paste(text, &state, &work)
        case .navigate(let navigation): navigate(navigation, &state, &work)
        case .commitEditing: commitEditing(&state, &work)
        case .cancelTyping: cancelTyping(&state, &work)
        case .load(let key, let request):
            state.load(request, key: key)
            if state.tab == .scripts { askScriptChecks(&state, &work) }
        case .unload: state = RequestEditorState()
        case .editNewRequest:
            state.focus = .url
            state.url.selectAll()
        case .leaveURL:
            if state.focus == .url || state.focus == .urlLine { state.focus = .content }
        case .jump(let problem): jump(toProblem: problem, &state, &work)
        case .goToQuery(let line, let column): goToQuery(line: line, column: column, &state, &work)
        case .insertIntoQuery(let text, let cursor): insertIntoQuery(text, cursor: cursor, &state, &work)
        case .chooseGraphQLOperation(let name): chooseGraphQLOperation(name, &state, &work)
        case .click(let click): self.click(click, &state, &work)
        case .endEditForSend:
            commitEditing(&state, &work)
            if state.focus == .url || state.focus == .editing { state.focus = .content }
        case .closeCompletion, .askGraphQLCheck, .graphqlChecked, .scriptSyntaxChecked: break
        case .scriptEdited(let text, let stage): scriptEdited(text, stage, &state, &work)
        case .bodyEdited(let text):
            work.update { $0.body = BodyText.replacing($0.body, with: text) }
            if let request = work.request {
                state.body.setText(BodyText.text(of: request.body))
                state.bodyProblem = BodyText.problem(in: request.body)
            }
        }
        if case .type(let key) = action { updateCompletion(after: key, &state, work) }
        updateGraphQLDocs(&state, work)
        recordEdit(&state, &work, field: field)
        var outcome = work.outcome
        if let key = context.key, let request = work.request, request != context.request {
            outcome.requests.insert(.updateDraft(key, request), at: 0)
        }
        if work.draftsChanged { outcome.requests.append(.storeDrafts) }
        return outcome
    }

    // MARK: - Writing edits into the request

    /// Writes the tables' rows into the request (and the query rows into the URL field).
    static func syncTables(_ editor: inout RequestEditorState, _ work: inout Work) {
        let tables = editor
        work.update { request in
            request.query = KeyValueRows.merged(tables.query.rows, over: request.query)
            request.pathParams = KeyValueRows.merged(tables.pathParams.rows, over: request.pathParams)
            request.headers = KeyValueRows.merged(tables.headers.rows, over: request.headers)
            request.body = BodyRows.body(from: tables.bodyTable.rows, over: request.body)
        }
        if let request = work.request {
            let text = URLQuerySync.compose(url: request.url, query: request.query)
            if text != editor.url.text { editor.url.setText(text) }
        }
    }

    /// The URL field changed: its URL, query rows and path parameters go into the request, and
    /// the Params tables follow.
    static func urlTextChanged(_ editor: inout RequestEditorState, _ work: inout Work) {
        let text = editor.url.text
        let saved = work.saved?.pathParams ?? []
        work.update { URLQuerySync.apply(text, to: &$0, earlier: saved) }
        guard let request = work.request else { return }
        let selectedQuery = editor.query.table.selected
        editor.query = KeyValueEditorState(rows: request.query.map(KeyValueRows.editable))
        // A query typed away leaves no row selected (a selected row 0 of none made `a` crash).
        if let selectedQuery { editor.query.select(selectedQuery) } else { editor.query.table.selected = nil }
        if editor.pathParams.rows.map(\.key) != request.pathParams.map(\.name) {
            editor.pathParams = KeyValueEditorState(
                rows: request.pathParams.map(KeyValueRows.editable), keysAreFixed: true)
        }
    }

    static func bodyTextChanged(_ editor: inout RequestEditorState, _ work: inout Work) {
        let text = editor.body.text
        work.update { $0.body = BodyText.replacing($0.body, with: text) }
        if let request = work.request {
            switch request.body.content {
            case .json, .jsonText: editor.bodyProblem = BodyText.problem(inJSON: text)
            default: editor.bodyProblem = nil
            }
        }
    }

    /// Commits a table cell being edited (Enter's effect) before focus moves away or a send.
    static func commitEditing(_ editor: inout RequestEditorState, _ work: inout Work) {
        guard work.key != nil, work.paneFocused || editor.isTyping else { return }
        var committed = false
        for tab in [RequestTab.params, .headers] {
            let saved = editor.tab
            editor.tab = tab
            editor.withFocusedTable { table in
                if table.isEditing {
                    _ = table.handleEditing(.key(KeyEvent(.enter)))
                    committed = true
                }
            }
            if tab == .params, editor.pathParams.isEditing {
                _ = editor.pathParams.handleEditing(.key(KeyEvent(.enter)))
                committed = true
            }
            editor.tab = saved
        }
        if committed { syncTables(&editor, &work) }
        if editor.formEditor != nil { commitForm(&editor, &work) }
    }

    /// Whether the selected request's body is typed as text (JSON, text).
    static func isTextBody(_ work: Work) -> Bool {
        work.request.map { BodyText.isTextual($0.body) } ?? false
    }

    /// The temporary file's extension for `$EDITOR`, so it highlights the body's language.
    static func fileExtension(of body: SavedBody) -> String {
        switch body.content {
        case .json, .jsonText: return "json"
        case .graphql: return "graphql"
        case .text(_, let contentType?):
            if contentType.contains("xml") { return "xml" }
            if contentType.contains("html") { return "html" }
            if contentType.contains("yaml") { return "yaml" }
            return "txt"
        default: return "txt"
        }
    }
}
