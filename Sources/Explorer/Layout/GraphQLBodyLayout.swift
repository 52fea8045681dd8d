import TUI

/// Where a GraphQL body's parts go in the Body tab (issue 28): the query editor, its problem
/// lines, the "Variables" line and the variables editor under it. The field with the keyboard
/// gets the room: on a short pane (80×24) the other one shrinks to a few lines, the variables to
/// their title line alone (which then shows them on one line).
enum GraphQLBodyLayout {
    struct Areas: Equatable {
        var query: Rect
        var problems: Rect
        var variablesTitle: Rect
        var variables: Rect
        /// The docs of the name under the cursor, the last line, while the query is typed in.
        var docs: Rect
    }

    /// The query keeps at least this many lines.
    static let minimumQuery = 3

    static func areas(_ state: ExplorerState, _ content: Rect) -> Areas {
        var rest = content.height
        let docs = RequestLayout.isTyping(state) && !state.editor.onVariables && rest >= 6 ? 1 : 0
        rest -= docs
        let title = rest >= minimumQuery + 1 ? 1 : 0
        rest -= title
        let wanted = max(1, state.editor.variables.lineCount)
        let variables: Int
        if state.editor.onVariables {
            variables = max(0, min(max(2, wanted), rest - minimumQuery))
        } else {
            // None typed: the title line says so, and the query keeps the room.
            let empty = !state.editor.variables.text.contains { !$0.isWhitespace }
            variables = rest >= 7 && !empty ? min(wanted, max(2, rest / 3)) : 0
        }
        rest -= variables
        let problems = problemLines(state, available: rest)
        let query = rest - problems
        let x = content.x
        let width = content.width
        return Areas(
            query: Rect(x: x, y: content.y, width: width, height: query),
            problems: Rect(x: x, y: content.y + query, width: width, height: problems),
            variablesTitle: Rect(x: x, y: content.y + rest, width: width, height: title),
            variables: Rect(x: x, y: content.y + rest + title, width: width, height: variables),
            docs: Rect(x: x, y: content.bottom - docs, width: width, height: docs))
    }

    /// The problem lines under the query (at most 3, and none when that would leave the query
    /// fewer than `minimumQuery` lines).
    static func problemLines(_ state: ExplorerState, available: Int) -> Int {
        guard let check = state.editor.graphql else { return 0 }
        let wanted = min(check.problems.count, 3) + (check.schemaProblem == nil ? 0 : 1)
        return available - wanted >= minimumQuery ? wanted : 0
    }

    /// The variables' editor: focused while it has the keyboard.
    static func variablesEditor(_ state: ExplorerState) -> TextArea {
        let theme = state.theme
        return TextArea(
            lineNumbers: true, softWrap: false, style: theme.base, lineNumberStyle: theme[.muted],
            selectionStyle: theme[.selection], focused: RequestLayout.isTyping(state) && state.editor.onVariables)
    }
}
