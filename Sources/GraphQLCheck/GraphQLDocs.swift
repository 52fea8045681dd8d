/// The docs of the name under the cursor of a GraphQL document (issue 28): a field, an
/// argument, an input field, an enum value or a type, with its signature and the schema's
/// description, for the line under the editor.
package struct GraphQLDocs: Sendable, Equatable {
    /// `User.posts(first: Int = 10): [Post!]!`, `argument user(id: ID!)`, `enum Role`.
    package var signature: String
    package var description: String?
    /// Why it is deprecated, when it is.
    package var deprecation: String?

    package init(signature: String, description: String? = nil, deprecation: String? = nil) {
        self.signature = signature
        self.description = description
        self.deprecation = deprecation
    }

    /// The docs of the name at (or just before) the UTF-8 offset `offset`; nil when the cursor
    /// is on no name the schema describes there.
    package static func at(_ offset: Int, in text: String, index: GraphQLSchemaIndex) -> GraphQLDocs? {
        let word = word(in: text, around: offset)
        guard !word.text.isEmpty else { return nil }
        let context = GraphQLCursorContext.at(word.start, in: text, index: index)
        let name = word.text
        switch context.place {
        case .field(let type):
            guard let field = index.types[type]?.field(name) else { return nil }
            let arguments =
                field.arguments.isEmpty
                ? ""
                : "("
                    + field.arguments.map { "\($0.name): " + GraphQLCompletion.signature(of: $0) }
                    .joined(separator: ", ") + ")"
            return GraphQLDocs(
                signature: "\(type).\(name)\(arguments): \(field.type)", description: field.description,
                deprecation: field.deprecation)
        case .argument(let type, let field, _):
            guard let argument = index.types[type]?.field(field)?.arguments.first(where: { $0.name == name })
            else { return nil }
            return GraphQLDocs(
                signature: "\(type).\(field)(\(name): \(GraphQLCompletion.signature(of: argument)))",
                description: argument.description)
        case .inputField(let type, _):
            guard let input = index.types[type]?.inputFields.first(where: { $0.name == name }) else { return nil }
            return GraphQLDocs(
                signature: "input \(type).\(name): \(GraphQLCompletion.signature(of: input))",
                description: input.description)
        case .value(let type):
            guard let value = index.types[type]?.enumValues.first(where: { $0.name == name }) else { return nil }
            return GraphQLDocs(
                signature: "\(type).\(name)", description: value.description, deprecation: value.deprecation)
        case .typeCondition, .variableType:
            guard let info = index.types[name] else { return nil }
            return GraphQLDocs(signature: "\(info.kind.rawValue) \(name)", description: info.description)
        case .variable:
            guard let variable = context.variables.first(where: { $0.name == name }) else { return nil }
            return GraphQLDocs(signature: "$\(name): \(variable.type)")
        case .directive:
            guard let directive = index.directive(name) else { return nil }
            let arguments = directive.arguments.isEmpty ? "" : GraphQLCompletion.signature(of: directive)
            return GraphQLDocs(signature: "@\(name)\(arguments)", description: directive.description)
        case .directiveArgument(let directive, _):
            guard let argument = index.directive(directive)?.arguments.first(where: { $0.name == name }) else {
                return nil
            }
            return GraphQLDocs(
                signature: "@\(directive)(\(name): \(GraphQLCompletion.signature(of: argument)))",
                description: argument.description)
        case .spread, .nothing:
            return nil
        }
    }

    /// The name (letters, digits, `_`) around the UTF-8 offset `offset`: where it starts, and its text.
    static func word(in text: String, around offset: Int) -> (start: Int, text: String) {
        let bytes = Array(text.utf8)
        let at = max(0, min(offset, bytes.count))
        func isNameByte(_ byte: UInt8) -> Bool { GraphQLLexer.isNameStart(byte) || GraphQLLexer.isDigit(byte) }
        var start = at
        while start > 0, isNameByte(bytes[start - 1]) { start -= 1 }
        var end = at
        while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
        return (start, String(decoding: bytes[start..<end], as: UTF8.self))
    }
}
