package import TUI
import Workspace

/// Draws the whole explorer from its state: the header, the three panes (or the zoomed one), the
/// status bar, and a dialog on top. A function of the state into the buffer: the layout pass
/// (`ExplorerLayout.settle`, run by the reducer) has already fitted scroll offsets, page sizes and
/// text fields to the screen, so views only read. Views draw only the rows on screen.
package enum ExplorerView {
    package static func render(_ state: ExplorerState, into frame: inout Frame) {
        let theme = state.theme
        frame.cursor = nil
        frame.buffer.fill(frame.area, with: .blank(theme.base))
        if ExplorerLayout.isTooSmall(frame.area.size) {
            renderTooSmall(state, into: &frame)
            return
        }
        let layout = ExplorerLayout(state)
        HeaderView.render(state, in: layout.header, buffer: &frame.buffer)
        if let rect = layout.collections { CollectionsPaneView.render(state, in: rect, frame: &frame) }
        if let rect = layout.request { RequestPaneView.render(state, in: rect, frame: &frame) }
        if let rect = layout.response { ResponsePaneView.render(state, in: rect, frame: &frame) }
        CompletionView.render(state, into: &frame)
        if state.runner?.isShown == true {
            RunnerView.render(state, in: RunnerLayout.area(frame.area.size), buffer: &frame.buffer)
        }
        if state.diff.view?.isShown == true {
            DiffView.render(state, in: DiffLayout.area(frame.area.size), buffer: &frame.buffer)
        }
        if state.load?.isShown == true {
            LoadView.render(state, in: RunnerLayout.area(frame.area.size), frame: &frame)
        }
        StatusLineView.render(state, in: layout.statusBar, buffer: &frame.buffer)
        OverlayView.render(state, into: &frame)
    }

    private static func renderTooSmall(_ state: ExplorerState, into frame: inout Frame) {
        let size = frame.area.size
        let lines = [
            "Terminal too small",
            "\(size.width)×\(size.height) — lazer needs at least \(ExplorerLayout.minimumSize.width)×\(ExplorerLayout.minimumSize.height)",
            "Enlarge the window, or press q to quit",
        ]
        // Wrapped to the width (at 20×6 the size needed and `q` were cut off), the title left out
        // when that makes the rest fit.
        func rows(_ lines: ArraySlice<String>) -> [(text: String, title: Bool)] {
            lines.enumerated().flatMap { offset, text in
                Paragraph.wrapped(Line(text), width: max(1, size.width)).map {
                    ($0.spans.map(\.text).joined(), lines.startIndex + offset == 0)
                }
            }
        }
        var shown = rows(lines[...])
        if shown.count > size.height {
            let untitled = rows(lines.dropFirst())
            if untitled.count <= size.height { shown = untitled }
        }
        let top = max(0, (size.height - shown.count) / 2)
        for (index, row) in shown.enumerated() where top + index < size.height {
            let x = max(0, (size.width - CharacterWidth.of(row.text)) / 2)
            frame.buffer.write(
                row.text, x: x, y: top + index, style: row.title ? state.theme[.warning] : state.theme[.muted])
        }
    }

    /// The border block of a pane, highlighted when it has the focus.
    static func paneBlock(_ title: String, _ pane: Pane, _ state: ExplorerState, right: Line? = nil) -> Block {
        let theme = state.theme
        let focused = state.focus == pane
        return Block(
            title: Line(" " + title + " ", style: focused ? theme[.title].bold : theme[.title]), bottomTitle: right,
            borderStyle: theme[focused ? .focusedBorder : .border])
    }
}

/// The top line: the collection and environment in use, what is in flight, the dirty count.
enum HeaderView {
    static func render(_ state: ExplorerState, in area: Rect, buffer: inout Buffer) {
        let theme = state.theme
        buffer.fill(area, with: .blank(theme[.statusBar]))
        var x = buffer.write(
            " lazer", x: area.x, y: area.y, style: theme[.statusBar].patched(with: theme[.accent]).bold)
        // Open streams (a WebSocket, an SSE answer) said apart from requests waiting for an answer.
        let streams = state.openStreamCount
        let waiting = state.inFlightCount - streams
        var parts: [String] = []
        if streams > 0 { parts.append("\(streams) stream\(streams == 1 ? "" : "s") open") }
        if waiting > 0 { parts.append("\(waiting) in flight") }
        var right = parts.isEmpty ? "" : "⇅ " + parts.joined(separator: " · ") + "   "
        right += "F1 help "
        if let id = state.currentCollectionID, let collection = state.document(collectionID: id)?.collection {
            var environmentText = ""
            var environmentStyle = theme[.statusBar]
            if let environment = state.environment(collectionID: id) {
                environmentText = "   env ▸ \(environment.name) (\(environment.kind.rawValue))"
                let role: ThemeRole = environment.kind == .mock ? .info : .success
                environmentStyle = theme[.statusBar].patched(with: theme[role])
            } else if !collection.environments.isEmpty {
                environmentText = "   env ▸ none"
            }
            let dirty = state.isDirty(collectionID: id)
            // A long collection name is cut (with …) before the environment: it pushed out which
            // environment, live or mock, the next send goes to.
            let reserved =
                CharacterWidth.of(environmentText) + (dirty ? 2 : 0) + CharacterWidth.of(right) + 2
            let nameEnd = max(x + 12, area.right - reserved)
            x = buffer.writeFitted(
                " · " + collection.name, x: x, y: area.y, style: theme[.statusBar], maxX: min(area.right, nameEnd))
            if dirty {
                x = buffer.write(" ●", x: x, y: area.y, style: theme[.statusBar].patched(with: theme[.warning]))
            }
            x = buffer.write(environmentText, x: x, y: area.y, style: environmentStyle, maxX: area.right)
        }
        if state.isLoading {
            x = buffer.write("   loading…", x: x, y: area.y, style: theme[.statusBar].patched(with: theme[.muted]))
        }
        let rightX = area.right - CharacterWidth.of(right)
        if rightX > x + 1 { buffer.write(right, x: rightX, y: area.y, style: theme[.statusBar]) }
    }
}

