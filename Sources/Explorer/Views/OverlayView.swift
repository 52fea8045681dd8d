import TUI
import Workspace

/// Dialogs over the panes: help, palette, environments, variables, prompts, choices, viewers.
enum OverlayView {
    static func render(_ state: inout ExplorerState, into frame: inout Frame) {
        guard let overlay = state.overlay else { return }
        let theme = state.theme
        let screen = frame.area
        switch overlay {
        case .help(let scroll):
            let contexts = ["global"] + ExplorerReducer.contexts(of: state)
            let inRunner = state.runner?.isShown == true
            var lines: [Line] = [
                Line(
                    inRunner
                        ? "Keys for the Runner view, then everywhere (Esc closes)"
                        : "Keys for the \(state.focus.title.lowercased()) pane, then everywhere (Esc closes)",
                    style: theme[.title])
            ]
            // The focused pane's own keys first (the most specific context first), then the rest;
            // the Runner view takes no `outside` keys.
            let ordered =
                contexts.filter { $0 != "global" && $0 != "outside" } + (inRunner ? [] : ["outside"])
            for context in ordered {
                lines.append(Line(""))
                lines.append(Line(contextTitle(context), style: theme[.title]))
                lines += state.keys.keymap.helpLines(contexts: [context], keyStyle: theme[.accent])
            }
            lines.append(Line(""))
            lines.append(Line("Everywhere", style: theme[.title]))
            let global = state.keys.keymap.helpLines(contexts: ["global"], keyStyle: theme[.accent])
            lines += global
            // Esc is not in the table: its row lines up with the table's text column.
            let gap = String(repeating: " ", count: max(2, helpTextColumn(global) - 3))
            let escText = inRunner ? "Hide the Runner view" : "Cancel the request in flight / leave a text field"
            lines.append(Line([Span("esc", style: theme[.accent]), Span(gap + escText)]))
            let inner = textBox("Help", lines, scroll: scroll, width: 84, state, &frame)
            state.overlay = .help(scroll: clamped(scroll, lines.count, inner.height))
        case .palette:
            let commands = ExplorerCommands.list(for: state)
            guard case .palette(var palette) = overlay else { return }
            frame.render(
                theme.palette(commands: commands.map(\.title), shortcuts: commands.map(\.shortcut)), in: screen,
                state: &palette)
            state.overlay = .palette(palette)
            frame.cursor = palette.query.screenCursor
        case .environments(let selected):
            guard let id = state.currentCollectionID, let collection = state.document(collectionID: id)?.collection
            else { return }
            let current = state.environmentName(collectionID: id)
            var lines: [Line] = []
            for (index, environment) in collection.environments.enumerated() {
                let marker = environment.name == current ? "● " : "  "
                var line = Line([
                    Span(marker, style: theme[.success]),
                    Span(environment.name.padding(14), style: theme[.text].bold),
                    Span(
                        environment.kind.rawValue.padding(6), style: theme[environment.kind == .mock ? .info : .success]
                    ),
                    Span(environment.baseURL, style: theme[.muted]),
                ])
                if index == selected { line.style = theme[.selection] }
                lines.append(line)
            }
            lines.append(Line(""))
            // Wrapped: at 80 columns the hint ran past the box.
            lines += Paragraph.wrapped(
                Line(
                    "Enter switches (the next send follows; requests in flight keep their target) · Esc closes",
                    style: theme[.muted]), width: max(10, min(screen.width - 2, 92) - 2))
            let box = textBox("Environment · \(collection.name)", lines, scroll: 0, width: 92, state, &frame)
            if selected < collection.environments.count {
                frame.buffer.setStyle(
                    theme[.selection], in: Rect(x: box.x, y: box.y + selected, width: box.width, height: 1))
            }
        case .variables(let scroll):
            let lines = VariableLines.lines(state, width: min(screen.width - 2, 100) - 2)
            let title = "Variables in scope (F4 or Esc closes)"
            let inner = textBox(title, lines, scroll: scroll, width: 100, state, &frame)
            state.overlay = .variables(scroll: clamped(scroll, lines.count, inner.height))
        case .quitPrompt(let selected):
            let count = state.dirtyCount
            let message =
                count == 1
                ? "1 request has unsaved edits. Save it before quitting?"
                : "\(count) requests have unsaved edits. Save them before quitting?"
            frame.render(
                fitted(
                    theme.dialog(
                        title: "Unsaved edits", message: message,
                        buttons: ["Save all (s)", "Discard (d)", "Cancel (c)"], selectedButton: selected)),
                in: screen)
        case .sendBlocked(let problems, _):
            var lines = [Line("Not sent: these placeholders have no value in this environment.", style: theme[.text])]
            // Wrapped under their text: a long one was cut at the box's edge ("… or L").
            let wrapWidth = max(10, min(screen.width - 2, 90) - 2)
            for problem in problems {
                for (index, piece) in Paragraph.wrapped(Line(problem), width: wrapWidth - 4).enumerated() {
                    let text = piece.spans.map(\.text).joined()
                    lines.append(Line((index == 0 ? "  • " : "    ") + text, style: theme[.warning]))
                }
            }
            lines.append(Line(""))
            lines.append(
                Line("Enter: go to the first one · F2: pick another environment · Esc: close", style: theme[.muted]))
            textBox("✖ Unresolved variables", lines, scroll: 0, width: 90, state, &frame)
        case .recoverDrafts(let count, let selected):
            frame.render(
                theme.dialog(
                    title: "Unsaved drafts found",
                    message:
                        "Lazer did not close cleanly last time. "
                        + (count == 1
                            ? "1 unsaved draft was kept. Restore it?"
                            : "\(count) unsaved drafts were kept. Restore them?"),
                    buttons: ["Restore (r)", "Discard (d)"], selectedButton: selected),
                in: screen)
        case .conflict(let id, let selected):
            let name = state.document(collectionID: id)?.collection.name ?? id
            frame.render(
                fitted(
                    theme.dialog(
                        title: "\(name) changed on disk",
                        message:
                            "The file was changed by another program while you have unsaved edits. Keep your edits, take the file's version, or see the difference?",
                        buttons: ["Keep mine (k)", "Take theirs (t)", "Difference (d)"], selectedButton: selected)),
                in: screen)
        case .replaceReadOnly(let id, let path, let selected):
            let name = state.document(collectionID: id)?.collection.name ?? String(path.split(separator: "/").last ?? "")
            frame.render(
                fitted(
                    theme.dialog(
                        title: "\(name) is read-only",
                        message:
                            "\(path) has no write permission. Replace it with your changes anyway (it stays read-only), or cancel and keep the file as it is?",
                        buttons: ["Replace (r)", "Cancel (c)"], selectedButton: selected)),
                in: screen)
        case .mockRouteExists(let existing, let selected):
            let answers = existing.answers == 1 ? "its answer" : "its \(existing.answers) answers"
            frame.render(
                fitted(
                    theme.dialog(
                        title: "\(existing.environment) already answers this request",
                        message:
                            "The mock environment \(existing.environment) has a route for \(existing.route). Replace \(answers) with this response, keep both (a sequence: the current answer first, then this one), or cancel?",
                        buttons: ["Replace (r)", "Keep both (k)", "Cancel (c)"], selectedButton: selected)),
                in: screen)
        case .prompt(var prompt):
            let width = min(screen.width - 4, 70)
            let box = screen.centered(width: width, height: prompt.error == nil ? 5 : 6)
            frame.buffer.fill(box, with: .blank(theme.base))
            frame.render(
                Block(
                    title: Line(" " + prompt.title + " ", style: theme[.title]), borderStyle: theme[.focusedBorder],
                    style: theme.base), in: box)
            let inner = box.inset(horizontal: 2, vertical: 1)
            frame.render(
                TextInput(
                    placeholder: placeholder(for: prompt.purpose), style: theme.base, placeholderStyle: theme[.muted],
                    selectionStyle: theme[.selection], focused: true),
                in: inner.row(0), state: &prompt.field)
            frame.cursor = prompt.field.screenCursor
            frame.buffer.write(
                "Enter confirms · Esc cancels", x: inner.x, y: inner.y + 2, style: theme[.muted], maxX: inner.right)
            if let error = prompt.error {
                frame.buffer.write("✖ " + error, x: inner.x, y: inner.y + 3, style: theme[.error], maxX: inner.right)
            }
            state.overlay = .prompt(prompt)
        case .viewer(let title, let text, let scroll):
            let width = max(20, min(screen.width - 4, 110))
            // Up to 256 KB on screen; y still copies all of it.
            let limit = 262_144
            let shown = text.utf8.count > limit ? String(decoding: text.utf8.prefix(limit), as: UTF8.self) : text
            var lines = shown.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
                Paragraph.wrapped(Line(String($0), style: theme[.text]), width: width - 4)
            }
            if shown.utf8.count < text.utf8.count {
                lines.append(
                    Line(
                        "… (the first 256 KB of \(ByteCount.format(Int64(text.utf8.count))); y copies all)",
                        style: theme[.muted]))
            }
            let inner = textBox(title + " (y copies, Esc closes)", lines, scroll: scroll, width: width, state, &frame)
            state.overlay = .viewer(title: title, text: text, scroll: clamped(scroll, lines.count, inner.height))
        case .problems(let scroll):
            // Wrapped to the box (at 80 columns a message ran past its edge), continued under its text.
            let wrapWidth = max(10, min(screen.width - 2, 110) - 2)
            var lines: [Line] = []
            for slot in state.collections where !slot.diagnostics.isEmpty {
                lines.append(Line(slot.path, style: theme[slot.document == nil ? .error : .warning].bold))
                for diagnostic in slot.diagnostics {
                    // A parser message may carry its excerpt and caret on lines of their own.
                    let kind = diagnostic.severity == .error ? "error" : "warning"
                    let location = diagnostic.path.isEmpty ? "" : diagnostic.path + ": "
                    let parts = diagnostic.message.split(separator: "\n", omittingEmptySubsequences: false)
                    let first = "  \(diagnostic.line):\(diagnostic.column) \(kind): \(location)\(parts.first ?? "")"
                    for (index, piece) in Paragraph.wrapped(Line(first), width: wrapWidth - 4).enumerated() {
                        let text = piece.spans.map(\.text).joined()
                        lines.append(Line((index == 0 ? "" : "    ") + text, style: theme[.text]))
                    }
                    lines += parts.dropFirst().map { Line("      " + $0, style: theme[.muted]) }
                }
            }
            if lines.isEmpty {
                lines.append(Line("Every collection file loaded without problems.", style: theme[.success]))
            }
            let inner = textBox("Collection problems", lines, scroll: scroll, width: 110, state, &frame)
            state.overlay = .problems(scroll: clamped(scroll, lines.count, inner.height))
        }
    }

    /// `dialog` widened to fit its buttons in one row (the toolkit's default width of 50 cut the
    /// third of three longer buttons short).
    private static func fitted(_ dialog: Dialog) -> Dialog {
        var dialog = dialog
        let labels = dialog.buttons.reduce(0) { $0 + CharacterWidth.of($1) + 4 } + 2 * max(0, dialog.buttons.count - 1)
        dialog.width = max(dialog.width, labels + 4)
        return dialog
    }

    /// Where the help text starts in `lines` (`helpLines`: the keys, then spaces, then the text).
    private static func helpTextColumn(_ lines: [Line]) -> Int {
        guard let spans = lines.first?.spans, spans.count >= 2 else { return 5 }
        return CharacterWidth.of(spans[0].text) + spans[1].text.prefix { $0 == " " }.count
    }

    /// What an empty prompt asks for: a file path or a folder path is not a "name".
    private static func placeholder(for purpose: PromptState.Purpose) -> String {
        switch purpose {
        case .saveBody, .importFile, .exportFile: "path of the file"
        case .moveRequest, .moveFolder: "Folder/Sub (empty: the top level)"
        case .saveMockRoute: "mock environment"
        default: "name"
        }
    }

    private static func contextTitle(_ context: String) -> String {
        switch context {
        case "outside": "Outside text fields"
        case "runner": "The Runner view (a click selects a request; a second click opens it)"
        case "collections": "Collections"
        case "request": "Request"
        case "response": "Response"
        case "tree": "Tree"
        case "raw": "Raw"
        default: context
        }
    }

    /// A centred box with a title and scrolled lines; returns the inner area.
    @discardableResult
    static func textBox(
        _ title: String, _ lines: [Line], scroll: Int, width: Int, _ state: ExplorerState, _ frame: inout Frame
    ) -> Rect {
        let theme = state.theme
        let screen = frame.area
        let boxWidth = max(10, min(screen.width - 2, width))
        let boxHeight = max(3, min(screen.height - 2, lines.count + 2))
        let box = screen.centered(width: boxWidth, height: boxHeight)
        frame.buffer.fill(box, with: .blank(theme.base))
        frame.render(
            Block(
                title: Line(" " + title + " ", style: theme[.title]), borderStyle: theme[.focusedBorder],
                style: theme.base), in: box)
        let inner = box.inset(horizontal: 1, vertical: 1)
        let first = clamped(scroll, lines.count, inner.height)
        for (row, line) in lines.dropFirst(first).prefix(inner.height).enumerated() {
            _ = line.render(x: inner.x, y: inner.y + row, width: inner.width, buffer: &frame.buffer)
        }
        if lines.count > inner.height, inner.height > 0 {
            // More than fits: which lines are shown, and that the box scrolls, in its bottom border.
            let last = min(lines.count, first + inner.height)
            let more = last < lines.count ? "↓" : "↑"
            let text = " \(first + 1)–\(last) of \(lines.count) \(more) j/k "
            let width = CharacterWidth.of(text)
            if width + 2 <= box.width {
                frame.buffer.write(
                    text, x: box.right - width - 2, y: box.bottom - 1, style: theme[.focusedBorder],
                    maxX: box.right - 1)
            }
        }
        return inner
    }

    /// The first line a box of `height` lines shows of `count` lines scrolled by `scroll`: never
    /// past the last screenful, so scrolling back up moves at once.
    static func clamped(_ scroll: Int, _ count: Int, _ height: Int) -> Int {
        max(0, min(scroll, count - height))
    }
}

