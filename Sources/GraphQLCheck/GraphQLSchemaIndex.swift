import GraphQL

/// A schema's types, fields, arguments and enum values as plain values, indexed by name (issue
/// 28): what completion and the docs at the cursor read on every key. Built once when the schema
/// is loaded (off the program loop), so a lookup on a schema as large as GitHub's is a dictionary
/// access, never a walk through GraphQLSwift's lazily built type thunks.
package final class GraphQLSchemaIndex: Sendable {
    package enum Kind: String, Sendable {
        case object, interface, union
        case enumeration = "enum"
        case input, scalar
    }

    /// An argument, or an input object's field.
    package struct InputValue: Sendable, Equatable {
        package var name: String
        /// As written: `[ID!]!`.
        package var type: String
        package var namedType: String
        package var description: String?
        package var defaultValue: String?
    }

    package struct Field: Sendable, Equatable {
        package var name: String
        package var type: String
        package var namedType: String
        package var description: String?
        package var deprecation: String?
        package var arguments: [InputValue]
    }

    package struct EnumValue: Sendable, Equatable {
        package var name: String
        package var description: String?
        package var deprecation: String?
    }

    package struct TypeInfo: Sendable, Equatable {
        package var name: String
        package var kind: Kind
        package var description: String?
        /// An object's or interface's fields.
        package var fields: [Field] = []
        /// An input object's fields.
        package var inputFields: [InputValue] = []
        package var enumValues: [EnumValue] = []
        /// The object types a union or interface may be (an object: itself).
        package var possibleTypes: [String] = []
        /// The interfaces an object or interface implements, as declared.
        package var interfaces: [String] = []
        /// An input object marked `@oneOf`: exactly one of its fields is given.
        package var isOneOf = false

        package func field(_ name: String) -> Field? { fields.first { $0.name == name } }
    }

    /// A directive the schema declares (the built-in `@include`, `@skip`, `@deprecated`… too).
    package struct Directive: Sendable, Equatable {
        package var name: String
        package var description: String?
        /// Where it may stand, as the specification names the places: `FIELD`, `QUERY`…
        package var locations: [String]
        package var arguments: [InputValue]
        /// May stand more than once at one place.
        package var isRepeatable = false
    }

    package let types: [String: TypeInfo]
    package let directives: [Directive]
    /// Every type's name, sorted (what follows `on`, or a variable's `:`).
    package let typeNames: [String]
    package let queryType: String?
    package let mutationType: String?
    package let subscriptionType: String?

    init(
        types: [String: TypeInfo], directives: [Directive], queryType: String?, mutationType: String?,
        subscriptionType: String?
    ) {
        self.types = types
        self.directives = directives
        typeNames = types.keys.sorted()
        self.queryType = queryType
        self.mutationType = mutationType
        self.subscriptionType = subscriptionType
    }

    /// The index read from a schema GraphQLSwift built: what reading the SDL itself
    /// (`init(sdl:)`, used to load) must agree with; the tests hold the two to each other.
    convenience init(_ schema: GraphQLSchema) {
        var types: [String: TypeInfo] = [:]
        for (name, type) in GraphQLVariablesCheck.Checker.entries(schema.typeMap) where !name.hasPrefix("__") {
            types[name] = Self.info(type, schema)
        }
        self.init(
            types: types, directives: schema.directives.map(Self.directive), queryType: schema.queryType?.name,
            mutationType: schema.mutationType?.name, subscriptionType: schema.subscriptionType?.name)
    }

    /// Introspection's types (`__Schema`, `__Type`…), which every schema has but the index leaves
    /// out: read once from a schema GraphQLSwift builds, for checking documents that query them.
    static let introspectionTypes: [String: TypeInfo] = {
        guard let document = try? parse(source: Source(body: "type Query { a: Int }", name: "introspection")),
            let schema = try? buildASTSchema(documentAST: document)
        else { return [:] }
        var types: [String: TypeInfo] = [:]
        for (name, type) in GraphQLVariablesCheck.Checker.entries(schema.typeMap) where name.hasPrefix("__") {
            types[name] = info(type, schema)
        }
        return types
    }()

    static let introspectionTypeNames = introspectionTypes.keys.sorted()

    /// The directives every schema has, in the order GraphQLSwift adds them after declared ones.
    static let specifiedDirectives = [
        GraphQLIncludeDirective, GraphQLSkipDirective, GraphQLDeprecatedDirective, GraphQLSpecifiedByDirective,
        GraphQLOneOfDirective,
    ].map(directive)

    /// A built-in scalar (`Int`, `Float`, `String`, `Boolean`, `ID`) with the library's description.
    static func builtInScalar(_ name: String) -> TypeInfo {
        let scalar = [GraphQLInt, GraphQLFloat, GraphQLString, GraphQLBoolean, GraphQLID].first { $0.name == name }
        return TypeInfo(name: name, kind: .scalar, description: scalar?.description)
    }

    private static func directive(_ directive: GraphQLDirective) -> Directive {
        Directive(
            name: directive.name, description: directive.description,
            locations: directive.locations.map(\.rawValue),
            arguments: directive.args.map { inputValue($0.name, $0.type, $0.description, $0.astNode) },
            isRepeatable: directive.isRepeatable)
    }

    package func directive(_ name: String) -> Directive? { directives.first { $0.name == name } }

    private static func info(_ type: any GraphQLNamedType, _ schema: GraphQLSchema) -> TypeInfo {
        switch type {
        case let object as GraphQLObjectType:
            var info = TypeInfo(name: object.name, kind: .object, description: object.description)
            info.fields = fields((try? object.fields()).map(GraphQLVariablesCheck.Checker.entries) ?? [])
            info.possibleTypes = [object.name]
            info.interfaces = ((try? object.interfaces()) ?? []).map(\.name)
            return info
        case let interface as GraphQLInterfaceType:
            var info = TypeInfo(name: interface.name, kind: .interface, description: interface.description)
            info.fields = fields((try? interface.fields()).map(GraphQLVariablesCheck.Checker.entries) ?? [])
            info.possibleTypes = schema.getPossibleTypes(abstractType: interface).map(\.name)
            info.interfaces = ((try? interface.interfaces()) ?? []).map(\.name)
            return info
        case let union as GraphQLUnionType:
            var info = TypeInfo(name: union.name, kind: .union, description: union.description)
            // A member an extension names again is listed once (GraphQLSwift keeps both).
            for member in schema.getPossibleTypes(abstractType: union) where !info.possibleTypes.contains(member.name) {
                info.possibleTypes.append(member.name)
            }
            return info
        case let enumType as GraphQLEnumType:
            var info = TypeInfo(name: enumType.name, kind: .enumeration, description: enumType.description)
            info.enumValues = enumType.values.map {
                EnumValue(name: $0.name, description: $0.description, deprecation: $0.deprecationReason)
            }
            return info
        case let input as GraphQLInputObjectType:
            var info = TypeInfo(name: input.name, kind: .input, description: input.description)
            info.isOneOf = input.isOneOf
            info.inputFields = ((try? input.fields()).map(GraphQLVariablesCheck.Checker.entries) ?? []).map {
                inputValue($0.key, $0.value.type, $0.value.description, $0.value.astNode)
            }
            return info
        case let scalar as GraphQLScalarType:
            return TypeInfo(name: scalar.name, kind: .scalar, description: scalar.description)
        default:
            return TypeInfo(name: type.name, kind: .scalar)
        }
    }

    private static func fields(_ entries: [(key: String, value: GraphQLField)]) -> [Field] {
        entries.map { name, field in
            let shape = GraphQLVariablesCheck.Shape(field.type)
            return Field(
                name: name, type: shape.description, namedType: shape.named, description: field.description,
                deprecation: field.deprecationReason,
                arguments: GraphQLVariablesCheck.Checker.entries(field.args).map {
                    inputValue($0.key, $0.value.type, $0.value.description, $0.value.astNode)
                })
        }
    }

    /// The default value as the SDL writes it (`10`, `[]`), read from the definition's node.
    private static func inputValue(
        _ name: String, _ type: any GraphQLType, _ description: String?, _ node: InputValueDefinition?
    ) -> InputValue {
        let shape = GraphQLVariablesCheck.Shape(type)
        return InputValue(
            name: name, type: shape.description, namedType: shape.named, description: description,
            defaultValue: node?.defaultValue.map { print(ast: $0) })
    }
}

extension GraphQLVariablesCheck.Shape {
    /// The named type inside the lists and non-nulls.
    var named: String {
        switch self {
        case .nonNull(let inner), .list(let inner): inner.named
        case .named(let name): name
        }
    }
}

extension GraphQLSchemaIndex: Equatable {
    /// The same loaded schema's index (a reload is a new one).
    package static func == (lhs: GraphQLSchemaIndex, rhs: GraphQLSchemaIndex) -> Bool { lhs === rhs }
}
