package import JSONTree

/// The GraphQL parts of a JSON response (issue 28): its `errors`, each with message, `path` and
/// `locations`, and whether `data` came too (a partial success). Read by `graphqlErrors`
/// expectations and by the explorer's errors list.
package struct GraphQLResponse: Sendable, Equatable {
    /// One entry of `errors`.
    package struct Error: Sendable, Equatable {
        package var message: String
        /// The path's elements as written: field names and list indices (`["users", "0", "name"]`).
        package var path: [PathElement]
        /// Where in the query document the error is, 1-based.
        package var locations: [Location]
        /// The `extensions` object as its JSON text, when there is one.
        package var extensions: String?

        /// `users.0.name`: the form a `graphqlErrors` expectation's `path` uses.
        package var dottedPath: String { path.map(\.text).joined(separator: ".") }

        /// The JSONPath of the value the error is about: `$.data.users[0].name`.
        package var dataPath: String? {
            guard !path.isEmpty else { return nil }
            return "$.data"
                + path.map { element in
                    switch element {
                    case .field(let name):
                        name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? "." + name : "['\(name)']"
                    case .index(let index): "[\(index)]"
                    }
                }.joined()
        }
    }

    package enum PathElement: Sendable, Equatable {
        case field(String)
        case index(Int)

        var text: String {
            switch self {
            case .field(let name): name
            case .index(let index): String(index)
            }
        }
    }

    package struct Location: Sendable, Equatable {
        package var line: Int
        package var column: Int

        package init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    package var errors: [Error]
    /// Whether the answer has a `data` that is not null: with errors, a partial success.
    package var hasData: Bool

    package var isPartial: Bool { hasData && !errors.isEmpty }

    /// The GraphQL reading of `document`, or nil when it is not a GraphQL answer (no `data` and no
    /// `errors` array at its top).
    package init?(_ document: JSONDocument) {
        let root = document.root
        guard document.kind(root) == .object else { return nil }
        let data = document.child(root, key: "data")
        let list = document.child(root, key: "errors").flatMap { document.kind($0) == .array ? $0 : nil }
        guard data != nil || list != nil else { return nil }
        hasData = data.map { document.kind($0) != .null } ?? false
        errors = list.map { list in document.children(list).map { Self.error($0, in: document) } } ?? []
    }

    private static func error(_ node: JSONNode, in document: JSONDocument) -> Error {
        let message = document.child(node, key: "message").flatMap { document.string($0) } ?? document.rawText(node)
        var path: [PathElement] = []
        if let list = document.child(node, key: "path"), document.kind(list) == .array {
            for element in document.children(list) {
                if let name = document.string(element) {
                    path.append(.field(name))
                } else if let index = document.numberText(element).flatMap({ Int($0) }) {
                    path.append(.index(index))
                }
            }
        }
        var locations: [Location] = []
        if let list = document.child(node, key: "locations"), document.kind(list) == .array {
            for location in document.children(list) {
                let line = document.child(location, key: "line").flatMap { document.numberText($0) }.flatMap { Int($0) }
                let column = document.child(location, key: "column").flatMap { document.numberText($0) }
                    .flatMap { Int($0) }
                if let line, let column { locations.append(Location(line: line, column: column)) }
            }
        }
        let extensions = document.child(node, key: "extensions").map { document.rawText($0) }
        return Error(message: message, path: path, locations: locations, extensions: extensions)
    }
}
