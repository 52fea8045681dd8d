/// Completion and docs at the cursor of a GraphQL document (issue 28), from the schema: a pure
/// function of the text, the cursor's UTF-8 offset and the schema's index, so the explorer's
/// reducer calls it on a key and tests call it on a fixture.
package enum GraphQLCompletion {
    /// One thing that fits at the cursor.
    package struct Candidate: Sendable, Equatable {
        package var label: String
        /// Its type (`String!`), or what it is (`enum value`, `fragment on User`).
        package var detail: String
        package var description: String?
        package var deprecated: Bool

        package init(_ label: String, detail: String, description: String? = nil, deprecated: Bool = false) {
            self.label = label
            self.detail = detail
            self.description = description
            self.deprecated = deprecated
        }
    }

    /// What completes at the cursor: the candidates matching the name typed before it (those
    /// starting with it first, then, from two characters on, those containing it; case ignored),
    /// and how many characters of it are typed (what a candidate taken replaces).
    package static func candidates(
        in text: String, at offset: Int, index: GraphQLSchemaIndex
    ) -> (items: [Candidate], typed: Int) {
        let word = GraphQLDocs.word(in: text, around: offset)
        let typed = String(decoding: word.text.utf8.prefix(max(0, offset - word.start)), as: UTF8.self)
        let context = GraphQLCursorContext.at(word.start, in: text, index: index)
        let all = candidates(for: context, index: index)
        let wanted = typed.lowercased()
        guard !wanted.isEmpty else { return (all, 0) }
        var starting: [Candidate] = []
        var containing: [Candidate] = []
        for candidate in all {
            let label = candidate.label.lowercased()
            if label.hasPrefix(wanted) {
                starting.append(candidate)
            } else if wanted.count > 1, label.contains(wanted) {
                containing.append(candidate)
            }
        }
        return (starting + containing, typed.count)
    }

    /// Everything that fits at `context`'s place, in the schema's order (deprecated ones last).
    static func candidates(for context: GraphQLCursorContext, index: GraphQLSchemaIndex) -> [Candidate] {
        var found: [Candidate]
        switch context.place {
        case .field(let type):
            guard let info = index.types[type] else { return [] }
            found = info.fields.map {
                Candidate(
                    $0.name, detail: signature(of: $0), description: $0.description,
                    deprecated: $0.deprecation != nil)
            }
            found.append(Candidate("__typename", detail: "String!", description: "The name of the object's type"))
        case .typeCondition(let parent):
            let names: [String]
            if let parent, let info = index.types[parent] {
                names = info.kind == .object ? [parent] : [parent] + info.possibleTypes
            } else {
                names = index.typeNames.filter { [.object, .interface, .union].contains(index.types[$0]?.kind) }
            }
            found = names.compactMap { index.types[$0] }.map {
                Candidate($0.name, detail: $0.kind.rawValue, description: $0.description)
            }
        case .spread:
            found =
                [Candidate("on", detail: "an inline fragment: … on Type { }")]
                + context.fragments.map { Candidate($0.name, detail: "fragment on \($0.type)") }
        case .argument(let type, let field, let given):
            let arguments = index.types[type]?.field(field)?.arguments ?? []
            found = arguments.filter { !given.contains($0.name) }.map {
                Candidate($0.name, detail: signature(of: $0), description: $0.description)
            }
        case .value(let type):
            guard let info = index.types[type] else { return [] }
            switch info.kind {
            case .enumeration:
                found = info.enumValues.map {
                    Candidate(
                        $0.name, detail: type, description: $0.description, deprecated: $0.deprecation != nil)
                }
            case .scalar where type == "Boolean":
                found = [Candidate("true", detail: "Boolean"), Candidate("false", detail: "Boolean")]
            default:
                found = []
            }
        case .inputField(let type, let given):
            let fields = index.types[type]?.inputFields ?? []
            found = fields.filter { !given.contains($0.name) }.map {
                Candidate($0.name, detail: signature(of: $0), description: $0.description)
            }
        case .variableType:
            found = index.typeNames.compactMap { index.types[$0] }
                .filter { [.scalar, .enumeration, .input].contains($0.kind) }
                .map { Candidate($0.name, detail: $0.kind.rawValue, description: $0.description) }
        case .variable:
            found = context.variables.map { Candidate($0.name, detail: $0.type) }
        case .directive(let location):
            found = index.directives.filter { $0.locations.contains(location) }.map {
                Candidate($0.name, detail: signature(of: $0), description: $0.description)
            }
        case .directiveArgument(let name, let given):
            let arguments = index.directive(name)?.arguments ?? []
            found = arguments.filter { !given.contains($0.name) }.map {
                Candidate($0.name, detail: signature(of: $0), description: $0.description)
            }
        case .nothing:
            found = []
        }
        return found.filter { !$0.deprecated } + found.filter(\.deprecated)
    }

    /// `String!`, or `(first: Int = 10) [Post!]!` for a field with arguments.
    static func signature(of field: GraphQLSchemaIndex.Field) -> String {
        guard !field.arguments.isEmpty else { return field.type }
        return "(" + field.arguments.map { "\($0.name): " + signature(of: $0) }.joined(separator: ", ") + ") "
            + field.type
    }

    /// `(if: Boolean!)`, or `directive` for one without arguments.
    static func signature(of directive: GraphQLSchemaIndex.Directive) -> String {
        guard !directive.arguments.isEmpty else { return "directive" }
        return "(" + directive.arguments.map { "\($0.name): " + signature(of: $0) }.joined(separator: ", ") + ")"
    }

    /// `first: Int = 10`
    static func signature(of value: GraphQLSchemaIndex.InputValue) -> String {
        value.type + (value.defaultValue.map { " = " + $0 } ?? "")
    }
}
