import GraphQL

extension GraphQLSchemaIndex {
    /// The index read straight from the parsed SDL, without GraphQLSwift's schema: building that
    /// schema takes two thirds of loading GitHub's (~200 ms of ~320), and completion, the docs at
    /// the cursor and the schema browser need only names, types and descriptions, so the schema is
    /// built beside it (`GraphQLSchemaBuild`) for the checks that need it. The result is what
    /// `init(_:)` reads from the built schema (the tests hold the two to each other): definitions
    /// merged with their extensions, a field or value defined twice keeping its first place and its
    /// last definition, the specified directives after the declared ones, and the built-in scalars
    /// the schema uses. A named type that is neither defined nor built in is an error at its place.
    convenience init(sdl document: Document) throws(GraphQLSchemaError) {
        var reader = SDLIndexReader()
        for definition in document.definitions { reader.read(definition) }
        try reader.checkReferences()
        self.init(
            types: reader.types(), directives: reader.directives(), queryType: reader.root(.query, "Query"),
            mutationType: reader.root(.mutation, "Mutation"),
            subscriptionType: reader.root(.subscription, "Subscription"))
    }
}

/// Collects the type system definitions of one SDL document, in order, for the index.
private struct SDLIndexReader {
    /// Types by name in the order first defined; extensions merge into them.
    private var order: [String] = []
    private var infos: [String: GraphQLSchemaIndex.TypeInfo] = [:]
    /// Interfaces each object or interface implements, by type name.
    private var implements: [String: [String]] = [:]
    private var declaredDirectives: [GraphQLSchemaIndex.Directive] = []
    private var roots: [OperationType: String] = [:]
    /// Every named type a definition refers to, with where (the first place each is named).
    private var references: [String: Location?] = [:]

    /// The scalars every schema has; only those used are in the index, as in the built schema
    /// (whose introspection types use `String` and `Boolean`).
    static let builtInScalars: [String: String] = [
        "Int": "Int", "Float": "Float", "String": "String", "Boolean": "Boolean", "ID": "ID",
    ]

    mutating func read(_ definition: any Definition) {
        switch definition {
        case let object as ObjectTypeDefinition: readObject(object, kind: .object)
        case let object as TypeExtensionDefinition: readObject(object.definition, kind: .object)
        case let interface as InterfaceTypeDefinition: readInterface(interface)
        case let interface as InterfaceExtensionDefinition: readInterface(interface.definition)
        case let union as UnionTypeDefinition: readUnion(union)
        case let union as UnionExtensionDefinition: readUnion(union.definition)
        case let enumeration as EnumTypeDefinition: readEnum(enumeration)
        case let enumeration as EnumExtensionDefinition: readEnum(enumeration.definition)
        case let input as InputObjectTypeDefinition: readInput(input)
        case let input as InputObjectExtensionDefinition: readInput(input.definition)
        case let scalar as ScalarTypeDefinition:
            _ = info(scalar.name.value, .scalar, scalar.description)
        case let scalar as ScalarExtensionDefinition:
            _ = info(scalar.definition.name.value, .scalar, scalar.definition.description)
        case let directive as DirectiveDefinition:
            var arguments: [GraphQLSchemaIndex.InputValue] = []
            for argument in directive.arguments { arguments.append(inputValue(argument)) }
            declaredDirectives.append(
                .init(
                    name: directive.name.value, description: directive.description?.value,
                    locations: directive.locations.map(\.value), arguments: arguments,
                    isRepeatable: directive.repeatable))
        case let schema as SchemaDefinition: readRoots(schema)
        case let schema as SchemaExtensionDefinition: readRoots(schema.definition)
        default: break
        }
    }

    private mutating func readObject(_ object: ObjectTypeDefinition, kind: GraphQLSchemaIndex.Kind) {
        let name = object.name.value
        var type = info(name, kind, object.description)
        merge(fields: object.fields, into: &type)
        type.possibleTypes = [name]
        infos[name] = type
        addInterfaces(object.interfaces, to: name)
    }

    private mutating func readInterface(_ interface: InterfaceTypeDefinition) {
        var type = info(interface.name.value, .interface, interface.description)
        merge(fields: interface.fields, into: &type)
        infos[interface.name.value] = type
        addInterfaces(interface.interfaces, to: interface.name.value)
    }

    private mutating func readUnion(_ union: UnionTypeDefinition) {
        var type = info(union.name.value, .union, union.description)
        for member in union.types where !type.possibleTypes.contains(member.name.value) {
            refer(member)
            type.possibleTypes.append(member.name.value)
        }
        infos[union.name.value] = type
    }

    private mutating func readEnum(_ enumeration: EnumTypeDefinition) {
        var type = info(enumeration.name.value, .enumeration, enumeration.description)
        for value in enumeration.values {
            let entry = GraphQLSchemaIndex.EnumValue(
                name: value.name.value, description: value.description?.value,
                deprecation: Self.deprecation(value.directives))
            if let at = type.enumValues.firstIndex(where: { $0.name == entry.name }) {
                type.enumValues[at] = entry
            } else {
                type.enumValues.append(entry)
            }
        }
        infos[enumeration.name.value] = type
    }

