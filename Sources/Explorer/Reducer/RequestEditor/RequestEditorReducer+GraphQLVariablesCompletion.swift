import GraphQLCheck
import TUI
import Workspace

/// `Ctrl+Space` in a GraphQL body's variables (issue 28): the variables the operation that runs
/// defines, with their types, offered as the JSON object's keys (`"id": ` replaces the name typed,
/// with or without its opening quote). Typing a name on narrows the list.
extension RequestEditorReducer {
    static func completeGraphQLVariables(_ editor: inout RequestEditorState, _ work: inout Work) {
        guard case .graphql(let body)? = work.request?.body.content else { return }
        guard let variables = runningVariables(body) else {
            work.outcome.notice = Notice(
                "No operation to take the variables from: several and none chosen (or one the query lacks)",
                kind: .info)
            return
        }
        guard !variables.isEmpty else {
            work.outcome.notice = Notice("The operation takes no variables", kind: .info)
            return
        }
        guard let list = variablesKeyCompletion(editor, work) else {
            work.outcome.notice = Notice(
                "The operation's variables go where a key of the variables object does", kind: .info)
            return
        }
        editor.completion = list
    }

    /// The list for the variables' cursor: nil unless it is where a key of the top object goes.
    static func variablesKeyCompletion(_ editor: RequestEditorState, _ work: Work) -> CompletionState? {
        guard case .graphql(let body)? = work.request?.body.content,
            let variables = runningVariables(body)
        else { return nil }
        let text = editor.variables
        var before = text.lines.prefix(text.cursor.line).joined(separator: "\n")
        if text.lines.indices.contains(text.cursor.line) {
            before += (text.cursor.line > 0 ? "\n" : "") + text.lines[text.cursor.line].prefix(text.cursor.column)
        }
        // What is typed of the key: its name, after its opening quote when there is one.
        let name = String(before.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
        var rest = before.dropLast(name.count)
        let quoted = rest.last == "\""
        if quoted { rest = rest.dropLast() }
        guard let last = rest.last(where: { !$0.isWhitespace }), last == "{" || last == ",",
            objectDepth(rest) == 1
        else { return nil }
        // Those not given yet first; those given are still offered (a key typed twice is the
        // JSON's problem, said under the field), marked.
        let given = topLevelKeys(text.text)
        let ordered = variables.filter { !given.contains($0.name) } + variables.filter { given.contains($0.name) }
        let items = ordered.map { variable in
            CompletionItem(
                variable.name, insert: "\"\(variable.name)\": ",
                detail: variable.type + (variable.hasDefault ? " (has a default)" : "")
                    + (given.contains(variable.name) ? " · given" : ""))
        }
        guard
            var list = name.isEmpty
                ? CompletionState(items: items, replacing: 0) : Completion.state(matching: name, in: items)
        else { return nil }
        list.replacing = name.count + (quoted ? 1 : 0)
        list.graphql = true
        return list
    }

    /// The variables the operation that runs defines (read leniently: the query need not parse).
    private static func runningVariables(_ body: GraphQLBody) -> [GraphQLOperation.Variable]? {
        GraphQLOperations.chosen(GraphQLOperations.of(body.query), operationName: body.operationName)?.variables
    }

    /// The keys of the top object of `text` (JSON being typed: read leniently).
    private static func topLevelKeys(_ text: String) -> Set<String> {
        var keys: Set<String> = []
        var depth = 0
        var string: String?
        var escaped = false
        var lastString: String?
        for character in text {
            if var current = string {
                if escaped {
                    escaped = false
                    current.append(character)
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    lastString = depth == 1 ? current : nil
                    string = nil
                    continue
                } else {
                    current.append(character)
                }
                string = current
                continue
            }
            switch character {
            case "\"": string = ""
            case "{", "[": depth += 1
            case "}", "]": depth -= 1
            case ":": if let key = lastString { keys.insert(key) }
            default: break
            }
            if !character.isWhitespace, character != "\"" { lastString = nil }
        }
        return keys
    }

    /// How many objects and arrays are open at the end of `text` (strings skipped): 1 in the
    /// variables object itself.
    private static func objectDepth(_ text: Substring) -> Int {
        var depth = 0
        var inString = false
        var escaped = false
        for character in text {
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            switch character {
            case "\"": inString = true
            case "{", "[": depth += 1
            case "}", "]": depth -= 1
            default: break
            }
        }
        return depth
    }
}
