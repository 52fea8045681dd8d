import TUI
import Workspace

/// The dialogs' layout: the centred boxes and the lines of the scrolled ones (help, variables, a
/// viewer, collection problems), the palette and the prompt's field; `settle` keeps each scroll
/// within its lines and fits the palette's and the prompt's text fields to their boxes.
enum OverlayLayout {
    static let helpWidth = 84
    static let variablesWidth = 100
    static let problemsWidth = 110

    /// A centred box of `width` (at most the screen's less 2) for `count` lines, and inside it.
    static func textBox(count: Int, width: Int, screen: Rect) -> (box: Rect, inner: Rect) {
        let boxWidth = max(10, min(screen.width - 2, width))
        let boxHeight = max(3, min(screen.height - 2, count + 2))
        let box = screen.centered(width: boxWidth, height: boxHeight)
        return (box, box.inset(horizontal: 1, vertical: 1))
    }

    /// The first line a box of `height` lines shows of `count` lines scrolled by `scroll`: never
    /// past the last screenful, so scrolling back up moves at once.
    static func clamped(_ scroll: Int, _ count: Int, _ height: Int) -> Int {
        max(0, min(scroll, count - height))
    }

    /// Help: the focused pane's keys (the most specific context first), then the rest, then
    /// everywhere; the Runner view takes no `outside` keys.
    static func helpLines(_ state: ExplorerState) -> [Line] {
        let theme = state.theme
        let contexts = state.keyContexts
        let inRunner = state.runner?.isShown == true
        var lines: [Line] = [
            Line(
                inRunner
                    ? "Keys for the Runner view, then everywhere (Esc closes)"
                    : "Keys for the \(state.focus.title.lowercased()) pane, then everywhere (Esc closes)",
                style: theme[.title])
        ]
        let ordered = contexts.filter { $0 != .outside } + (inRunner ? [] : [.outside])
        for context in ordered {
            lines.append(Line(""))
            lines.append(Line(context.heading, style: theme[.title]))
            lines += state.keys.keymap.helpLines(context, keyStyle: theme[.accent])
        }
        lines.append(Line(""))
        lines.append(Line(KeyContext.global.heading, style: theme[.title]))
        let global = state.keys.keymap.helpLines(.global, keyStyle: theme[.accent])
        lines += global
        // Esc is not in the table: its row lines up with the table's text column.
        let gap = String(repeating: " ", count: max(2, helpTextColumn(global) - 3))
        let escText = inRunner ? "Hide the Runner view" : "Cancel the request in flight / leave a text field"
        lines.append(Line([Span("esc", style: theme[.accent]), Span(gap + escText)]))
        return lines
    }

    /// Where the help text starts in `lines` (`helpLines`: the keys, then spaces, then the text).
    private static func helpTextColumn(_ lines: [Line]) -> Int {
        guard let spans = lines.first?.spans, spans.count >= 2 else { return 5 }
        return CharacterWidth.of(spans[0].text) + spans[1].text.prefix { $0 == " " }.count
    }

    static func viewerWidth(_ screen: Rect) -> Int {
        max(20, min(screen.width - 4, 110))
    }

    /// A viewer's text wrapped to its box: up to 256 KB on screen (y still copies all of it).
    static func viewerLines(_ text: String, width: Int, _ theme: Theme) -> [Line] {
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
        return lines
    }

    /// Every collection file's diagnostics, wrapped to the box (at 80 columns a message ran past
    /// its edge), continued under its text; then the recent error and warning notices in full.
    static func problemsLines(_ state: ExplorerState, screen: Rect) -> [Line] {
        let theme = state.theme
        let wrapWidth = max(10, min(screen.width - 2, problemsWidth) - 2)
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
        // The notices the status line may have cut (a failed write: its cause and its file), whole.
        if !state.messages.isEmpty {
            lines.append(Line(""))
            lines.append(Line("Recent messages, newest first", style: theme[.text].bold))
            for message in state.messages.reversed() {
                // A message with details (what an export could not carry) has a line for each.
                for (number, part) in message.split(separator: "\n").enumerated() {
                    let pieces = Paragraph.wrapped(Line(String(part)), width: wrapWidth - 4 - (number == 0 ? 0 : 2))
                    for (index, piece) in pieces.enumerated() {
                        let text = piece.spans.map(\.text).joined()
                        let indent = (number == 0 ? "  " : "    ") + (index == 0 ? "" : "  ")
                        lines.append(Line(indent + text, style: theme[number == 0 ? .text : .muted]))
                    }
                }
            }
        }
        return lines
    }

