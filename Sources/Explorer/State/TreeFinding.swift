package import JSONTree
package import Workspace

/// A contract finding placed on the response tree: the value it is about and what is wrong
/// with it, as the row shows it ("✗ expected a number, found the string \"12.50\"").
package struct TreeFinding: Sendable, Equatable {
    package var node: JSONNode
    package var message: String
    /// The GraphQL error it shows (an index into the answer's `errors`), for the errors list's
    /// jump to its node.
    package var graphqlError: Int?

    package init(node: JSONNode, message: String, graphqlError: Int? = nil) {
        self.node = node
        self.message = message
        self.graphqlError = graphqlError
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

    /// A GraphQL answer's errors placed on the tree (issue 28): each on the value its `path` names
    /// (`$.data.user.secret`, often a null), else on its own entry of `errors`.
    package static func graphqlErrors(_ answer: GraphQLResponse, in document: JSONDocument) -> [TreeFinding] {
        let list = document.child(document.root, key: "errors")
        return answer.errors.enumerated().compactMap { index, error in
            let atPath = error.dataPath.flatMap { try? JSONPath($0) }.flatMap { $0.select(in: document).first }
            guard let node = atPath ?? list.flatMap({ document.child($0, at: index) }) else { return nil }
            var message = "GraphQL error: " + error.message
            if !error.path.isEmpty { message += " (at \(error.dottedPath))" }
            if let location = error.locations.first { message += " · query \(location.line):\(location.column)" }
            return TreeFinding(node: node, message: message, graphqlError: index)
        }
    }

    /// `findings` on `original` placed on a JSONPath filter's result (an array of the values at
    /// `paths`): each on the copy of its value inside the selected value that holds it; one no
    /// selected value holds is not shown.
    package static func filtered(
        _ findings: [TreeFinding], original: JSONDocument, filtered: JSONDocument, paths: [String]
    ) -> [TreeFinding] {
        guard !findings.isEmpty else { return [] }
        var selected: [String: Int] = [:]
        for (position, path) in paths.enumerated() where selected[path] == nil { selected[path] = position }
        var placed: [TreeFinding] = []
        for finding in findings {
            let components = original.pathComponents(finding.node)
            // The deepest selected value on the finding's path (the value itself, or one above it).
            for depth in stride(from: components.count, through: 0, by: -1) {
                guard let position = selected[JSONDocument.normalizedPath(Array(components[..<depth]))] else {
                    continue
                }
                var node = filtered.child(filtered.root, at: position)
                for component in components[depth...] {
                    switch component {
                    case .key(let key): node = node.flatMap { filtered.child($0, key: key) }
                    case .index(let index): node = node.flatMap { filtered.child($0, at: index) }
                    }
                }
                if let node {
                    placed.append(TreeFinding(node: node, message: finding.message, graphqlError: finding.graphqlError))
                }
                break
            }
        }
        return placed.sorted { $0.node.index < $1.node.index }
    }
}
