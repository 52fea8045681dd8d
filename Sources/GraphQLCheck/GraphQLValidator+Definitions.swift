import GraphQL

/// What holds across the document's definitions: only operations and fragments, names used once,
/// an anonymous operation alone, every fragment used and none spread within itself, and each
/// operation's variables defined once, all used, every one it uses (through its fragments too)
/// defined and of a type its place accepts.
extension GraphQLValidator {
    mutating func checkDefinitions() {
        var operations: [String: Name] = [:]
        var fragmentNames: [String: Name] = [:]
        let operationCount = document.definitions.count { $0 is OperationDefinition }
        for definition in document.definitions {
            switch definition {
            case let operation as OperationDefinition:
                if let name = operation.name {
                    if let first = operations[name.value] {
                        report("There can be only one operation named \"\(name.value)\".", at: first)
                    } else {
                        operations[name.value] = name
                    }
                } else if operationCount > 1 {
                    report("This anonymous operation must be the only defined operation.", at: operation)
                }
                checkVariableNames(operation.variableDefinitions)
            case let fragment as FragmentDefinition:
                if let first = fragmentNames[fragment.name.value] {
                    report("There can be only one fragment named \"\(fragment.name.value)\".", at: first)
                } else {
                    fragmentNames[fragment.name.value] = fragment.name
                }
            case let type as any TypeDefinition:
                report("The \"\(type.name.value)\" definition is not executable.", at: definition)
            case let type as TypeExtensionDefinition:
                report("The \"\(type.definition.name.value)\" definition is not executable.", at: definition)
            default:
                report("The schema definition is not executable.", at: definition)
            }
        }
    }

    private mutating func checkVariableNames(_ definitions: [VariableDefinition]) {
        var seen: Set<String> = []
        var repeated: Set<String> = []
        for definition in definitions {
            let name = definition.variable.name.value
            guard !seen.insert(name).inserted, repeated.insert(name).inserted else { continue }
            let first = definitions.first { $0.variable.name.value == name }
            report("There can be only one variable named \"$\(name)\".", at: first?.variable.name)
        }
    }

    /// Fragments no operation reaches, and fragments that spread themselves (directly or not).
    mutating func checkFragmentUse(_ operations: [Scope]) {
        var used: Set<String> = []
        for operation in operations { used.formUnion(reachedFragments(from: operation).map(\.name.value)) }
        for case let fragment as FragmentDefinition in document.definitions where !used.contains(fragment.name.value) {
            report("Fragment \"\(fragment.name.value)\" is never used.", at: fragment)
        }
        var cycles = CycleSearch()
        for case let fragment as FragmentDefinition in document.definitions {
            cycles.search(fragment, in: self)
        }
        for (message, spread) in cycles.found { report(message, at: spread) }
    }

    /// The fragments `scope` spreads, and those they spread, each once (known ones only).
    func reachedFragments(from scope: Scope) -> [FragmentDefinition] {
        var reached: [FragmentDefinition] = []
        var names: Set<String> = []
        var pending = scope.spreads
        while let spread = pending.popLast() {
            guard names.insert(spread.name.value).inserted, let fragment = fragments[spread.name.value] else {
                continue
            }
            reached.append(fragment)
            pending += fragmentScopes[spread.name.value]?.spreads ?? []
        }
        return reached
    }

