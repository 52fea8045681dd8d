/// Names and single punctuators of a GraphQL document, strings and comments skipped: enough to
/// find an operation's name and kind (a mock's `graphql` matcher, a subscription carried over a
/// WebSocket) without parsing GraphQL in HTTPCore.
struct GraphQLWords {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    static func isName(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F
    }

    mutating func next() -> String? {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "#") {
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            } else if byte == UInt8(ascii: "\"") {
                position += 1
                while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                    position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
                }
                position += 1
            } else if Self.isName(byte) {
                let start = position
                while position < bytes.count, Self.isName(bytes[position]) { position += 1 }
                return String(decoding: bytes[start..<position], as: UTF8.self)
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x2C {
                position += 1
            } else {
                position += 1
                return String(decoding: [byte], as: UTF8.self)
            }
        }
        return nil
    }

    /// Past the next `{ … }` (nested braces counted).
    mutating func skipBlock() {
        var depth = 0
        while let word = next() {
            if word == "{" { depth += 1 }
            if word == "}" {
                depth -= 1
                if depth <= 0 { return }
            }
        }
    }
}

/// What a GraphQL operation does: a `subscription` is carried over a WebSocket
/// (``GraphQLSubscriptionConnector``), the others over HTTP.
public enum GraphQLOperationKind: String, Sendable, Hashable {
    case query, mutation, subscription

    /// The kind of the operation `document` runs: the one named `operationName`, else the first
    /// (`{ … }` is a query). Nil when no operation has that name or the document starts with
    /// something else (a server says what is wrong with it).
    public static func of(document: String, operationName: String? = nil) -> GraphQLOperationKind? {
        let operations = operations(in: document)
        guard let wanted = operationName.flatMap({ $0.isEmpty ? nil : $0 }) else { return operations.first?.kind }
        return operations.first { $0.name == wanted }?.kind
    }

    /// The document's operations in order, with their names (nil for an anonymous one); stops at
    /// what is not an operation or a fragment (a server says what is wrong with it).
    public static func operations(in document: String) -> [(kind: GraphQLOperationKind, name: String?)] {
        var operations: [(kind: GraphQLOperationKind, name: String?)] = []
        var words = GraphQLWords(Array(document.utf8))
        while let word = words.next() {
            switch word {
            case "{":
                operations.append((.query, nil))
                words.skipBraces(depth: 1)
            case "query", "mutation", "subscription":
                guard let kind = GraphQLOperationKind(rawValue: word), let next = words.next() else {
                    return operations
                }
                let name = ["{", "(", "@"].contains(next) ? nil : next
                operations.append((kind, name))
                words.skipDefinition(after: name == nil ? next : nil)
            case "fragment":
                words.skipDefinition(after: nil)
            default:
                return operations
            }
        }
        return operations
    }
}

extension GraphQLOperationKind {
    /// The names of the document's operations in order (nil for an anonymous one).
    public static func operationNames(in document: String) -> [String?] {
        operations(in: document).map(\.name)
    }

    /// Why `document` cannot run as its `operationName` says — several operations and none named,
    /// or no operation of that name — as a server would refuse it; nil when one operation runs.
    public static func choiceProblem(document: String, operationName: String?) -> String? {
        let names = operationNames(in: document)
        let named = names.compactMap { $0 }
        let listed = named.isEmpty ? "" : " (" + named.joined(separator: ", ") + ")"
        if let wanted = operationName.flatMap({ $0.isEmpty ? nil : $0 }) {
            guard !names.isEmpty, !named.contains(wanted) else { return nil }
            return "the GraphQL document has no operation \"\(wanted)\"\(listed)"
        }
        guard names.count > 1 else { return nil }
        return "the GraphQL document has \(names.count) operations\(listed): set operationName to the one to run"
    }
}

extension GraphQLWords {
    /// Past the end of a definition whose name is read: variables, directives and their
    /// arguments (which may hold `{…}` object values) up to its selection set, then the set.
    /// `word` is a punctuator already read (`(`, `@`, `{`), if any.
    mutating func skipDefinition(after word: String?) {
        var parentheses = 0
        var current = word
        while let token = current ?? next() {
            current = nil
            switch token {
            case "(": parentheses += 1
            case ")": parentheses -= 1
            case "{" where parentheses <= 0:
                skipBraces(depth: 1)
                return
            default: break
            }
        }
    }

    /// Past the `}` that brings `depth` open braces back to none.
    mutating func skipBraces(depth: Int) {
        var depth = depth
        while depth > 0, let word = next() {
            if word == "{" { depth += 1 }
            if word == "}" { depth -= 1 }
        }
    }
}