/// The variables view: every variable in scope of the selected request's collection and
/// environment, its value (secrets masked) and where it comes from.
enum VariableLines {
    /// `width`: the box's inner width; the value column narrows so the source still shows at 80
    /// columns.
    static func lines(_ state: ExplorerState, width: Int = 98) -> [Line] {
        let valueWidth = max(16, min(44, width - 22 - 14))
        let theme = state.theme
        guard let id = state.currentCollectionID, let document = state.document(collectionID: id) else {
            return [Line("No collection selected.", style: theme[.muted])]
        }
        var lines: [Line] = []
        func row(_ name: String, _ value: String, secret: Bool, source: String) {
            // An unset secret's blank column read as an empty value: say where one comes from.
            let shown =
                secret && value.isEmpty
                ? "(not set: secrets file or $LAZER_VAR_\(name))" : secret ? Redactor.masked(value) : value
            lines.append(
                Line([
                    Span(name.padding(22), style: theme[.jsonKey]),
                    Span(shown.padding(valueWidth), style: theme[secret && value.isEmpty ? .muted : .text]),
                    Span(source, style: theme[.muted]),
                ]))
        }
        var seen = Set<String>()
        let captured = state.captures[id] ?? [:]
        let kept = state.environmentName(collectionID: id).map { "captured, kept for \($0)" } ?? "captured, kept"
        for (name, value) in captured.sorted(by: { $0.key < $1.key }) {
            row(name, value.text, secret: value.secret, source: kept)
            seen.insert(name)
        }
        if !captured.isEmpty {
            lines.append(Line("  x: forget the captured values (kept across restarts)", style: theme[.muted]))
        }
        if let environment = state.environment(collectionID: id) {
            for variable in environment.variables {
                row(
                    variable.name, variable.value, secret: variable.secret,
                    source: "environment \(environment.name)" + (seen.contains(variable.name) ? " (hidden)" : ""))
                seen.insert(variable.name)
            }
            row("(base URL)", environment.baseURL, secret: false, source: "environment \(environment.name)")
        }
        for variable in document.collection.variables {
            row(
                variable.name, variable.value, secret: variable.secret,
                source: "collection" + (seen.contains(variable.name) ? " (hidden)" : ""))
            seen.insert(variable.name)
        }
        // A variable declared secret stays masked where its value comes from the process environment.
        let secrets = Set(
            (document.collection.variables + document.collection.environments.flatMap(\.variables)).filter(\.secret)
                .map(\.name))
        for (name, value) in state.processEnvironment.sorted(by: { $0.key < $1.key }) where name.hasPrefix("LAZER_VAR_")
        {
            let variable = String(name.dropFirst(10))
            // The lowest layer: a name defined above wins (a secret's value comes from here, though).
            let hidden = seen.contains(variable) && !secrets.contains(variable)
            row(
                variable, value, secret: secrets.contains(variable),
                source: hidden ? "hidden: $\(name)" : "process ($\(name))")
        }
        for dynamic in DynamicValues.names { row("$" + dynamic, "(new each send)", secret: false, source: "dynamic") }
        return lines
    }
}