    /// An operation's variables: defined if used, used if defined, of a type each place accepts.
    mutating func checkVariables(of operation: OperationDefinition, _ scope: Scope) {
        var usages = scope.usages
        for fragment in reachedFragments(from: scope) {
            usages += fragmentScopes[fragment.name.value]?.usages ?? []
        }
        var definitions: [String: VariableDefinition] = [:]
        for definition in operation.variableDefinitions { definitions[definition.variable.name.value] = definition }
        let operationName = operation.name.map { " by operation \"\($0.value)\"" } ?? ""
        for usage in usages {
            let name = usage.variable.name.value
            guard let definition = definitions[name] else {
                report("Variable \"$\(name)\" is not defined\(operationName).", at: usage.variable)
                continue
            }
            guard let expected = usage.type else { continue }
            let declared = Shape(definition.type)
            guard type(declared.named) != nil, !allowed(declared, definition, in: expected, usage) else { continue }
            report(
                "Variable \"$\(name)\" of type \"\(declared)\" used in position expecting type \"\(expected)\".",
                at: definition)
        }
        let used = Set(usages.map(\.variable.name.value))
        let inOperation = operation.name.map { " in operation \"\($0.value)\"" } ?? ""
        for definition in operation.variableDefinitions where !used.contains(definition.variable.name.value) {
            report("Variable \"$\(definition.variable.name.value)\" is never used\(inOperation).", at: definition)
        }
    }

    /// A nullable variable may stand where a non-null value is expected only when it or the place
    /// has a default.
    private func allowed(_ declared: Shape, _ definition: VariableDefinition, in expected: Shape, _ usage: Usage)
        -> Bool
    {
        if case .nonNull(let inner) = expected, !declared.isNonNull {
            let variableDefault = definition.defaultValue.map { !($0 is NullValue) } ?? false
            guard variableDefault || usage.placeHasDefault else { return false }
            return declared.isSubtype(of: inner)
        }
        return declared.isSubtype(of: expected)
    }
}

/// Fragments spread within themselves, searched from each fragment in order (each once), as
/// GraphQLSwift searches them, so the same cycle is reported at the same spread.
private struct CycleSearch {
    var visited: Set<String> = []
    var path: [FragmentSpread] = []
    var pathIndex: [String: Int] = [:]
    var found: [(String, FragmentSpread)] = []

    mutating func search(_ fragment: FragmentDefinition, in validator: GraphQLValidator) {
        let name = fragment.name.value
        guard visited.insert(name).inserted else { return }
        let spreads = Self.spreads(in: fragment.selectionSet)
        guard !spreads.isEmpty else { return }
        pathIndex[name] = path.count
        for spread in spreads {
            let target = spread.name.value
            path.append(spread)
            if let start = pathIndex[target] {
                let cycle = path[start...]
                let via = cycle.dropLast().map { "\"\($0.name.value)\"" }.joined(separator: ", ")
                let message =
                    "Cannot spread fragment \"\(target)\" within itself" + (via.isEmpty ? "." : " via \(via).")
                found.append((message, path[start]))
            } else if let next = validator.fragments[target] {
                search(next, in: validator)
            }
            path.removeLast()
        }
        pathIndex[name] = nil
    }

    /// The spreads in a selection set and those nested in it, in GraphQLSwift's order (a set's own
    /// spreads, then the nested sets from the last).
    static func spreads(in set: SelectionSet) -> [FragmentSpread] {
        var spreads: [FragmentSpread] = []
        var pending = [set]
        while let next = pending.popLast() {
            for selection in next.selections {
                switch selection {
                case let spread as FragmentSpread: spreads.append(spread)
                case let field as Field: if let inner = field.selectionSet { pending.append(inner) }
                case let inline as InlineFragment: pending.append(inline.selectionSet)
                default: break
                }
            }
        }
        return spreads
    }
}

extension GraphQLVariablesCheck.Shape {
    var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// A value of this type may stand where `other` is expected (same type, or non-null for nullable).
    func isSubtype(of other: Self) -> Bool {
        switch (self, other) {
        case (.nonNull(let inner), .nonNull(let otherInner)): inner.isSubtype(of: otherInner)
        case (_, .nonNull): false
        case (.nonNull(let inner), _): inner.isSubtype(of: other)
        case (.list(let inner), .list(let otherInner)): inner.isSubtype(of: otherInner)
        case (.named(let name), .named(let otherName)): name == otherName
        default: false
        }
    }
}