/// The bottom line: a toast when there is one, else key hints; the unsaved count on the right.
enum StatusLineView {
    static func render(_ state: ExplorerState, in area: Rect, buffer: inout Buffer) {
        let theme = state.theme
        let dirty = state.dirtyCount
        var right =
            dirty > 0 ? Line("● \(dirty) unsaved ", style: theme[.statusBar].patched(with: theme[.warning])) : Line("")
        if !state.mouseEnabled { right = Line([Span("mouse off  ")] + right.spans) }
        if let toast = state.toast {
            let role: ThemeRole =
                switch toast.kind {
                case .info: .info
                case .success: .success
                case .warning: .warning
                case .error: .error
                }
            // A message longer than the line is cut in its path, else at its end with … (cut
            // mid-word it read as the whole message; cut at the end, "…Permission d…" lost the cause).
            let rightWidth = min(right.width, area.width)
            let limit = area.right - rightWidth - (rightWidth > 0 ? 1 : 0)
            // A cut error or warning says which key shows it whole (the Problems overlay).
            var width = limit - area.x - 1
            var hints: [KeyHint] = []
            if toast.kind == .error || toast.kind == .warning, CharacterWidth.of(toast.message) > width,
                let hint = state.keys.keymap.hints(for: [.app(.problems)]).first
            {
                let hintWidth = CharacterWidth.of(hint.keys) + 1 + CharacterWidth.of(hint.label) + 2
                if width - hintWidth >= 20 {
                    hints = [hint]
                    width -= hintWidth
                }
            }
            let text = StatusText.fitted(toast.message, width: width)
            let message = Line(text, style: theme[.statusBar].patched(with: theme[role]).bold)
            StatusBar(message: message, hints: hints, right: right, style: theme[.statusBar], keyStyle: theme[.keyHint])
                .render(in: area, buffer: &buffer)
            return
        }
        let hints = typingHints(state) ?? state.keys.keymap.hints(for: hintActions(state))
        StatusBar(message: Line(""), hints: hints, right: right, style: theme[.statusBar], keyStyle: theme[.keyHint])
            .render(in: area, buffer: &buffer)
    }

    /// While the URL or the body is typed in, how to send and how to stop (the widget's own keys,
    /// not the keymap's): the hints used to be the same typing or not, so nothing said the field
    /// still had the keyboard.
    private static func typingHints(_ state: ExplorerState) -> [KeyHint]? {
        guard state.overlay == nil, state.focus == .request else { return nil }
        let send = state.keys.keymap.hints(for: [.request(.send)])
        if state.editor.completion != nil, state.isTyping {
            return [KeyHint("tab", "take it"), KeyHint("down", "next"), KeyHint("esc", "close the list")]
        }
        switch state.editor.focus {
        case .url:
            return [KeyHint("enter", "send"), KeyHint("esc", "stop editing the URL"), KeyHint("down", "the tab")]
        case .editing where state.editor.tab == .body && state.editor.graphql != nil:
            // A GraphQL body: the other field's key (the query ↔ its variables).
            let key = state.keys.keymap.keys(for: .request(.graphqlVariables)).first?.description ?? "alt+v"
            return send + [
                KeyHint("esc", "stop editing"), KeyHint(key, state.editor.onVariables ? "the query" : "variables"),
            ]
        case .editing where state.editor.tab == .body:
            return send + [KeyHint("esc", "stop editing"), KeyHint("tab", "indent")]
        case .editing:
            return send + [KeyHint("esc", "stop editing")]
        case .urlLine:
            return send + [KeyHint("enter", "edit the URL"), KeyHint("down", "back to the tab")]
        case .content:
            // A table cell being typed in: which cell, and how to keep, cancel or move to the other.
            guard let table = state.editor.focusedTable, table.isEditing else { return nil }
            let cell = table.column == .key ? "name" : "value"
            let other = table.column == .key ? "the value" : "the name"
            return [KeyHint("enter", "keep the \(cell)"), KeyHint("esc", "cancel")]
                + (table.keysAreFixed ? [] : [KeyHint("tab", other)])
        }
    }

    private static func hintActions(_ state: ExplorerState) -> [ExplorerCommand] {
        if state.exchange?.inFlight != nil { return [.request(.cancel)] + ExplorerKeymap.hintCommands }
        // The Load view covers the panes: their keys do not apply (its own are on its border).
        if state.load?.isShown == true { return ExplorerKeymap.hintCommands }
        switch state.focus {
        case .collections: return ExplorerKeymap.hintCommands + [.navigator(.filter), .navigator(.newRequest)]
        case .request: return ExplorerKeymap.hintCommands + [.request(.focusURL), .request(.nextTab)]
        case .response:
            return ExplorerKeymap.hintCommands
                + (state.response.tab == .tree ? [.response(.search), .response(.filter)] : [])
        }
    }
}
