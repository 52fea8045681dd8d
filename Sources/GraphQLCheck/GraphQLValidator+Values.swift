import GraphQL

/// Arguments, directives, variable definitions and the values written in them: known and unique
/// names, required arguments and input fields given, each literal of the type its place expects
/// (built-in scalars read by GraphQLSwift's own `parseLiteral`, enums by their values, input
/// objects by their fields), and every variable used, with the type its place expects.
extension GraphQLValidator {
    typealias Shape = GraphQLVariablesCheck.Shape

    /// Whose arguments are checked: a field of a type, or a directive; what it says of a wrong one.
    struct ArgumentOwner {
        enum Kind {
            case field(name: String, parent: String)
            case directive(String)
        }

        var arguments: [GraphQLSchemaIndex.InputValue]
        var kind: Kind

        func unknown(_ name: String) -> String {
            let suggestion = GraphQLSuggestions.didYouMean(GraphQLSuggestions.list(name, arguments.map(\.name)))
            switch kind {
            case .field(let field, let parent):
                return "Field \"\(field)\" on type \"\(parent)\" does not have argument \"\(name)\".\(suggestion)"
            case .directive(let directive):
                // GraphQLSwift reports these as the field's arguments, or not at all (graphql-js's wording).
                return "Unknown argument \"\(name)\" on directive \"@\(directive)\".\(suggestion)"
            }
        }

        func missing(_ argument: GraphQLSchemaIndex.InputValue) -> String {
            let subject =
                switch kind {
                case .field(let field, _): "Field \"\(field)\""
                case .directive(let directive): "Directive \"@\(directive)\""
                }
            return
                "\(subject) argument \"\(argument.name)\" of type \"\(argument.type)\" is required, but it was not provided."
        }
    }

    /// Arguments given at `node` (a field or a directive): unique, known to `owner` (when it is
    /// known), each value of its type, and none of the required ones left out.
    mutating func checkArguments(_ arguments: [Argument], of owner: ArgumentOwner?, node: (any Node)? = nil) {
        var seen: Set<String> = []
        var repeated: Set<String> = []
        for argument in arguments {
            let name = argument.name.value
            if !seen.insert(name).inserted, repeated.insert(name).inserted {
                let first = arguments.first { $0.name.value == name }
                report("There can be only one argument named \"\(name)\".", at: first?.name)
            }
            let definition = owner?.arguments.first { $0.name == name }
            if let owner, definition == nil { report(owner.unknown(name), at: argument) }
            checkValue(
                argument.value, definition.map { Shape(parsing: $0.type) },
                placeHasDefault: definition?.defaultValue != nil)
        }
        guard let owner, let node else { return }
        for definition in owner.arguments
        where definition.defaultValue == nil && definition.type.hasSuffix("!") && !seen.contains(definition.name) {
            report(owner.missing(definition), at: node)
        }
    }

    /// Directives at `location` (`FIELD`, `QUERY`…): known, allowed there, not repeated unless
    /// repeatable, their arguments.
    mutating func checkDirectives(_ directives: [Directive], at location: String) {
        var seen: Set<String> = []
        for directive in directives {
            let name = directive.name.value
            guard let definition = index.directive(name) else {
                report("Unknown directive \"@\(name)\".", at: directive)
                checkArguments(directive.arguments, of: nil)
                continue
            }
            if !definition.locations.contains(location) {
                report("Directive \"@\(name)\" may not be used on \(location).", at: directive)
            }
            if !definition.isRepeatable, !seen.insert(name).inserted {
                let first = directives.first { $0.name.value == name }
                report("The directive \"@\(name)\" can only be used once at this location.", at: first)
            }
            checkArguments(
                directive.arguments, of: ArgumentOwner(arguments: definition.arguments, kind: .directive(name)),
                node: directive)
        }
    }

    /// A variable's definition: a known input type, its directives, its default of that type.
    mutating func check(_ definition: VariableDefinition) {
        let shape = Shape(definition.type)
        var known: GraphQLSchemaIndex.TypeInfo?
        if let named = Shape.namedType(of: definition.type) { known = checkKnown(named) }
        if let known, known.kind.isComposite {
            report(
                "Variable \"$\(definition.variable.name.value)\" cannot be non-input type \"\(shape)\".",
                at: definition.type)
        }
        checkDirectives(definition.directives, at: "VARIABLE_DEFINITION")
        if let value = definition.defaultValue {
            checkValue(value, known == nil ? nil : shape, placeHasDefault: false)
        }
    }
}
