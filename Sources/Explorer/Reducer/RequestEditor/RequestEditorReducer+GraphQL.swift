import GraphQLCheck
import TUI
import Workspace

/// A GraphQL body's problems in the editor (issue 28): `Alt+G` moves the cursor to the next one
/// (the root keeps `editor.graphql` checked as the query changes, `ExplorerReducer.checkGraphQL`).
extension RequestEditorReducer {
    /// The body on screen checked against `schema` (nil: its syntax only); no GraphQL body, no check.
    static func checkGraphQL(_ schema: GraphQLSchemaSlot?, _ editor: inout RequestEditorState, _ context: Context) {
        guard let request = context.request, case .graphql(let body) = request.body.content else {
            editor.graphql = nil
            return
        }
        editor.graphql = GraphQLEditorCheck.check(text: body.query, operation: body.operationName, schema: schema)
    }

    static func nextGraphQLProblem(_ editor: inout RequestEditorState, _ work: inout Work) {
        guard work.key != nil, var check = editor.graphql else {
            work.outcome.notice = Notice("The body is not a GraphQL query", kind: .info)
            return
        }
        guard !check.problems.isEmpty else {
            work.outcome.notice = Notice(
                check.hasSchema ? "No problems: the query matches the schema" : "No syntax problems", kind: .info)
            return
        }
        let next = ((check.current ?? -1) + 1) % check.problems.count
        check.current = next
        editor.graphql = check
        let problem = check.problems[next]
        editor.tab = .body
        editor.focus = .editing
        let lines = editor.body.text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = min(max(0, problem.line - 1), max(0, lines.count - 1))
        let length = lines.indices.contains(line) ? lines[line].count : 0
        editor.body.cursor = TextPosition(line: line, column: min(max(0, problem.column - 1), length))
        let position = check.problems.count > 1 ? " (\(next + 1) of \(check.problems.count))" : ""
        work.outcome.notice = Notice("\(problem.line):\(problem.column) \(problem.message)\(position)", kind: .warning)
    }
}
