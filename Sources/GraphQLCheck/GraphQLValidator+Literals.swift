import GraphQL

/// A value written in the document against the type its place expects (`type`: nil where the
/// place is unknown, and then only its variables are collected and its input objects' field names
/// checked for repeats).
extension GraphQLValidator {
    mutating func checkValue(_ value: any Value, _ type: Shape?, placeHasDefault: Bool) {
        switch value {
        case let variable as Variable:
            scope.usages.append(Usage(variable: variable, type: type, placeHasDefault: placeHasDefault))
        case is NullValue:
            if let type, case .nonNull = type {
                report("Expected value of type \"\(type)\", found null.", at: value)
            }
        case let list as ListValue:
            switch type?.nullable {
            case .list(let item)?:
                for element in list.values { checkValue(element, item, placeHasDefault: false) }
            case let other?:
                // A list where one value is expected: the list is wrong as a whole (GraphQLSwift then
                // stops checking values anywhere in the document; graphql-js skips only this one).
                checkLiteral(list, other.named, expected: other)
                collectVariables(in: list)
            case nil:
                for element in list.values { checkValue(element, nil, placeHasDefault: false) }
            }
        case let object as ObjectValue:
            checkObject(object, type)
        default:
            if let type { checkLiteral(value, type.named, expected: type) }
        }
    }

    private mutating func checkObject(_ object: ObjectValue, _ type: Shape?) {
        var seen: Set<String> = []
        for field in object.fields where !seen.insert(field.name.value).inserted {
            let first = object.fields.first { $0.name.value == field.name.value }
            report("There can be only one input field named \"\(field.name.value)\".", at: first?.name)
        }
        guard let type else {
            for field in object.fields { checkValue(field.value, nil, placeHasDefault: false) }
            return
        }
        guard let input = self.type(type.named), input.kind == .input else {
            checkLiteral(object, type.named, expected: type)
            collectVariables(in: object)
            return
        }
        for field in input.inputFields where field.defaultValue == nil && field.type.hasSuffix("!") {
            guard !seen.contains(field.name) else { continue }
            report(
                "Field \"\(input.name).\(field.name)\" of required type \"\(field.type)\" was not provided.",
                at: object)
        }
        if input.isOneOf { checkOneOf(object, input) }
        for field in object.fields {
            let definition = input.inputFields.first { $0.name == field.name.value }
            if definition == nil {
                let suggestion = GraphQLSuggestions.didYouMean(
                    GraphQLSuggestions.list(field.name.value, input.inputFields.map(\.name)))
                report(
                    "Field \"\(field.name.value)\" is not defined by type \"\(input.name)\".\(suggestion)", at: field)
            }
            checkValue(
                field.value, definition.map { Shape(parsing: $0.type) },
                placeHasDefault: definition?.defaultValue != nil)
        }
    }

    /// `@oneOf`: exactly one field, not null, and a variable given for it must be non-null.
    private mutating func checkOneOf(_ object: ObjectValue, _ input: GraphQLSchemaIndex.TypeInfo) {
        guard Set(object.fields.map(\.name.value)).count == 1, let field = object.fields.last else {
            return report("OneOf Input Object \"\(input.name)\" must specify exactly one key.", at: object)
        }
        if field.value is NullValue {
            return report("Field \"\(input.name).\(field.name.value)\" must be non-null.", at: object)
        }
        guard let variable = field.value as? Variable, let definition = variableDefinition(variable.name.value),
            !(definition.type is NonNullType)
        else { return }
        report(
            "Variable \"\(variable.name.value)\" must be non-nullable to be used for OneOf Input Object "
                + "\"\(input.name)\".", at: object)
    }

    /// A scalar, enum, list or object literal where a value of the type `name` is expected (a
    /// single value stands for a list of one); `expected` is the place's type as messages print it.
    private mutating func checkLiteral(_ value: any Value, _ name: String, expected: Shape) {
        guard let info = type(name) else { return }
        guard info.kind.isLeaf else {
            return report("Expected value of type \"\(expected)\", found \(print(ast: value)).", at: value)
        }
        if info.kind == .enumeration {
            let values = info.enumValues.map(\.name)
            guard let literal = value as? EnumValue else {
                let written = print(ast: value)
                let suggestion = GraphQLSuggestions.didYouMean(
                    GraphQLSuggestions.list(written, values), qualifier: "the enum value")
                return report(
                    "Enum \"\(name)\" cannot represent non-enum value: \(written).\(suggestion)", at: value)
            }
            if !values.contains(literal.value) {
                let suggestion = GraphQLSuggestions.didYouMean(
                    GraphQLSuggestions.list(literal.value, values), qualifier: "the enum value")
                report("Value \"\(literal.value)\" does not exist in \"\(name)\" enum.\(suggestion)", at: value)
            }
            return
        }
        // Custom scalars take any literal: only the server knows their rules.
        guard let scalar = Self.builtInScalars[name] else { return }
        // GraphQLSwift's `Int` takes any integer literal; the specification's Int is 32 bits.
        if name == "Int", let integer = value as? IntValue, Int32(integer.value) == nil {
            return report("Int cannot represent non 32-bit signed integer value: \(integer.value)", at: value)
        }
        do {
            if try scalar.parseLiteral(valueAST: value) == .undefined {
                report("Expected value of type \"\(expected)\", found \(print(ast: value)).", at: value)
            }
        } catch let error as GraphQLError {
            report(error.message, at: value)
        } catch {
            report("Expected value of type \"\(expected)\", found \(print(ast: value)).", at: value)
        }
    }

    static let builtInScalars: [String: GraphQLScalarType] = [
        "Int": GraphQLInt, "Float": GraphQLFloat, "String": GraphQLString, "Boolean": GraphQLBoolean, "ID": GraphQLID,
    ]

    /// The variables inside a value that is wrong as a whole: still used.
    private mutating func collectVariables(in value: any Value) {
        switch value {
        case let variable as Variable:
            scope.usages.append(Usage(variable: variable, type: nil, placeHasDefault: false))
        case let list as ListValue:
            for element in list.values { collectVariables(in: element) }
        case let object as ObjectValue:
            for field in object.fields { collectVariables(in: field.value) }
        default:
            break
        }
    }

    /// The definition of `$name` in the operation being walked (none in a fragment).
    private func variableDefinition(_ name: String) -> VariableDefinition? {
        currentOperation?.variableDefinitions.first { $0.variable.name.value == name }
    }
}

extension GraphQLVariablesCheck.Shape {
    /// A type as the index writes it (`[ID!]!`).
    init(parsing text: String) {
        if text.hasSuffix("!") {
            self = .nonNull(Self(parsing: String(text.dropLast())))
        } else if text.hasPrefix("["), text.hasSuffix("]") {
            self = .list(Self(parsing: String(text.dropFirst().dropLast())))
        } else {
            self = .named(text)
        }
    }

    /// Without its outer `!`.
    var nullable: Self {
        if case .nonNull(let inner) = self { return inner }
        return self
    }
}
