import GraphQL

/// The validation section of the GraphQL specification, checked in one walk of the parsed document
/// against the schema's index (issue 28: a check runs on every keystroke, within 5 ms for a 300-line
/// query against GitHub's schema). GraphQLSwift's `validate` runs the same rules through its generic
/// visitor, every rule a closure at every node, and took 4–10 ms; it stays the tests' oracle: this
/// finds the problems it finds, with its messages, at the same lines and columns
/// (`GraphQLValidatorTests`). Where the library has a slip this does what the specification says:
/// the `GraphQLValidator` doc of each such place names it.
struct GraphQLValidator {
    let index: GraphQLSchemaIndex
    let document: Document
    /// Each fragment by name (its first definition).
    let fragments: [String: FragmentDefinition]
    var problems: [GraphQLProblem] = []
    /// What a definition (operation or fragment) uses, filled as it is walked.
    var scope = Scope()
    /// Each fragment's scope, by name; a fragment defined twice keeps the first's.
    var fragmentScopes: [String: Scope] = [:]
    /// The operation being walked (nil in a fragment).
    var currentOperation: OperationDefinition?

    /// The variables one definition uses and the fragments it spreads, in document order.
    struct Scope {
        var usages: [Usage] = []
        var spreads: [FragmentSpread] = []
    }

    /// A variable where a value stands: the type expected there (nil where nothing is known) and
    /// whether that place has a default of its own.
    struct Usage {
        var variable: Variable
        var type: GraphQLVariablesCheck.Shape?
        var placeHasDefault: Bool
    }

    init(index: GraphQLSchemaIndex, document: Document) {
        self.index = index
        self.document = document
        var fragments: [String: FragmentDefinition] = [:]
        for case let fragment as FragmentDefinition in document.definitions where fragments[fragment.name.value] == nil
        {
            fragments[fragment.name.value] = fragment
        }
        self.fragments = fragments
    }

    /// The problems of `document` against `index`, in no particular order.
    static func problems(of document: Document, index: GraphQLSchemaIndex) -> [GraphQLProblem] {
        var validator = GraphQLValidator(index: index, document: document)
        validator.run()
        return validator.problems
    }

    mutating func run() {
        checkDefinitions()
        var operations: [(OperationDefinition, Scope)] = []
        for definition in document.definitions {
            switch definition {
            case let operation as OperationDefinition:
                scope = Scope()
                currentOperation = operation
                walk(operation)
                currentOperation = nil
                operations.append((operation, scope))
            case let fragment as FragmentDefinition:
                scope = Scope()
                walk(fragment)
                if fragmentScopes[fragment.name.value] == nil { fragmentScopes[fragment.name.value] = scope }
            default:
                break
            }
        }
        checkFragmentUse(operations.map(\.1))
        for (operation, scope) in operations { checkVariables(of: operation, scope) }
    }

    // MARK: - Reporting

    mutating func report(_ message: String, at node: (any Node)?) {
        let token = node?.loc?.startToken
        problems.append(GraphQLProblem(line: token?.line ?? 1, column: token?.column ?? 1, message: message))
    }

    // MARK: - Types

    /// The type named `name`: the schema's, or one of introspection's (`__Type`…).
    func type(_ name: String) -> GraphQLSchemaIndex.TypeInfo? {
        index.types[name] ?? GraphQLSchemaIndex.introspectionTypes[name]
    }

    /// The definition of the field `name` of `parent`, the meta fields included (`__typename` on
    /// any object, interface or union; `__schema` and `__type` on the query type).
    func field(_ name: String, of parent: GraphQLSchemaIndex.TypeInfo) -> GraphQLSchemaIndex.Field? {
        if name.hasPrefix("__") {
            switch name {
            case "__typename": return Self.typenameField
            case "__schema" where parent.name == index.queryType: return Self.schemaField
            case "__type" where parent.name == index.queryType: return Self.typeField
            default: break
            }
        }
        return parent.field(name)
    }

    static let typenameField = GraphQLSchemaIndex.Field(
        name: "__typename", type: "String!", namedType: "String", arguments: [])
    static let schemaField = GraphQLSchemaIndex.Field(
        name: "__schema", type: "__Schema!", namedType: "__Schema", arguments: [])
    static let typeField = GraphQLSchemaIndex.Field(
        name: "__type", type: "__Type", namedType: "__Type",
        arguments: [.init(name: "name", type: "String!", namedType: "String")])

    /// Whether an object of one type could also be of the other (they are the same, or one is an
    /// abstract type the other may be, or two abstract types share a possible type).
    func overlap(_ a: GraphQLSchemaIndex.TypeInfo, _ b: GraphQLSchemaIndex.TypeInfo) -> Bool {
        if a.name == b.name { return true }
        let aIsAbstract = a.kind == .interface || a.kind == .union
        let bIsAbstract = b.kind == .interface || b.kind == .union
        switch (aIsAbstract, bIsAbstract) {
        case (true, true): return a.possibleTypes.contains { b.possibleTypes.contains($0) }
        case (true, false): return a.possibleTypes.contains(b.name)
        case (false, true): return b.possibleTypes.contains(a.name)
        case (false, false): return false
        }
    }
}

extension GraphQLSchemaIndex.Kind {
    /// An object, interface or union: a type whose fields are selected.
    var isComposite: Bool { self == .object || self == .interface || self == .union }
    /// A scalar or enum: a value, nothing to select.
    var isLeaf: Bool { self == .scalar || self == .enumeration }
}
