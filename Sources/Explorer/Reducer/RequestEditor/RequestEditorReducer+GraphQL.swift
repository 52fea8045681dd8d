import GraphQLCheck
import TUI
import Workspace

/// A GraphQL body's check and problems in the editor (issue 28): the check is asked of the
/// program as an effect when the query, the operation or the schema changed (debounced while
/// typing, a generation per ask: a late result of an older ask is dropped); `Alt+G` moves the
/// cursor to the next problem.
extension RequestEditorReducer {
    /// Asks for a check of `input` unless it is what was asked last; nil clears the check.
    static func askGraphQLCheck(_ input: GraphQLCheckJob.Input?, _ editor: inout RequestEditorState) -> Outcome {
        guard let input else {
            editor.graphql = nil
            editor.graphqlAsked = nil
            return Outcome()
        }
        if editor.graphqlAsked?.input == input { return Outcome() }
        // Typing in the same request against the same schema waits for a pause; anything else
        // (another request, a schema loaded) is checked at once.
        var typing = false
        if let asked = editor.graphqlAsked?.input, asked.key == input.key, asked.schema == input.schema {
            typing = true
        }
        editor.graphqlGeneration += 1
        let job = GraphQLCheckJob(
            generation: editor.graphqlGeneration, input: input, delay: typing ? GraphQLCheckJob.typingDelay : .zero)
        editor.graphqlAsked = job
        if editor.graphql == nil || !typing { editor.graphql = .firstCheck }
        return Outcome(effects: [.checkGraphQL(job)])
    }

    /// Takes a check's result when it answers the ask made last.
    static func graphqlChecked(_ generation: Int, _ check: GraphQLEditorCheck, _ editor: inout RequestEditorState) {
        guard editor.graphqlAsked?.generation == generation else { return }
        var check = check
        // The problem `Alt+G` went to stays picked while the problems are the same.
        if let current = editor.graphql?.current, editor.graphql?.problems == check.problems { check.current = current }
        editor.graphql = check
    }

    static func nextGraphQLProblem(_ editor: inout RequestEditorState, _ work: inout Work) {
        guard work.key != nil, var check = editor.graphql else {
            work.outcome.notice = Notice("The body is not a GraphQL query", kind: .info)
            return
        }
        guard !check.problems.isEmpty else {
            let message =
                check.checking
                ? "The query is being checked"
                : check.hasSchema
                    ? "No problems: the query matches the schema"
                    : "No syntax problems"
            work.outcome.notice = Notice(message, kind: .info)
            return
        }
        let next = ((check.current ?? -1) + 1) % check.problems.count
        check.current = next
        editor.graphql = check
        let problem = check.problems[next]
        placeQueryCursor(line: problem.line, column: problem.column, &editor)
        let position = check.problems.count > 1 ? " (\(next + 1) of \(check.problems.count))" : ""
        work.outcome.notice = Notice("\(problem.line):\(problem.column) \(problem.message)\(position)", kind: .warning)
    }

    /// A GraphQL error's location (from the answer's `errors`): the query takes the keyboard with
    /// its cursor there. The query may have changed since it was sent; the place is kept within it.
    static func goToQuery(line: Int, column: Int, _ editor: inout RequestEditorState, _ work: inout Work) {
        guard work.key != nil, case .graphql? = work.request?.body.content else {
            work.outcome.notice = Notice("The request's body is not a GraphQL query any more", kind: .info)
            return
        }
        commitEditing(&editor, &work)
        placeQueryCursor(line: line, column: column, &editor)
    }

    /// The schema browser's Tab: `text` typed into the query at its cursor (the query takes the
    /// keyboard), as one edit; the cursor then `cursor` characters into it (one line: a column).
    static func insertIntoQuery(
        _ text: String, cursor: Int?, _ editor: inout RequestEditorState, _ work: inout Work
    ) {
        guard work.key != nil, case .graphql? = work.request?.body.content else {
            work.outcome.notice = Notice("The request's body is not a GraphQL query", kind: .info)
            return
        }
        commitEditing(&editor, &work)
        editor.tab = .body
        editor.focus = .editing
        editor.onVariables = false
        editor.body.insert(text)
        if let cursor, cursor < text.count {
            editor.body.cursor.column = max(0, editor.body.cursor.column - (text.count - cursor))
        }
        bodyTextChanged(&editor, &work)
        work.draftsChanged = true
    }

    /// The Body tab's query takes the keyboard, its cursor at `line`:`column` (1-based, kept
    /// within the text).
    static func placeQueryCursor(line: Int, column: Int, _ editor: inout RequestEditorState) {
        editor.tab = .body
        editor.focus = .editing
        editor.onVariables = false
        let lines = editor.body.text.split(separator: "\n", omittingEmptySubsequences: false)
        let row = min(max(0, line - 1), max(0, lines.count - 1))
        let length = lines.indices.contains(row) ? lines[row].count : 0
        editor.body.cursor = TextPosition(line: row, column: min(max(0, column - 1), length))
    }

    /// The variables field changed: the body's variables follow (a JSON object as one, anything
    /// else as the text typed) and their JSON problem is shown at once.
    static func variablesTextChanged(_ editor: inout RequestEditorState, _ work: inout Work) {
        let text = editor.variables.text
        editor.variablesProblem = BodyText.variablesProblem(text)
        work.update { request in
            guard case .graphql(let graphql) = request.body.content else { return }
            request.body.content = .graphql(BodyText.replacingVariables(graphql, with: text))
        }
    }