    /// The command palette over the whole screen.
    static func paletteWidget(_ state: ExplorerState) -> CommandPalette {
        let commands = ExplorerCommands.list(for: state)
        return state.theme.palette(commands: commands.map(\.title), shortcuts: commands.map(\.shortcut))
    }

    /// A prompt's box: its field, the keys, and an error when there is one.
    static func promptBox(_ prompt: PromptState, screen: Rect) -> Rect {
        let width = min(screen.width - 4, 70)
        return screen.centered(width: width, height: 5 + promptErrorLines(prompt, width: width - 4).count)
    }

    /// The prompt's error, wrapped to the box (cut at its edge, the advice after the colon was lost).
    static func promptErrorLines(_ prompt: PromptState, width: Int, style: Style = .plain) -> [Line] {
        guard let error = prompt.error else { return [] }
        return Paragraph.wrapped(Line("✖ " + error, style: style), width: width)
    }

    static func promptInput(_ prompt: PromptState, _ state: ExplorerState) -> TextInput {
        let theme = state.theme
        return TextInput(
            placeholder: placeholder(for: prompt.purpose), style: theme.base, placeholderStyle: theme[.muted],
            selectionStyle: theme[.selection], focused: true)
    }

    /// What an empty prompt asks for: a file path or a folder path is not a "name".
    private static func placeholder(for purpose: PromptState.Purpose) -> String {
        switch purpose {
        case .saveBody, .importFile, .exportFile: "path of the file"
        case .moveRequest, .moveFolder: "Folder/Sub (empty: the top level)"
        case .saveMockRoute: "mock environment"
        case .streamJoin: "JSONPath, e.g. $.choices[0].delta.content (empty: no joined view)"
        default: "name"
        }
    }

    static func settle(_ state: inout ExplorerState) {
        guard let overlay = state.overlay else { return }
        let screen = Rect(size: state.size)
        switch overlay {
        case .help(let scroll):
            let count = helpLines(state).count
            let inner = textBox(count: count, width: helpWidth, screen: screen).inner
            state.overlays.overlay = .help(scroll: clamped(scroll, count, inner.height))
        case .palette(var palette):
            paletteWidget(state).layout(in: screen, state: &palette)
            state.overlays.overlay = .palette(palette)
        case .variables(let scroll):
            let count = VariableLines.lines(state, width: min(screen.width - 2, variablesWidth) - 2).count
            let inner = textBox(count: count, width: variablesWidth, screen: screen).inner
            state.overlays.overlay = .variables(scroll: clamped(scroll, count, inner.height))
        case .prompt(var prompt):
            let inner = promptBox(prompt, screen: screen).inset(horizontal: 2, vertical: 1)
            promptInput(prompt, state).layout(in: inner.row(0), state: &prompt.field)
            state.overlays.overlay = .prompt(prompt)
        case .viewer(let title, let text, let scroll):
            let width = viewerWidth(screen)
            let count = viewerLines(text, width: width, state.theme).count
            let inner = textBox(count: count, width: width, screen: screen).inner
            state.overlays.overlay = .viewer(title: title, text: text, scroll: clamped(scroll, count, inner.height))
        case .environmentEditor:
            EnvironmentEditorLayout.settle(&state)
        case .problems(let scroll):
            let count = problemsLines(state, screen: screen).count
            let inner = textBox(count: count, width: problemsWidth, screen: screen).inner
            state.overlays.overlay = .problems(scroll: clamped(scroll, count, inner.height))
        case .historyBrowser(var browser):
            HistoryBrowserLayout.settle(&browser, state)
            state.overlays.overlay = .historyBrowser(browser)
        case .graphqlSchema(var browser):
            GraphQLSchemaBrowserLayout.settle(&browser, state)
            state.overlays.overlay = .graphqlSchema(browser)
        case .sendPrompts:
            SendPromptsLayout.settle(&state)
        case .webSocketComposer:
            WebSocketComposerLayout.settle(&state)
        default:
            break
        }
    }
}
