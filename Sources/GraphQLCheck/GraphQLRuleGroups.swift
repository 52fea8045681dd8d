import Dispatch
import GraphQL
import Synchronization

/// The specification's validation rules (GraphQLSwift's `specifiedRules`) run as two groups on two
/// threads at once. One check of a 300-line query against GitHub's schema took ~7 ms on one core
/// (issue 28's budget is 5 ms a keystroke): the library walks the document once per validation
/// with every rule's visitor, and the variable rules walk it once more for their usages. Each group
/// repeats the first walk but carries half the rules, and the second walk stays in one group (its
/// usages are cached per validation, shared by the three rules that read them).
enum GraphQLRuleGroups {
    /// Positions in `specifiedRules` (GraphQLSwift 4.3.0's order) of the first group: the
    /// executable-definition and operation rules and every rule about variables. The second group
    /// is every other rule, so a rule the library adds is never left out, only less well balanced.
    static let firstGroupPositions: Set<Int> = [0, 1, 2, 5, 13, 14, 15, 22, 23]

    /// The two groups; together they are `specifiedRules`, each rule once.
    static let groups: [[@Sendable (ValidationContext) -> Visitor]] = {
        var first: [@Sendable (ValidationContext) -> Visitor] = []
        var second: [@Sendable (ValidationContext) -> Visitor] = []
        for (position, rule) in specifiedRules.enumerated() {
            if firstGroupPositions.contains(position) { first.append(rule) } else { second.append(rule) }
        }
        return [first, second]
    }()

    /// Every rule's problems with `document`, in no particular order.
    static func problems(of document: Document, schema: GraphQLSchema) -> [GraphQLProblem] {
        let shared = SharedDocument(document: document)
        let found = Mutex<[[GraphQLProblem]]>(Array(repeating: [], count: groups.count))
        DispatchQueue.concurrentPerform(iterations: groups.count) { index in
            let rules = groups[index]
            guard !rules.isEmpty else { return }
            let problems = validate(schema: schema, ast: shared.document, rules: rules)
                .flatMap(GraphQLDocumentCheck.problems(of:))
            found.withLock { $0[index] = problems }
        }
        return found.withLock { $0.flatMap(\.self) }
    }

    /// The parsed document, read by both validations while the caller waits for them: nothing
    /// changes an AST once parsed (the library's visitors return edited copies), and the schema is
    /// a class GraphQLSwift makes safe to share (its lazy field maps fill behind a barrier).
    private struct SharedDocument: @unchecked Sendable {
        let document: Document
    }
}
