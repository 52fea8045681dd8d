import GraphQL
import JSONTree
import TerminalText

/// The variables an operation takes, written as JSON to fill in (issue 28): each variable of its
/// definitions with a placeholder of its type — `""` for strings, IDs and custom scalars, `0`,
/// `false`, an enum's first value, `[]` for lists, an input object's fields (nested), `null` for
/// a nullable variable, the default value when the definition has one — merged into the
/// variables typed so far: a value already there is kept as written, only what is missing is
/// added (in an object already there too).
package enum GraphQLVariablesSkeleton {
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// The query does not parse, or has no operation of that name (or several and no name).
        case noOperation(String)
        /// The variables typed are not a JSON object: nothing is written over them.
        case notAnObject

        package var description: String {
            switch self {
            case .noOperation(let reason): reason
            case .notAnObject: "the variables are not a JSON object: fix them first (nothing was changed)"
            }
        }
    }

    /// `existing` (JSON text; blank: none) with the variables of the operation named
    /// `operationName` added (none named: the only one, else the one around the UTF-8 offset
    /// `cursor`), pretty-printed with two spaces; the same text when nothing is missing.
    package static func merged(
        into existing: String, query: String, operationName: String?, cursor: Int? = nil, index: GraphQLSchemaIndex?
    ) -> Result<String, Failure> {
        guard let document = try? parse(source: Source(body: query, name: "query")) else {
            return .failure(.noOperation("the query does not parse"))
        }
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        let named = operationName.map { name in operations.first { $0.name?.value == name } }
        let around = cursor.flatMap { cursor in operations.last { ($0.loc?.start ?? 0) <= cursor } }
        guard let operation = named ?? (operations.count == 1 ? operations.first : operationName == nil ? around : nil)
        else {
            return .failure(
                .noOperation(
                    operations.isEmpty
                        ? "the query has no operation"
                        : operationName.map { "the query has no operation \($0)" }
                            ?? "the query has several operations: put the cursor in one"))
        }
        var current: JSONDocument?
        if existing.contains(where: { !$0.isWhitespace }) {
            guard let parsed = try? JSONDocument(text: existing), parsed.kind(parsed.root) == .object else {
                return .failure(.notAnObject)
            }
            current = parsed
        }
        let writer = Writer(index: index, json: current)
        var entries = current.map { writer.existingEntries($0.root) } ?? []
        for definition in operation.variableDefinitions {
            let name = definition.variable.name.value
            let shape = GraphQLVariablesCheck.Shape(definition.type)
            if let index = entries.firstIndex(where: { $0.key == name }) {
                if let node = entries[index].node {
                    entries[index].value = writer.merge(node, shape)
                }
                continue
            }
            let value = definition.defaultValue.map(Writer.json) ?? writer.placeholder(shape)
            entries.append(Entry(key: name, value: value))
        }
        return .success(Writer.render(.object(entries), indent: ""))
    }

    /// A JSON value to write: an object's or array's items, or text as it goes in the file.
    indirect enum Item {
        case object([Entry])
        case array([Item])
        case text(String)
    }

    struct Entry {
        var key: String
        var value: Item
        /// The value typed already, when it came from the existing variables.
        var node: JSONNode?

        init(key: String, value: Item, node: JSONNode? = nil) {
            self.key = key
            self.value = value
            self.node = node
        }
    }

    struct Writer {
        let index: GraphQLSchemaIndex?
        let json: JSONDocument?

        /// The placeholder of a value of `shape`.
        func placeholder(_ shape: GraphQLVariablesCheck.Shape, depth: Int = 0) -> Item {
            switch shape {
            case .list: return .array([])
            case .nonNull(.list): return .array([])
            case .named: return .text("null")
            case .nonNull(let inner): return named(inner.named, depth: depth)
            }
        }

        private func named(_ name: String, depth: Int) -> Item {
            switch name {
            case "Int", "Float": return .text("0")
            case "Boolean": return .text("false")
            case "String", "ID": return .text("\"\"")
            default: break
            }
            guard let type = index?.types[name] else { return .text("null") }
            switch type.kind {
            case .enumeration:
                return .text(type.enumValues.first.map { Self.quoted($0.name) } ?? "\"\"")
            case .input:
                // Required input fields cannot loop (the specification forbids it); the depth is a
                // guard against a schema that does anyway.
                guard depth < 16 else { return .text("{}") }
                return .object(
                    type.inputFields.map {
                        Entry(key: $0.name, value: fieldValue($0, depth: depth + 1))
                    })
            default:
                return .text("\"\"")
            }
        }

        private func fieldValue(_ field: GraphQLSchemaIndex.InputValue, depth: Int) -> Item {
            if let defaultValue = field.defaultValue, let parsed = Self.literal(defaultValue) {
                return Self.json(parsed)
            }
            return placeholder(GraphQLVariablesCheck.Shape(parsing: field.type), depth: depth)
        }

        /// The entries of an object typed already, each value as written.
        func existingEntries(_ node: JSONNode) -> [Entry] {
            guard let json else { return [] }
            return json.children(node).map { child in
                Entry(key: json.key(child) ?? "", value: existing(child), node: child)
            }
        }

        private func existing(_ node: JSONNode) -> Item {
            guard let json else { return .text("null") }
            switch json.kind(node) {
            case .object: return .object(existingEntries(node))
            case .array: return .array(json.children(node).map(existing))
            default: return .text(json.rawText(node))
            }
        }

        /// A value typed already, with the fields its input object type has and it lacks added.
        func merge(_ node: JSONNode, _ shape: GraphQLVariablesCheck.Shape, depth: Int = 0) -> Item {
            guard let json, json.kind(node) == .object, depth < 16,
                case .named(let name) = shape.withoutNonNull, let type = index?.types[name], type.kind == .input
            else { return existing(node) }
            var entries = existingEntries(node)
            for field in type.inputFields {
                if let position = entries.firstIndex(where: { $0.key == field.name }) {
                    if let child = entries[position].node {
                        entries[position].value = merge(
                            child, GraphQLVariablesCheck.Shape(parsing: field.type), depth: depth + 1)
                    }
                } else {
                    entries.append(Entry(key: field.name, value: fieldValue(field, depth: depth + 1)))
                }
            }
            return .object(entries)
        }

        /// A value literal as the index keeps a default (`10`, `{first: 5}`), parsed (the parser's
        /// own value entry is not public: the literal is parsed as a variable's default).
        static func literal(_ text: String) -> (any GraphQL.Value)? {
            let source = "query ($v: Int = \(text)) { a }"
            guard let document = try? parse(source: Source(body: source, name: "default")),
                let operation = document.definitions.first as? OperationDefinition
            else { return nil }
            return operation.variableDefinitions.first?.defaultValue
        }

        /// A GraphQL value literal (a default) as JSON: enums as strings; a variable as null.
        static func json(_ value: any GraphQL.Value) -> Item {
            switch value {
            case let int as IntValue: return .text(int.value)
            case let float as FloatValue: return .text(float.value)
            case let string as StringValue: return .text(quoted(string.value))
            case let boolean as BooleanValue: return .text(boolean.value ? "true" : "false")
            case let enumValue as EnumValue: return .text(quoted(enumValue.value))
            case let list as ListValue: return .array(list.values.map(json))
            case let object as ObjectValue:
                return .object(object.fields.map { Entry(key: $0.name.value, value: json($0.value)) })
            default: return .text("null")
            }
        }

        static func render(_ value: Item, indent: String) -> String {
            let inner = indent + "  "
            switch value {
            case .text(let text): return text
            case .array(let items):
                guard !items.isEmpty else { return "[]" }
                return "[\n" + items.map { inner + render($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent
                    + "]"
            case .object(let entries):
                guard !entries.isEmpty else { return "{}" }
                return "{\n"
                    + entries.map { inner + quoted($0.key) + ": " + render($0.value, indent: inner) }
                    .joined(separator: ",\n") + "\n" + indent + "}"
            }
        }

        /// `text` as a JSON string, escaped as every JSON Lazer writes is (schema defaults come from
        /// a server and go into the editor: no control or bidi character raw).
        static func quoted(_ text: String) -> String {
            TerminalText.jsonStringLiteral(text)
        }
    }
}

extension GraphQLVariablesCheck.Shape {
    /// The type without its outer `!`.
    var withoutNonNull: Self {
        if case .nonNull(let inner) = self { return inner }
        return self
    }
}
