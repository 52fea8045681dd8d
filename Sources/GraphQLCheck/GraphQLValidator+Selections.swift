import GraphQL

/// Operations, fragments and their selections: fields on the type in scope (with suggestions),
/// leaves without and objects with a selection, fragments on types that can overlap, arguments and
/// directives. `parent` is the type whose fields are selected; nil where it is unknown (an unknown
/// field's subfields, a fragment on an unknown type), and then nothing inside is reported but the
/// variables and spreads are still collected.
extension GraphQLValidator {
    mutating func walk(_ operation: OperationDefinition) {
        let root: String?
        switch operation.operation {
        case .query: root = index.queryType
        case .mutation: root = index.mutationType
        case .subscription: root = index.subscriptionType
        }
        // GraphQLSwift says nothing of an operation the schema has no root for (graphql-js does).
        if root == nil {
            report("The \(operation.operation.rawValue) operation is not supported by the schema.", at: operation)
        }
        for definition in operation.variableDefinitions { check(definition) }
        checkDirectives(operation.directives, at: operation.operation.rawValue.uppercased())
        walk(operation.selectionSet, in: root.flatMap(type))
    }

    mutating func walk(_ fragment: FragmentDefinition) {
        let condition = checkCondition(fragment.typeCondition, of: fragment.name.value)
        checkDirectives(fragment.directives, at: "FRAGMENT_DEFINITION")
        walk(fragment.selectionSet, in: condition?.kind.isComposite == true ? condition : nil)
    }

    mutating func walk(_ set: SelectionSet, in parent: GraphQLSchemaIndex.TypeInfo?) {
        for selection in set.selections {
            switch selection {
            case let field as Field: walk(field, in: parent)
            case let spread as FragmentSpread: walk(spread, in: parent)
            case let inline as InlineFragment: walk(inline, in: parent)
            default: break
            }
        }
    }

    private mutating func walk(_ node: Field, in parent: GraphQLSchemaIndex.TypeInfo?) {
        let name = node.name.value
        let definition = parent.flatMap { field(name, of: $0) }
        if let parent, definition == nil { reportUnknownField(node, on: parent) }
        let owner = definition.map {
            ArgumentOwner(arguments: $0.arguments, kind: .field(name: $0.name, parent: parent?.name ?? ""))
        }
        checkArguments(node.arguments, of: owner, node: node)
        checkDirectives(node.directives, at: "FIELD")
        var inner: GraphQLSchemaIndex.TypeInfo?
        if let definition, let named = type(definition.namedType) {
            if named.kind.isLeaf {
                if let selections = node.selectionSet {
                    report(
                        "Field \"\(name)\" must not have a selection since type \"\(definition.type)\" has no subfields.",
                        at: selections)
                }
            } else {
                inner = named.kind.isComposite ? named : nil
                if node.selectionSet == nil {
                    report(
                        "Field \"\(name)\" of type \"\(definition.type)\" must have a selection of subfields."
                            + GraphQLSuggestions.didYouMean(["\(name) { ... }"]), at: node)
                }
            }
        }
        if let selections = node.selectionSet { walk(selections, in: inner) }
    }

    private mutating func walk(_ spread: FragmentSpread, in parent: GraphQLSchemaIndex.TypeInfo?) {
        let name = spread.name.value
        scope.spreads.append(spread)
        checkDirectives(spread.directives, at: "FRAGMENT_SPREAD")
        guard let fragment = fragments[name] else {
            return report("Unknown fragment \"\(name)\".", at: spread.name)
        }
        guard let parent, let condition = type(fragment.typeCondition.name.value), condition.kind.isComposite,
            !overlap(condition, parent)
        else { return }
        report(
            "Fragment \"\(name)\" cannot be spread here as objects of type \"\(parent.name)\" can never be of type "
                + "\"\(condition.name)\".", at: spread)
    }

    private mutating func walk(_ inline: InlineFragment, in parent: GraphQLSchemaIndex.TypeInfo?) {
        var inner = parent
        if let condition = inline.typeCondition {
            inner = checkCondition(condition, of: nil)
        }
        checkDirectives(inline.directives, at: "INLINE_FRAGMENT")
        if let parent, let inner, inner.kind.isComposite, !overlap(inner, parent) {
            report(
                "Fragment cannot be spread here as objects of type \"\(parent.name)\" can never be of type "
                    + "\"\(inner.name)\".", at: inline)
        }
        walk(inline.selectionSet, in: inner?.kind.isComposite == true ? inner : nil)
    }

    /// A fragment's type condition: known, and an object, interface or union (its type, or nil).
    private mutating func checkCondition(_ condition: NamedType, of fragment: String?) -> GraphQLSchemaIndex.TypeInfo? {
        guard let named = checkKnown(condition) else { return nil }
        if !named.kind.isComposite {
            let subject = fragment.map { "Fragment \"\($0)\" cannot" } ?? "Fragment cannot"
            report("\(subject) condition on non composite type \"\(named.name)\".", at: condition)
        }
        return named
    }

    /// The type `named` names, or a problem (with the nearest names) when the schema has none.
    mutating func checkKnown(_ named: NamedType) -> GraphQLSchemaIndex.TypeInfo? {
        if let known = type(named.name.value) { return known }
        let names = index.typeNames + GraphQLSchemaIndex.introspectionTypeNames
        report(
            "Unknown type \"\(named.name.value)\"."
                + GraphQLSuggestions.didYouMean(GraphQLSuggestions.list(named.name.value, names)), at: named)
        return nil
    }

    /// "Cannot query field", with the types to use an inline fragment on when every type a union
    /// may be has the field, else the parent's nearest field names.
    private mutating func reportUnknownField(_ node: Field, on parent: GraphQLSchemaIndex.TypeInfo) {
        let name = node.name.value
        var suggestion = ""
        let types = suggestedTypes(for: name, on: parent)
        if !types.isEmpty {
            suggestion = GraphQLSuggestions.didYouMean(types, qualifier: "to use an inline fragment on")
        } else if parent.kind != .union {
            suggestion = GraphQLSuggestions.didYouMean(GraphQLSuggestions.list(name, parent.fields.map(\.name)))
        }
        report("Cannot query field \"\(name)\" on type \"\(parent.name)\".\(suggestion)", at: node)
    }

    /// The interfaces (most used first) and the object types that define `name`, when every type
    /// `parent` may be (and every interface those implement) defines it; else none.
    private func suggestedTypes(for name: String, on parent: GraphQLSchemaIndex.TypeInfo) -> [String] {
        guard parent.kind == .interface || parent.kind == .union else { return [] }
        var objects: [String] = []
        var interfaceUses: [String: Int] = [:]
        for possible in parent.possibleTypes {
            guard let object = type(possible), object.field(name) != nil else { return [] }
            objects.append(possible)
            for interface in object.interfaces {
                guard type(interface)?.field(name) != nil else { return [] }
                interfaceUses[interface, default: 0] += 1
            }
        }
        let interfaces = interfaceUses.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        return interfaces.map(\.key) + objects
    }
}
