package import JSONTree

/// A contract finding placed on the response tree: the value it is about and what is wrong
/// with it, as the row shows it ("✗ expected a number, found the string \"12.50\"").
package struct TreeFinding: Sendable, Equatable {
    package var node: JSONNode
    package var message: String

    package init(node: JSONNode, message: String) {
        self.node = node
        self.message = message
    }

    /// The failed checks that name a place in the body, on `document`'s values, in document
    /// order (several findings on one value are one marker, their messages joined).
    package static func make(_ checks: [CheckResult], in document: JSONDocument) -> [TreeFinding] {
        var byNode: [Int: TreeFinding] = [:]
        for check in checks where !check.passed {
            guard let path = check.path, let query = try? JSONPath(path) else { continue }
            let message = check.expected.isEmpty ? check.actual : "expected \(check.expected), found \(check.actual)"
            for node in query.select(in: document).prefix(1) {
                if var existing = byNode[node.index] {
                    existing.message += "; " + message
                    byNode[node.index] = existing
                } else {
                    byNode[node.index] = TreeFinding(node: node, message: message)
                }
            }
        }
        return byNode.values.sorted { $0.node.index < $1.node.index }
    }
}
