import GraphQLCheck
import TUI
import Workspace

/// A GraphQL body's problems (issue 28): a summary on the Body tab's kind line, the problems
/// listed under the editor (`line:column message`, the one `Alt+G` went to highlighted) and the
/// line number of each problem's line marked in the editor's gutter.
enum GraphQLProblemsView {
    /// `✓ matches the schema`, `✓ syntax (no schema)` or `✖ 2 problems · Alt+G`, then where an
    /// introspected schema came from and when; returns the column after it.
    static func renderSummary(
        _ check: GraphQLEditorCheck, _ state: ExplorerState, x: Int, y: Int, maxX: Int, frame: inout Frame
    ) -> Int {
        var x = renderOperation(check, state, x: x, y: y, maxX: maxX, frame: &frame)
        x = renderStatus(check, state, x: x, y: y, maxX: maxX, frame: &frame)
        guard let note = schemaNote(state) else { return x }
        return frame.buffer.write("  · " + note, x: x, y: y, style: state.theme[.muted], maxX: maxX)
    }

    /// ` · query User` when the query has several operations or names one; ` · 3 operations,
    /// none chosen (Alt+P)` when it has several and runs none of them.
    private static func renderOperation(
        _ check: GraphQLEditorCheck, _ state: ExplorerState, x: Int, y: Int, maxX: Int, frame: inout Frame
    ) -> Int {
        guard case .graphql(let body)? = state.selectedRequest?.body.content, !check.checking,
            check.operations.count > 1 || body.operationName != nil
        else { return x }
        if let chosen = GraphQLOperations.chosen(check.operations, operationName: body.operationName) {
            return frame.buffer.write(" · " + chosen.label, x: x, y: y, style: state.theme[.text].bold, maxX: maxX)
        }
        let key = state.keys.keymap.keys(for: .request(.graphqlOperation)).first?.description ?? "the palette"
        let count = check.operations.count
        let text =
            body.operationName.map { " · no operation \($0) (\(key) chooses)" }
            ?? " · \(count) operations, none chosen (\(key))"
        return frame.buffer.write(text, x: x, y: y, style: state.theme[.warning], maxX: maxX)
    }

    private static func renderStatus(
        _ check: GraphQLEditorCheck, _ state: ExplorerState, x: Int, y: Int, maxX: Int, frame: inout Frame
    ) -> Int {
        let theme = state.theme
        if check.checking {
            return frame.buffer.write("  … checking", x: x, y: y, style: theme[.muted], maxX: maxX)
        }
        if !check.problems.isEmpty {
            let count = check.problems.count
            let key = state.keys.keymap.keys(for: .request(.graphqlNextProblem)).first?.description ?? "Alt+G"
            return frame.buffer.write(
                "  ✖ \(count) problem\(count == 1 ? "" : "s") · \(key) next", x: x, y: y, style: theme[.error],
                maxX: maxX)
        }
        if let schemaProblem = check.schemaProblem {
            return frame.buffer.write("  ✖ " + schemaProblem, x: x, y: y, style: theme[.warning], maxX: maxX)
        }
        if check.fetchingSchema {
            return frame.buffer.write(
                "  ✓ valid syntax (fetching the schema…)", x: x, y: y, style: theme[.success], maxX: maxX)
        }
        let note = check.hasSchema ? "  ✓ matches the schema" : "  ✓ valid syntax (no schema file)"
        return frame.buffer.write(note, x: x, y: y, style: theme[.success], maxX: maxX)
    }

    /// `schema from introspection, fetched 12 min ago` for the selected request's collection.
    static func schemaNote(_ state: ExplorerState) -> String? {
        guard let collectionID = state.selection?.collectionID,
            case .introspected(_, let origin)? = state.collections.first(where: { $0.collectionID == collectionID })?
                .graphqlSchema
        else { return nil }
        return "schema from introspection, fetched " + ago(state.now - origin.fetched)
    }

    /// `just now`, `12 min ago`, `3 h ago`, `2 days ago`.
    static func ago(_ duration: Duration) -> String {
        let minutes = Int(duration.components.seconds / 60)
        if minutes < 1 { return "just now" }
        if minutes < 60 { return "\(minutes) min ago" }
        if minutes < 48 * 60 { return "\(minutes / 60) h ago" }
        return "\(minutes / (24 * 60)) days ago"
    }

    /// The problem lines (in `problems`, under the query) and the gutter marks in `editor`.
    static func render(
        _ check: GraphQLEditorCheck, _ state: ExplorerState, editor: Rect, problems content: Rect, frame: inout Frame
    ) {
        let theme = state.theme
        let body = state.editor.body
        // The gutter is as wide as the last line number, plus a space (TextArea's).
        let gutter = String(body.lineCount).count + 1
        for problem in check.problems {
            let row = problem.line - 1 - body.topLine
            guard row >= 0, row < editor.height else { continue }
            frame.buffer.setStyle(
                theme[.error].bold, in: Rect(x: editor.x, y: editor.y + row, width: gutter - 1, height: 1))
        }
        var y = content.y
        if let schemaProblem = check.schemaProblem, y < content.bottom, !check.problems.isEmpty {
            frame.buffer.write("✖ " + schemaProblem, x: content.x, y: y, style: theme[.warning], maxX: content.right)
            y += 1
        }
        for (index, problem) in check.problems.enumerated() where y < content.bottom {
            let style = index == check.current ? theme[.error].reverse : theme[.error]
            frame.buffer.write(
                "✖ \(problem.line):\(problem.column) \(problem.message)", x: content.x, y: y, style: style,
                maxX: content.right)
            y += 1
        }
    }
}
