import GraphQL
import JSONTree

/// Checks a request's variables (a JSON object) against the variable definitions of the operation
/// that runs (issue 28): a required variable missing or null, a value of the wrong type — built-in
/// scalars always; enums, lists and input objects (their required and unknown fields) with a
/// schema — and a variable the operation does not define. Each problem is placed at the
/// variable's definition in the query (at the operation for one it does not define).
package enum GraphQLVariablesCheck {
    /// The problems of `variables` (JSON text; nil or blank: none given) for the operation named
    /// `operationName` in `query` (or its only one); none when the query does not parse.
    package static func problems(
        variables: String?, query: String, schema: GraphQLSchemaDocument?, operationName: String? = nil
    ) -> [GraphQLProblem] {
        guard let document = try? parse(source: Source(body: query, name: "query")) else { return [] }
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        let named = operationName.map { name in operations.first { $0.name?.value == name } }
        guard let operation = named ?? (operations.count == 1 ? operations.first : nil) else { return [] }
        var json: JSONDocument?
        if let variables, variables.contains(where: { !$0.isWhitespace }) {
            json = try? JSONDocument(bytes: Array(variables.utf8))
            guard let json, json.kind(json.root) == .object else {
                return [problem("the variables are not a JSON object", at: operation)]
            }
        }
        let checker = Checker(json: json, schema: schema)
        var found: [GraphQLProblem] = []
        for definition in operation.variableDefinitions {
            let name = definition.variable.name.value
            let shape = Shape(definition.type)
            let value = json.flatMap { $0.child($0.root, key: name) }
            var reasons: [String] = []
            if let value, json?.kind(value) != .null {
                checker.check(value, shape, path: "$" + name, &reasons)
                reasons = reasons.map { "Variable \"$\(name)\" got an invalid value: \($0)" }
            } else if case .nonNull = shape, definition.defaultValue == nil {
                reasons.append(
                    value == nil
                        ? "Variable \"$\(name)\" of required type \"\(shape)\" was not provided."
                        : "Variable \"$\(name)\" of non-null type \"\(shape)\" must not be null.")
            }
            found += reasons.map { problem($0, at: definition) }
        }
        let defined = operation.variableDefinitions.map(\.variable.name.value)
        if let json {
            for child in json.children(json.root) {
                guard let key = json.key(child), !defined.contains(key) else { continue }
                let known =
                    defined.isEmpty
                    ? "it defines none" : "it defines " + defined.map { "$" + $0 }.joined(separator: ", ")
                found.append(problem("\"\(key)\" is not a variable of the operation (\(known))", at: operation))
            }
        }
        return found
    }

    private static func problem(_ message: String, at node: any Node) -> GraphQLProblem {
        GraphQLDocumentCheck.problems(of: GraphQLError(message: message, nodes: [node])).first
            ?? GraphQLProblem(line: 1, column: 1, message: message)
    }

    /// A type as written (`[ID!]!`), from the query or from the schema.
    indirect enum Shape: CustomStringConvertible {
        case nonNull(Shape)
        case list(Shape)
        case named(String)

        init(_ type: any Type) {
            if let nonNull = type as? NonNullType {
                self = .nonNull(Shape(nonNull.type))
            } else if let list = type as? ListType {
                self = .list(Shape(list.type))
            } else {
                self = .named((type as? NamedType)?.name.value ?? "")
            }
        }

        init(_ type: any GraphQLType) {
            if let nonNull = type as? GraphQLNonNull {
                self = .nonNull(Shape(nonNull.ofType))
            } else if let list = type as? GraphQLList {
                self = .list(Shape(list.ofType))
            } else {
                self = .named((type as? any GraphQLNamedType)?.name ?? "")
            }
        }

        /// The named type inside a type as written (`ID` of `[ID!]!`).
        static func namedType(of type: any Type) -> NamedType? {
            var inner = type
            while true {
                if let nonNull = inner as? NonNullType {
                    inner = nonNull.type
                } else if let list = inner as? ListType {
                    inner = list.type
                } else {
                    return inner as? NamedType
                }
            }
        }

        var description: String {
            switch self {
            case .nonNull(let inner): "\(inner)!"
            case .list(let inner): "[\(inner)]"
            case .named(let name): name
            }
        }
    }

    /// Walks a value with its type (GraphQL's input coercion rules, as a server applies them).
    struct Checker {
        static func entries<S: Sequence>(_ items: S) -> [S.Element] { Array(items) }

        let json: JSONDocument?
        let schema: GraphQLSchemaDocument?

        func check(_ node: JSONNode, _ shape: Shape, path: String, _ reasons: inout [String]) {
            guard let json else { return }
            let kind = json.kind(node)
            switch shape {
            case .nonNull(let inner):
                if kind == .null {
                    reasons.append("\(path): expected a non-null \(inner), found null")
                } else {
                    check(node, inner, path: path, &reasons)
                }
            case .list(let inner):
                guard kind != .null else { return }
                guard kind == .array else { return check(node, inner, path: path, &reasons) }
                for (index, item) in json.children(node).enumerated() {
                    check(item, inner, path: "\(path)[\(index)]", &reasons)
                }
            case .named(let name):
                guard kind != .null else { return }
                checkNamed(node, kind, name, path: path, &reasons)
            }
        }

        private func checkNamed(
            _ node: JSONNode, _ kind: JSONKind, _ name: String, path: String, _ reasons: inout [String]
        ) {
            guard let json else { return }
            let found = json.preview(node, maxLength: 30)
            func wrong() { reasons.append("\(path): expected \(name), found \(found)") }
            switch name {
            case "Int":
                if kind != .number || !json.isInteger(node)
                    || (try? json.int64(node)).map({ Int32(exactly: $0) == nil })
                        ?? true
                {
                    wrong()
                }
            case "Float": if kind != .number { wrong() }
            case "String": if kind != .string { wrong() }
            case "Boolean": if kind != .true && kind != .false { wrong() }
            case "ID": if kind != .string && !(kind == .number && json.isInteger(node)) { wrong() }
            default:
                guard let type = schema?.index.types[name] else { return }
                if type.kind == .enumeration {
                    let values = type.enumValues.map(\.name)
                    if kind != .string || !values.contains(json.string(node) ?? "") {
                        reasons.append(
                            "\(path): expected a value of \(name) (\(values.joined(separator: ", "))), found \(found)")
                    }
                } else if type.kind == .input {
                    checkInput(node, kind, type, path: path, &reasons)
                }
            // Custom scalars take any value here: only the server knows their rules.
            }
        }

        private func checkInput(
            _ node: JSONNode, _ kind: JSONKind, _ input: GraphQLSchemaIndex.TypeInfo, path: String,
            _ reasons: inout [String]
        ) {
            guard let json else { return }
            guard kind == .object else {
                return reasons.append(
                    "\(path): expected an object of \(input.name), found \(json.preview(node, maxLength: 30))")
            }
            for field in input.inputFields {
                let shape = Shape(parsing: field.type)
                if let child = json.child(node, key: field.name) {
                    check(child, shape, path: "\(path).\(field.name)", &reasons)
                } else if case .nonNull = shape, field.defaultValue == nil {
                    reasons.append("\(path).\(field.name): the required field of type \(shape) was not provided")
                }
            }
            for child in json.children(node) {
                guard let key = json.key(child), !input.inputFields.contains(where: { $0.name == key }) else {
                    continue
                }
                reasons.append("\(path): \(input.name) has no field \"\(key)\"")
            }
        }
    }
}