    private mutating func readInput(_ input: InputObjectTypeDefinition) {
        var type = info(input.name.value, .input, input.description)
        if input.directives.contains(where: { $0.name.value == "oneOf" }) { type.isOneOf = true }
        for field in input.fields {
            let entry = inputValue(field)
            if let at = type.inputFields.firstIndex(where: { $0.name == entry.name }) {
                type.inputFields[at] = entry
            } else {
                type.inputFields.append(entry)
            }
        }
        infos[input.name.value] = type
    }

    private mutating func readRoots(_ schema: SchemaDefinition) {
        for root in schema.operationTypes {
            refer(root.type)
            roots[root.operation] = root.type.name.value
        }
    }

    /// The type so far, or a new one (a definition's description wins over none).
    private mutating func info(
        _ name: String, _ kind: GraphQLSchemaIndex.Kind, _ description: StringValue?
    ) -> GraphQLSchemaIndex.TypeInfo {
        guard var existing = infos[name] else {
            order.append(name)
            let made = GraphQLSchemaIndex.TypeInfo(name: name, kind: kind, description: description?.value)
            infos[name] = made
            return made
        }
        if let description { existing.description = description.value }
        return existing
    }

    private mutating func merge(fields: [FieldDefinition], into type: inout GraphQLSchemaIndex.TypeInfo) {
        // Positions by name: GitHub's schema has types with hundreds of fields.
        var positions: [String: Int] = [:]
        for (position, field) in type.fields.enumerated() { positions[field.name] = position }
        for field in fields {
            refer(field.type)
            var arguments: [GraphQLSchemaIndex.InputValue] = []
            for argument in field.arguments { arguments.append(inputValue(argument)) }
            let shape = GraphQLVariablesCheck.Shape(field.type)
            let entry = GraphQLSchemaIndex.Field(
                name: field.name.value, type: shape.description, namedType: shape.named,
                description: field.description?.value, deprecation: Self.deprecation(field.directives),
                arguments: arguments)
            if let at = positions[entry.name] {
                type.fields[at] = entry
            } else {
                positions[entry.name] = type.fields.count
                type.fields.append(entry)
            }
        }
    }

    private mutating func addInterfaces(_ interfaces: [NamedType], to name: String) {
        for interface in interfaces {
            refer(interface)
            if implements[name, default: []].contains(interface.name.value) { continue }
            implements[name, default: []].append(interface.name.value)
        }
    }

    private mutating func inputValue(_ value: InputValueDefinition) -> GraphQLSchemaIndex.InputValue {
        refer(value.type)
        let shape = GraphQLVariablesCheck.Shape(value.type)
        return GraphQLSchemaIndex.InputValue(
            name: value.name.value, type: shape.description, namedType: shape.named,
            description: value.description?.value, defaultValue: value.defaultValue.map { print(ast: $0) })
    }

    private mutating func refer(_ type: any Type) {
        guard let named = GraphQLVariablesCheck.Shape.namedType(of: type), references[named.name.value] == nil else {
            return
        }
        references[named.name.value] = named.loc
    }

    /// `@deprecated`'s reason: the `reason` given, else the specification's default.
    static func deprecation(_ directives: [Directive]) -> String? {
        guard let deprecated = directives.first(where: { $0.name.value == "deprecated" }) else { return nil }
        guard let reason = deprecated.arguments.first(where: { $0.name.value == "reason" }) else {
            return "No longer supported"
        }
        return (reason.value as? StringValue)?.value
    }

    /// A named type that is neither defined nor built in: what building the schema would refuse.
    func checkReferences() throws(GraphQLSchemaError) {
        let unknown = references.filter { infos[$0.key] == nil && Self.builtInScalars[$0.key] == nil }
        guard
            let first = unknown.min(by: { ($0.value?.start ?? 0, $0.key) < ($1.value?.start ?? 0, $1.key) })
        else { return }
        let message = "Unknown type \"\(first.key)\"."
        guard let location = first.value else { throw GraphQLSchemaError(message) }
        let error = GraphQLError(message: message, source: location.source, positions: [location.start])
        throw GraphQLSchemaError(message, problem: GraphQLDocumentCheck.problems(of: error).first)
    }

    /// Every type by name: the defined ones, the built-in scalars used, interfaces' possible types.
    func types() -> [String: GraphQLSchemaIndex.TypeInfo] {
        var types = infos
        for scalar in Self.builtInScalars.keys where types[scalar] == nil {
            if references[scalar] != nil || scalar == "String" || scalar == "Boolean" {
                types[scalar] = GraphQLSchemaIndex.builtInScalar(scalar)
            }
        }
        for (name, implemented) in implements where types[name] != nil {
            types[name]?.interfaces = implemented
        }
        for name in order {
            guard let implemented = implements[name], infos[name]?.kind == .object else { continue }
            for interface in implemented where types[interface]?.kind == .interface {
                types[interface]?.possibleTypes.append(name)
            }
        }
        return types
    }

    /// The declared directives, then the specified ones not declared again.
    func directives() -> [GraphQLSchemaIndex.Directive] {
        let declared = Set(declaredDirectives.map(\.name))
        return declaredDirectives + GraphQLSchemaIndex.specifiedDirectives.filter { !declared.contains($0.name) }
    }

    /// The root type of `operation`: the schema definition's, else the type named by convention.
    func root(_ operation: OperationType, _ conventional: String) -> String? {
        if let named = roots[operation] { return named }
        return roots.isEmpty && infos[conventional]?.kind == .object ? conventional : nil
    }
}
