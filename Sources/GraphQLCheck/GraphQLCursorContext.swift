/// What fits at a place in a GraphQL document being typed (issue 28), worked out from the tokens
/// before it and the schema: a field of the enclosing selection set's type, an argument of the
/// field whose `(` is open, a value of an argument's input type, a type after `on`, a variable
/// after `$`. The document need not parse: braces and parentheses are followed as they come, and
/// what the schema does not know leaves the type unknown (nothing offered there).
package struct GraphQLCursorContext: Equatable {
    package enum Place: Equatable {
        /// A field of the selection set of `type`.
        case field(type: String)
        /// The type of an inline fragment (`... on`) in a selection set of `parent`, or of a
        /// fragment definition (`fragment F on`: nil, any composite type).
        case typeCondition(parent: String?)
        /// After `...`: `on`, or a fragment's name.
        case spread(type: String)
        /// An argument's name of `field` on `type`; `given`: those written already.
        case argument(type: String, field: String, given: [String])
        /// A value of the input type named `type` (an enum's values, `true`/`false`).
        case value(type: String)
        /// A field's name of the input object `type`; `given`: those written already.
        case inputField(type: String, given: [String])
        /// The type of a variable being defined (`$id: ID!`): an input type.
        case variableType
        /// After `$` (not in a definition): a variable of the operation.
        case variable
        /// After `@`: a directive that may stand at `location` (`FIELD`, `QUERY`…, as the
        /// specification names the places).
        case directive(location: String)
        /// An argument's name of the directive `directive`; `given`: those written already.
        case directiveArgument(directive: String, given: [String])
        case nothing
    }

    package var place: Place
    /// The variables the operation around the place defines, with their types, in order.
    package var variables: [(name: String, type: String)]
    /// The fragments the document defines (anywhere in it), with their type conditions.
    package var fragments: [(name: String, type: String)]

    package static func == (lhs: GraphQLCursorContext, rhs: GraphQLCursorContext) -> Bool {
        lhs.place == rhs.place && lhs.variables.map(\.name) == rhs.variables.map(\.name)
            && lhs.fragments.map(\.name) == rhs.fragments.map(\.name)
    }

    /// One open brace, parenthesis or bracket, and what is inside it.
    private struct Frame {
        enum Kind {
            case selection, arguments, directiveArguments, variableDefinitions, object, list
        }

        var kind: Kind
        /// The selection set's type; the type whose field takes the arguments; the input type of
        /// an object or a list's items.
        var type: String?
        /// The field whose arguments these are, or the last field named in a selection set; a
        /// directive's arguments: the directive's name.
        var field: String?
        /// The argument or input field whose value comes after `:`.
        var current: String?
        var given: [String] = []
    }

    /// The place at UTF-8 offset `offset` of `text` (the name being typed there is left out).
    package static func at(_ offset: Int, in text: String, index: GraphQLSchemaIndex) -> GraphQLCursorContext {
        let tokens = GraphQLLexer.tokens(text, before: offset)
        var stack: [Frame] = []
        var variables: [(name: String, type: String)] = []
        var defining: String?
        var definingType = ""
        // The root type of the operation or the fragment definition whose `{` comes next.
        var pendingRoot: String?
        // The keyword of the definition being written (`query`, `fragment`…): where a directive
        // at the document's level stands.
        var definition = "query"
        for (position, token) in tokens.enumerated() {
            let previous = position > 0 ? tokens[position - 1] : nil
            let beforePrevious = position > 1 ? tokens[position - 2] : nil
            guard var top = stack.last else {
                // The document's level: operations and fragment definitions.
                if token.kind == .name {
                    if ["query", "mutation", "subscription", "fragment"].contains(token.text),
                        previous?.isPunctuator("@") != true
                    {
                        definition = String(token.text)
                    }
                    switch token.text {
                    case "query":
                        pendingRoot = index.queryType
                        variables = []
                    case "mutation":
                        pendingRoot = index.mutationType
                        variables = []
                    case "subscription":
                        pendingRoot = index.subscriptionType
                        variables = []
                    default:
                        if previous?.kind == .name, previous?.text == "on" { pendingRoot = String(token.text) }
                    }
                } else if token.isPunctuator("{") {
                    if pendingRoot == nil { variables = [] }
                    stack.append(Frame(kind: .selection, type: pendingRoot ?? index.queryType))
                    pendingRoot = nil
                } else if token.isPunctuator("(") {
                    let directive = previous?.kind == .name && beforePrevious?.isPunctuator("@") == true
                    stack.append(
                        directive
                            ? Frame(kind: .directiveArguments, field: previous.map { String($0.text) })
                            : Frame(kind: .variableDefinitions))
                }
                continue
            }
            stack.removeLast()
            switch token.kind {
            case .name:
                switch top.kind {
                case .selection:
                    // A field's name (after an alias's `:` too), not a directive's, a spread
                    // fragment's or a type condition's.
                    let directive = previous?.isPunctuator("@") == true
                    let spread = previous?.isPunctuator("...") == true
                    let condition = previous?.text == "on" && beforePrevious?.isPunctuator("...") == true
                    if !directive, !spread, !condition { top.field = String(token.text) }
                case .arguments, .object, .directiveArguments:
                    if previous?.isPunctuator(":") != true { top.current = String(token.text) }
                case .variableDefinitions:
                    if previous?.isPunctuator("$") == true {
                        if let defining { variables.append((defining, definingType)) }
                        defining = String(token.text)
                        definingType = ""
                    } else if defining != nil {
                        definingType += token.text
                    }
                default: break
                }
                stack.append(top)
            case .punctuator:
                switch token.text {
                case "{":
                    stack.append(top)
                    switch top.kind {
                    case .selection:
                        if let previous, previous.kind == .name, beforePrevious?.text == "on" {
                            stack.append(Frame(kind: .selection, type: String(previous.text)))
                        } else if previous?.isPunctuator("...") == true {
                            stack.append(Frame(kind: .selection, type: top.type))
                        } else {
                            let type = top.type.flatMap { index.types[$0]?.field(top.field ?? "")?.namedType }
                            stack.append(Frame(kind: .selection, type: type))
                        }
                    case .arguments, .object, .list:
                        stack.append(Frame(kind: .object, type: valueType(of: top, index)))
                    default:
                        stack.append(Frame(kind: .object))
                    }
                case "(":
                    stack.append(top)
                    if let previous, previous.kind == .name, beforePrevious?.isPunctuator("@") == true {
                        stack.append(Frame(kind: .directiveArguments, field: String(previous.text)))
                    } else if top.kind == .selection {
                        stack.append(Frame(kind: .arguments, type: top.type, field: top.field))
                    } else {
                        stack.append(Frame(kind: .directiveArguments))
                    }
                case "[":
                    stack.append(top)
                    if top.kind == .variableDefinitions {
                        if defining != nil { definingType += "[" }
                    } else {
                        stack.append(Frame(kind: .list, type: valueType(of: top, index)))
                    }
                case "]":
                    if top.kind == .variableDefinitions {
                        if defining != nil { definingType += "]" }
                        stack.append(top)
                    } else if top.kind != .list {
                        stack.append(top)
                    }
                case "!":
                    if top.kind == .variableDefinitions, defining != nil { definingType += "!" }
                    stack.append(top)
                case "=":
                    if top.kind == .variableDefinitions, let name = defining {
                        variables.append((name, definingType))
                        defining = nil
                    }
                    stack.append(top)
                case ")":
                    if top.kind == .variableDefinitions, let name = defining {
                        variables.append((name, definingType))
                        defining = nil
                    }
                    if ![.arguments, .directiveArguments, .variableDefinitions].contains(top.kind) {
                        stack.append(top)
                    }
                case "}":
                    if top.kind != .selection && top.kind != .object { stack.append(top) }
                case ":":
                    if [.arguments, .object, .directiveArguments].contains(top.kind), let name = previous,
                        name.kind == .name
                    {
                        top.current = String(name.text)
                        top.given.append(String(name.text))
                    }
                    stack.append(top)
                default:
                    stack.append(top)
                }
            case .value:
                stack.append(top)
            }
        }
        if let defining, stack.last?.kind == .variableDefinitions { variables.append((defining, definingType)) }
        let place = self.place(stack, tokens, index: index, definition: definition)
        return GraphQLCursorContext(place: place, variables: variables, fragments: fragments(in: text))
    }

    /// The named input type of the value being written in `frame` (an argument's or an input
    /// field's, a list's items).
    private static func valueType(of frame: Frame, _ index: GraphQLSchemaIndex) -> String? {
        switch frame.kind {
        case .arguments:
            guard let type = frame.type, let field = frame.field, let name = frame.current else { return nil }
            return index.types[type]?.field(field)?.arguments.first { $0.name == name }?.namedType
        case .object:
            guard let type = frame.type, let name = frame.current else { return nil }
            return index.types[type]?.inputFields.first { $0.name == name }?.namedType
        case .list:
            return frame.type
        case .directiveArguments:
            guard let directive = frame.field, let name = frame.current else { return nil }
            return index.directive(directive)?.arguments.first { $0.name == name }?.namedType
        default:
            return nil
        }
    }

    private static func place(
        _ stack: [Frame], _ tokens: [GraphQLToken], index: GraphQLSchemaIndex, definition: String
    ) -> Place {
        let last = tokens.last
        let beforeLast = tokens.count > 1 ? tokens[tokens.count - 2] : nil
        if last?.isPunctuator("$") == true {
            return stack.last?.kind == .variableDefinitions ? .nothing : .variable
        }
        if last?.isPunctuator("@") == true {
            return directivePlace(stack.last?.kind, tokens, definition: definition).map { .directive(location: $0) }
                ?? .nothing
        }
        guard let top = stack.last else {
            if last?.text == "on", beforeLast?.kind == .name, tokens.count > 2,
                tokens[tokens.count - 3].text == "fragment"
            {
                return .typeCondition(parent: nil)
            }
            return .nothing
        }
        switch top.kind {
        case .selection:
            guard let type = top.type else { return .nothing }
            if last?.text == "on", beforeLast?.isPunctuator("...") == true { return .typeCondition(parent: type) }
            if last?.isPunctuator("...") == true { return .spread(type: type) }
            return .field(type: type)
        case .arguments:
            guard let type = top.type, let field = top.field else { return .nothing }
            if last?.isPunctuator(":") == true {
                return valueType(of: top, index).map { .value(type: $0) } ?? .nothing
            }
            return .argument(type: type, field: field, given: top.given)
        case .object:
            guard let type = top.type else { return .nothing }
            if last?.isPunctuator(":") == true {
                return valueType(of: top, index).map { .value(type: $0) } ?? .nothing
            }
            return .inputField(type: type, given: top.given)
        case .list:
            return top.type.map { .value(type: $0) } ?? .nothing
        case .variableDefinitions:
            if last?.isPunctuator(":") == true || last?.isPunctuator("[") == true { return .variableType }
            return .nothing
        case .directiveArguments:
            guard let directive = top.field else { return .nothing }
            if last?.isPunctuator(":") == true {
                return valueType(of: top, index).map { .value(type: $0) } ?? .nothing
            }
            return .directiveArgument(directive: directive, given: top.given)
        }
    }

    /// Where a directive after the last token (an `@`) stands, as the specification names the
    /// place; nil inside values and arguments.
    private static func directivePlace(_ kind: Frame.Kind?, _ tokens: [GraphQLToken], definition: String) -> String? {
        func token(_ back: Int) -> GraphQLToken? { tokens.count > back ? tokens[tokens.count - 1 - back] : nil }
        switch kind {
        case nil:
            switch definition {
            case "mutation": return "MUTATION"
            case "subscription": return "SUBSCRIPTION"
            case "fragment": return "FRAGMENT_DEFINITION"
            default: return "QUERY"
            }
        case .selection?:
            // `... @`, `... on User @`: an inline fragment; `...Name @`: a spread; else a field.
            if token(1)?.isPunctuator("...") == true { return "INLINE_FRAGMENT" }
            if token(1)?.kind == .name, token(2)?.text == "on", token(3)?.isPunctuator("...") == true {
                return "INLINE_FRAGMENT"
            }
            if token(1)?.kind == .name, token(2)?.isPunctuator("...") == true { return "FRAGMENT_SPREAD" }
            return "FIELD"
        case .variableDefinitions?:
            return "VARIABLE_DEFINITION"
        default:
            return nil
        }
    }

    /// Every `fragment Name on Type` of the document.
    static func fragments(in text: String) -> [(name: String, type: String)] {
        guard text.contains("fragment") else { return [] }
        let tokens = GraphQLLexer.tokens(text, before: Int.max)
        var found: [(name: String, type: String)] = []
        var position = 0
        while position + 3 < tokens.count {
            if tokens[position].text == "fragment", tokens[position + 1].kind == .name,
                tokens[position + 2].text == "on",
                tokens[position + 3].kind == .name
            {
                found.append((String(tokens[position + 1].text), String(tokens[position + 3].text)))
                position += 4
            } else {
                position += 1
            }
        }
        return found
    }
}