    /// `Alt+N`: the variables of the operation (the one named, else the one around the query's
    /// cursor) written into the variables field with placeholders by type, what is typed kept; the
    /// field takes the keyboard. Variables that are not a JSON object are left as they are.
    static func writeVariablesSkeleton(_ editor: inout RequestEditorState, _ work: inout Work) {
        guard work.key != nil, case .graphql(let graphql)? = work.request?.body.content else {
            work.outcome.notice = Notice("The body is not a GraphQL query: no variables to write", kind: .info)
            return
        }
        commitEditing(&editor, &work)
        let existing = editor.variables.text
        let cursor = editor.onVariables ? nil : utf8Offset(of: editor.body)
        let result = GraphQLVariablesSkeleton.merged(
            into: existing, query: graphql.query, operationName: graphql.operationName, cursor: cursor,
            index: work.graphqlSchema)
        switch result {
        case .failure(let failure):
            work.outcome.notice = Notice("No variables skeleton: \(failure)", kind: .warning)
        case .success(let text):
            editor.tab = .body
            editor.focus = .editing
            editor.onVariables = true
            guard text != existing else {
                work.outcome.notice = Notice("The variables have every variable of the operation", kind: .info)
                return
            }
            // One undoable edit (Ctrl+Z takes it back); the cursor at the top, where the variables start.
            editor.variables.setText(text)
            editor.variables.cursor = TextPosition(line: 0, column: 0)
            variablesTextChanged(&editor, &work)
            work.draftsChanged = true
            work.outcome.notice = Notice(
                "Variables: the operation's added (\(work.graphqlSchema == nil ? "no schema: " : "")placeholders to fill in)",
                kind: .info)
        }
    }

    /// `Alt+V`: the GraphQL body's variables field takes the keyboard (from anywhere in the pane);
    /// typing in it already, the query takes it back.
    static func switchGraphQLField(_ editor: inout RequestEditorState, _ work: inout Work) {
        guard work.key != nil, case .graphql? = work.request?.body.content else {
            work.outcome.notice = Notice("The body is not a GraphQL query: no variables to edit", kind: .info)
            return
        }
        commitEditing(&editor, &work)
        let typing = editor.focus == .editing && editor.tab == .body
        editor.onVariables = typing ? !editor.onVariables : true
        editor.tab = .body
        editor.focus = .editing
    }
}

/// Completion in a GraphQL query from its collection's schema (issue 28): `Ctrl+Space` opens the
/// list of what fits at the cursor (`GraphQLCompletion`), typing narrows it from the schema again,
/// and the completion keys take an item as for `{{` variables.
extension RequestEditorReducer {
    /// At most this many items are offered: the list narrows as the name is typed.
    static let graphqlCompletionLimit = 10

    static func completeGraphQL(_ editor: inout RequestEditorState, _ work: inout Work) {
        guard work.key != nil, case .graphql? = work.request?.body.content else {
            work.outcome.notice = Notice("The body is not a GraphQL query: nothing to complete", kind: .info)
            return
        }
        // In the variables, their keys: the operation's variables (no schema needed).
        if editor.focus == .editing, editor.tab == .body, editor.onVariables {
            completeGraphQLVariables(&editor, &work)
            return
        }
        guard work.graphqlSchema != nil else {
            work.outcome.notice = Notice("No schema to complete from (graphqlSchema in the collection)", kind: .info)
            return
        }
        if editor.focus != .editing || editor.tab != .body || editor.onVariables {
            editor.tab = .body
            editor.focus = .editing
            editor.onVariables = false
        }
        guard let list = graphqlCompletion(editor, work) else {
            work.outcome.notice = Notice("Nothing in the schema fits here", kind: .info)
            return
        }
        editor.completion = list
    }

    /// The list for the query's cursor; nil when nothing fits there.
    static func graphqlCompletion(_ editor: RequestEditorState, _ work: Work) -> CompletionState? {
        if editor.onVariables { return variablesKeyCompletion(editor, work) }
        guard let index = work.graphqlSchema else { return nil }
        let (items, typed) = GraphQLCompletion.candidates(
            in: editor.body.text, at: utf8Offset(of: editor.body), index: index)
        guard !items.isEmpty else { return nil }
        let shown = items.prefix(graphqlCompletionLimit)
        var list = CompletionState(
            items: shown.map {
                CompletionItem($0.label, detail: $0.deprecated ? $0.detail + "  deprecated" : $0.detail)
            }, replacing: typed)
        list.graphql = true
        list.descriptions = shown.map(\.description)
        return list
    }

    /// The cursor of `text` as a UTF-8 offset into its text.
    static func utf8Offset(of text: TextEditorState) -> Int {
        var offset = 0
        for line in text.lines.prefix(text.cursor.line) { offset += line.utf8.count + 1 }
        guard text.lines.indices.contains(text.cursor.line) else { return offset }
        return offset + text.lines[text.cursor.line].prefix(text.cursor.column).utf8.count
    }
}

/// The docs of the name under the query's cursor (issue 28): after every step while the query
/// is typed in, looked up in the schema's index (`GraphQLDocs`: the tokens before the cursor, then
/// dictionary lookups), for the line under the editor.
extension RequestEditorReducer {
    static func updateGraphQLDocs(_ editor: inout RequestEditorState, _ work: Work) {
        guard editor.focus == .editing, editor.tab == .body, !editor.onVariables, let index = work.graphqlSchema,
            case .graphql? = work.request?.body.content
        else {
            editor.graphqlDocs = nil
            return
        }
        editor.graphqlDocs = GraphQLDocs.at(utf8Offset(of: editor.body), in: editor.body.text, index: index)
    }
}
