import GraphQL

/// Arguments, directives, variable definitions and the values written in them: known and unique
/// names, required arguments and input fields given, each literal of the type its place expects
/// (built-in scalars read by GraphQLSwift's own `parseLiteral`, enums by their values, input
/// objects by their fields), and every variable used, with the type its place expects.
extension GraphQLValidator {
    typealias Shape = GraphQLVariablesCheck.Shape

    /// Whose arguments: a field of a type, or a directive.
    enum Owner {
        case field(String, String)
        case directive(String)
    }

    mutating func checkArguments(
        _ arguments: [Argument], of owner: ([GraphQLSchemaIndex.InputValue], Owner)?, node: (any Node)? = nil
    ) {
        var seen: Set<String> = []
        var repeated: Set<String> = []
        for argument in arguments {
            let name = argument.name.value
            if !seen.insert(name).inserted, repeated.insert(name).inserted {
                let first = arguments.first { $0.name.value == name }
                report("There can be only one argument named \"\(name)\".", at: first?.name)
            }
            let definition = owner?.0.first { $0.name == name }
            if let owner, definition == nil {
                let suggestion = GraphQLSuggestions.didYouMean(GraphQLSuggestions.list(name, owner.0.map(\.name)))
                switch owner.1 {
                case .field(let field, let parent):
                    report(
                        "Field \"\(field)\" on type \"\(parent)\" does not have argument \"\(name)\".\(suggestion)",
                        at: argument)
                case .directive(let directive):
                    // GraphQLSwift reports these as the field's arguments, or not at all (graphql-js's wording).
                    report("Unknown argument \"\(name)\" on directive \"@\(directive)\".\(suggestion)", at: argument)
                }
            }
            checkValue(
                argument.value, definition.map { Shape(parsing: $0.type) },
                placeHasDefault: definition?.defaultValue != nil)
        }
        guard let owner, let node else { return }
        for definition in owner.0 where definition.defaultValue == nil && definition.type.hasSuffix("!") {
            guard !seen.contains(definition.name) else { continue }
            switch owner.1 {
            case .field(let field, _):
                report(
                    "Field \"\(field)\" argument \"\(definition.name)\" of type \"\(definition.type)\" is required, "
                        + "but it was not provided.", at: node)
            case .directive(let directive):
                report(
                    "Directive \"@\(directive)\" argument \"\(definition.name)\" of type \"\(definition.type)\" is "
                        + "required, but it was not provided.", at: node)
            }
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
            checkArguments(directive.arguments, of: (definition.arguments, .directive(name)), node: directive)
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
