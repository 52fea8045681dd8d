import Foundation
import TUI
import Workspace

/// The Auth, Options and Checks tabs: label and value per line, the selected line highlighted,
/// its editor in place while typing, a refused value's reason below, and a key hint.
enum FormView {
    static func render(_ state: ExplorerState, _ request: SavedRequest, in area: Rect, frame: inout Frame) {
        let theme = state.theme
        let rows = RequestForms.rows(state.editor.tab, request)
        let collection = state.selection.flatMap { state.document(collectionID: $0.collectionID) }?.collection
        let focused = RequestLayout.contentFocused(state)
        let (selected, height, offset) = FormLayout.window(state, rowCount: rows.count, in: area)
        let labelWidth = FormLayout.labelWidth
        var lastSection = ""
        for (line, index) in (offset..<rows.count).prefix(height).enumerated() {
            let row = rows[index]
            let y = area.y + line
            var label = row.label
            if state.editor.tab == .checks {
                label = row.label == lastSection ? "" : (row.label == "check" ? "expectations" : "captures")
                lastSection = row.label
            }
            frame.buffer.write(label, x: area.x, y: y, style: theme[.muted], maxX: area.x + labelWidth - 1)
            let valueArea = Rect(x: area.x + labelWidth, y: y, width: max(0, area.width - labelWidth), height: 1)
            if index == selected, focused, let editor = state.editor.formEditor {
                let input = TextInput(
                    style: theme[.accent].underline, selectionStyle: theme[.selection], focused: true)
                // A password or token being typed stays masked (it was shown in clear).
                frame.render(input, in: valueArea, laidOut: row.secret ? FormLayout.masked(editor) : editor)
                frame.cursor = editor.screenCursor
                continue
            }
            let isNew = row.field == .newExpectation || row.field == .newCapture
            let text = isNew ? "+ add (a)" : (row.choices != nil ? "‹ \(row.shown) ›" : row.shown)
            let style = isNew ? theme[.muted] : (row.text.isEmpty ? theme[.muted] : theme[.text])
            let empty = state.editor.tab == .options ? "(default)" : "(empty)"
            let end = frame.buffer.write(
                text.isEmpty ? empty : text, x: valueArea.x, y: y, style: style, maxX: valueArea.right)
            if state.editor.tab == .options,
                let inForce = OptionsInForce.value(of: row.field, request: request, collection: collection)
            {
                frame.buffer.write(
                    " → " + inForce, x: end, y: y, style: theme[.muted], maxX: valueArea.right)
            }
            if index == selected {
                let highlight = focused ? theme[.selection] : theme[.cursorLine]
                frame.buffer.setStyle(highlight, in: Rect(x: area.x, y: y, width: area.width, height: 1))
            }
        }
        // oauth2 is edited in the file: its own line says what it is (the client authentication too).
        var ownOAuth = false
        if case .oauth2 = request.auth.scheme { ownOAuth = true }
        if state.editor.tab == .auth, request.auth.scheme == .inherit || ownOAuth, area.height > 2 {
            renderInherited(state, request, at: area.y + rows.count, in: area, frame: &frame)
        }
        // The token's lines left no room at all (80×24): said at the hint's end.
        var tokenHidden = false
        if state.editor.tab == .auth, let collection,
            case .oauth2(let oauth) = collection.authInForce(for: request).auth.scheme
        {
            var top = area.y + rows.count + (request.auth.scheme == .inherit || ownOAuth ? 2 : 1)
            if let key = AuthSummary.clientKey(oauth), top - 1 < area.bottom - 1 {
                frame.buffer.write("client key", x: area.x, y: top - 1, style: theme[.muted], maxX: area.right)
                frame.buffer.write(
                    key, x: area.x + FormLayout.labelWidth, y: top - 1, style: theme[.muted], maxX: area.right)
                top += 1
            }
            var lines = TokenStateLines.lines(state.exchange?.token, now: state.date, theme)
            // What does not fit is said, not dropped: the claims were cut without a sign.
            let room = max(0, area.bottom - 1 - top)
            tokenHidden = room <= 0 && !lines.isEmpty
            if lines.count > room, room > 0 {
                let hidden = lines.count - room + 1
                lines =
                    Array(lines.prefix(room - 1)) + [
                        [
                            Span(
                                "… \(hidden) more line\(hidden == 1 ? "" : "s"): Alt+Z shows the pane whole",
                                style: theme[.accent])
                        ]
                    ]
            }
            for (index, spans) in lines.enumerated() where top + index < area.bottom - 1 {
                var x = area.x
                for span in spans {
                    x = frame.buffer.write(span.text, x: x, y: top + index, style: span.style, maxX: area.right)
                }
            }
        }
        // An error too long for its line takes the hint's line too (at 80 columns the checks'
        // syntax error stopped at "($…), tim").
        var errorLines = 0
        if let error = state.editor.formError, area.height > 1 {
            let pieces = Paragraph.wrapped(Line("✖ " + error), width: max(1, area.width)).prefix(2)
            errorLines = pieces.count
            for (index, piece) in pieces.enumerated() {
                frame.buffer.write(
                    piece.spans.map(\.text).joined(), x: area.x, y: area.bottom - 2 + index, style: theme[.error],
                    maxX: area.right)
            }
        }
        let hint =
            state.editor.tab == .checks
            ? "Enter edit · a add · d delete · e.g. status equals 200, $.id exists, token = $.token secret"
            : "Enter edit (or next choice) · Esc stop editing"
        // Lines that do not all fit: which are shown, at the hint's end (at 80×24 Options shows
        // three of its seven lines without a sign of the rest).
        var extent = ""
        if rows.count > height, height > 0 {
            let last = min(rows.count, offset + height)
            extent = " \(offset + 1)–\(last) of \(rows.count) \(last < rows.count ? "↓" : "↑")"
        }
        if tokenHidden, extent.isEmpty { extent = " token below: Alt+Z" }
        if area.height > 2, errorLines < 2 {
            let extentWidth = CharacterWidth.of(extent)
            _ = frame.buffer.writeFitted(
                hint, x: area.x, y: area.bottom - 1, style: theme[.muted], maxX: area.right - extentWidth)
            if !extent.isEmpty, extentWidth < area.width {
                frame.buffer.write(
                    extent, x: area.right - extentWidth, y: area.bottom - 1, style: theme[.accent], maxX: area.right)
            }
        }
    }

    /// Under an inheriting request's scheme: where its auth comes from and what it is (under its
    /// own oauth2 scheme: what it is).
    private static func renderInherited(
        _ state: ExplorerState, _ request: SavedRequest, at y: Int, in area: Rect, frame: inout Frame
    ) {
        guard let key = state.selection, let collection = state.document(collectionID: key.collectionID)?.collection
        else { return }
        let inForce = collection.authInForce(for: request)
        let summary = inForce.origin == .nowhere ? "" : AuthSummary.text(inForce.auth)
        let text = inForce.inheritedFrom.map { $0 + (summary.isEmpty ? "" : ": " + summary) } ?? summary
        frame.buffer.write(
            text, x: area.x + FormLayout.labelWidth, y: y, style: state.theme[.muted], maxX: area.right)
    }
}
