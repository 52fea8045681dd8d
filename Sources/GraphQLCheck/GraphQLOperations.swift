/// One operation of a GraphQL document: what the explorer's operation picker lists and which
/// `operationName` chooses (issue 28).
package struct GraphQLOperation: Sendable, Equatable {
    package enum Kind: String, Sendable, Equatable {
        case query, mutation, subscription
    }

    /// A variable it defines: what completes the keys of the request's variables.
    package struct Variable: Sendable, Equatable {
        package var name: String
        /// As written: `ID!`, `[String!]`.
        package var type: String
        package var hasDefault: Bool

        package init(name: String, type: String, hasDefault: Bool = false) {
            self.name = name
            self.type = type
            self.hasDefault = hasDefault
        }
    }

    package var kind: Kind
    /// nil for an anonymous operation (`{ … }` or `query { … }`).
    package var name: String?
    /// The line (1-based) of its keyword, or of its `{` for the shorthand.
    package var line: Int
    /// Its variable definitions, in order.
    package var variables: [Variable]

    package init(kind: Kind, name: String?, line: Int, variables: [Variable] = []) {
        self.kind = kind
        self.name = name
        self.line = line
        self.variables = variables
    }

    /// `query User`, `anonymous mutation`.
    package var label: String { name.map { "\(kind.rawValue) \($0)" } ?? "anonymous \(kind.rawValue)" }
}

/// The operations of a document being typed, read from its tokens at the document's level (it
/// need not parse: the picker and the send's check work on a query with a typo in it too).
package enum GraphQLOperations {
    package static func of(_ text: String) -> [GraphQLOperation] {
        let tokens = GraphQLLexer.tokens(text, before: .max)
        typealias Found = (
            kind: GraphQLOperation.Kind, name: String?, start: Int, variables: [GraphQLOperation.Variable]
        )
        var found: [Found] = []
        var pending: Found?
        // The tokens inside an operation's `( … )` of variable definitions, while it is open.
        var definitions: [GraphQLToken]?
        var inFragment = false
        var expectingName = false
        var depth = 0
        for (position, token) in tokens.enumerated() {
            if token.kind == .punctuator {
                if depth == 0 { expectingName = false }
                if ["{", "(", "["].contains(token.text) {
                    if depth == 0, token.text == "{" {
                        if inFragment {
                            inFragment = false
                        } else {
                            found.append(pending ?? (.query, nil, token.start, []))
                            pending = nil
                        }
                    } else if depth == 0, token.text == "(", pending != nil,
                        position < 2 || !tokens[position - 2].isPunctuator("@")
                    {
                        definitions = []
                        depth += 1
                        continue
                    }
                    depth += 1
                } else if ["}", ")", "]"].contains(token.text) {
                    depth = max(0, depth - 1)
                    if depth == 0, let tokens = definitions {
                        pending?.variables = variables(tokens)
                        definitions = nil
                        continue
                    }
                }
                definitions?.append(token)
                continue
            }
            definitions?.append(token)
            guard depth == 0, token.kind == .name else { continue }
            // A directive's name (`query Q @cached {`) is nobody's name.
            if position > 0, tokens[position - 1].isPunctuator("@") { continue }
            if expectingName {
                expectingName = false
                pending?.name = String(token.text)
                continue
            }
            guard pending == nil, !inFragment else { continue }
            if let kind = GraphQLOperation.Kind(rawValue: String(token.text)) {
                pending = (kind, nil, token.start, [])
                expectingName = true
            } else if token.text == "fragment" {
                inFragment = true
                expectingName = true
            }
        }
        // An operation still being written (no `{` yet) is listed too.
        if let pending { found.append(pending) }
        let lines = lineStarts(text)
        return found.map { operation in
            let line = lines.lastIndex { $0 <= operation.start } ?? 0
            return GraphQLOperation(
                kind: operation.kind, name: operation.name, line: line + 1, variables: operation.variables)
        }
    }

    /// `$id: ID!, $first: Int = 10` (the tokens between the parentheses) as variables; a default
    /// value or a directive after a type is skipped.
    private static func variables(_ tokens: [GraphQLToken]) -> [GraphQLOperation.Variable] {
        var found: [GraphQLOperation.Variable] = []
        var typing = false
        for (position, token) in tokens.enumerated() {
            if token.isPunctuator("$") {
                typing = false
                if position + 1 < tokens.count, tokens[position + 1].kind == .name {
                    found.append(GraphQLOperation.Variable(name: String(tokens[position + 1].text), type: ""))
                }
            } else if token.isPunctuator(":"), !found.isEmpty, found[found.count - 1].type.isEmpty {
                typing = true
            } else if token.isPunctuator("=") || token.isPunctuator("@") {
                if token.isPunctuator("="), typing { found[found.count - 1].hasDefault = true }
                typing = false
            } else if typing {
                found[found.count - 1].type += token.text
            }
        }
        return found
    }

    /// The operation that runs for `operationName`: the one of that name; with none named, the
    /// only one. nil when there is no such operation, or several and none named.
    package static func chosen(_ operations: [GraphQLOperation], operationName: String?) -> GraphQLOperation? {
        if let operationName { return operations.first { $0.name == operationName } }
        return operations.count == 1 ? operations.first : nil
    }

    /// Why the document cannot run as it is named: several operations and none (or no existing
    /// one) named; nil when one operation runs (or the document has none yet: the check says so).
    package static func choiceProblem(_ operations: [GraphQLOperation], operationName: String?) -> String? {
        guard chosen(operations, operationName: operationName) == nil, !operations.isEmpty else { return nil }
        if let operationName {
            return "the query has no operation \"\(operationName)\" (\(operations.count) operations)"
        }
        return "\(operations.count) operations: the one to run is not chosen"
    }

    /// UTF-8 offsets at which the lines of `text` start.
    private static func lineStarts(_ text: String) -> [Int] {
        var starts = [0]
        for (offset, byte) in text.utf8.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        return starts
    }
}
