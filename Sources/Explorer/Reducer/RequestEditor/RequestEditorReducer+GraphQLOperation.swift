import GraphQLCheck
import TUI
import Workspace

/// The operation a GraphQL body runs (issue 28): the picker's choice written as the body's
/// `operationName`, one edit undo takes back; the check, the variables skeleton and the variables
/// check follow it (they read `operationName`).
extension RequestEditorReducer {
    static func chooseGraphQLOperation(_ name: String?, _ editor: inout RequestEditorState, _ work: inout Work) {
        guard work.key != nil, case .graphql(let body)? = work.request?.body.content else {
            work.outcome.notice = Notice("The body is not a GraphQL query any more", kind: .info)
            return
        }
        commitEditing(&editor, &work)
        let operations = GraphQLOperations.of(body.query)
        let label = operations.first { $0.name == name }?.label ?? name ?? "the only operation"
        guard body.operationName != name else {
            work.outcome.notice = Notice("Runs \(label) already", kind: .info)
            return
        }
        work.update { request in
            guard case .graphql(var graphql) = request.body.content else { return }
            graphql.operationName = name
            request.body.content = .graphql(graphql)
        }
        work.draftsChanged = true
        work.outcome.notice = Notice("Runs \(label)", kind: .success)
    }
}
