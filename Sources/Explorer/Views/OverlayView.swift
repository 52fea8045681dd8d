import TUI
import Workspace

/// Dialogs over the panes: help, palette, environments, variables, prompts, choices, viewers.
enum OverlayView {
    static func render(_ state: ExplorerState, into frame: inout Frame) {
        guard let overlay = state.overlay else { return }
        let theme = state.theme
        let screen = frame.area
        switch overlay {
        case .help(let scroll):
            let lines = OverlayLayout.helpLines(state)
            textBox("Help", lines, scroll: scroll, width: OverlayLayout.helpWidth, state, &frame)
        case .palette(let palette):
            frame.render(OverlayLayout.paletteWidget(state), in: screen, laidOut: palette)
            frame.cursor = palette.query.screenCursor
        case .environments(let selected):
            EnvironmentEditorView.manager(selected: selected, state, into: &frame)
        case .environmentEditor(let editor):
            EnvironmentEditorView.editor(editor, state, into: &frame)
        case .mockRoutes(let routes):
            EnvironmentEditorView.routes(routes, state, into: &frame)
        case .confirmEnvironmentEdit(let deletion, let selected):
            frame.render(
                question(
                    theme.dialog(
                        title: "Delete?", message: deletion.message + "\n(Alt+D deletes, Esc keeps it.)",
                        buttons: ["Delete (Alt+D)", "Cancel (Alt+C)"], selectedButton: selected),
                    screen),
                in: screen)
        case .cookies(let dialog):
            CookiesView.render(dialog, state, into: &frame)
        case .variables(let scroll):
            let lines = VariableLines.lines(state, width: min(screen.width - 2, OverlayLayout.variablesWidth) - 2)
            let title = "Variables in scope (e edits the collection's, F2 the environments · F4 or Esc closes)"
            textBox(title, lines, scroll: scroll, width: OverlayLayout.variablesWidth, state, &frame)
        case .quitPrompt(let selected):
            frame.render(
                question(
                    theme.dialog(
                        title: "Unsaved edits", message: QuestionText.quit(state),
                        buttons: ["Save all (Alt+S)", "Discard (Alt+D)", "Cancel (Esc)"], selectedButton: selected),
                    screen),
                in: screen)
        case .sendPrompts(let asking):
            SendPromptsView.render(asking, state, into: &frame)
        case .webSocketComposer(let composer):
            WebSocketComposerView.render(composer, state, into: &frame)
        case .sendBlocked(let problems, _, let heading):
            let intro =
                heading == nil
                ? "Not sent: these placeholders have no value in this environment."
                : "Not sent: nothing went out. Fix what is listed:"
            var lines = [Line(intro, style: theme[.text])]
            // Wrapped under their text: a long one was cut at the box's edge ("… or L").
            let wrapWidth = max(10, min(screen.width - 2, 90) - 2)
            for problem in problems {
                for (index, piece) in Paragraph.wrapped(Line(problem), width: wrapWidth - 4).enumerated() {
                    let text = piece.spans.map(\.text).joined()
                    lines.append(Line((index == 0 ? "  • " : "    ") + text, style: theme[.warning]))
                }
            }
            lines.append(Line(""))
            // A GraphQL operation to choose comes first: Enter opens the picker, no environment helps.
            let choosing = problems.first?.hasPrefix(GraphQLOperationPickerState.sendProblemPrefix) == true
            lines.append(
                Line(
                    choosing
                        ? "Enter: choose the operation · Esc: close"
                        : "Enter: go to the first one · F2: pick another environment · Esc: close",
                    style: theme[.muted]))
            textBox("✖ " + (heading ?? "Unresolved variables"), lines, scroll: 0, width: 90, state, &frame)
        case .recoverDrafts(let count, let selected):
            frame.render(
                question(
                    theme.dialog(
                        title: "Unsaved drafts found",
                        message: QuestionText.recover(
                            count: count, deleted: state.recoveredDraftsOfDeletedRequests),
                        buttons: ["Restore (Alt+R)", "Discard (Alt+D)"], selectedButton: selected),
                    screen),
                in: screen)
        case .conflict(let id, let selected):
            let name = state.document(collectionID: id)?.collection.name ?? id
            frame.render(
                question(
                    theme.dialog(
                        title: "\(name) changed on disk", message: QuestionText.conflict(collectionID: id, state),
                        buttons: ["Keep mine (Alt+K)", "Take theirs (Alt+T)", "Difference (Alt+D)"],
                        selectedButton: selected),
                    screen),
                in: screen)
        case .replaceReadOnly(let id, let path, let selected):
            let name =
                state.document(collectionID: id)?.collection.name ?? String(path.split(separator: "/").last ?? "")
            frame.render(
                fitted(
                    theme.dialog(
                        title: "\(name) is read-only",
                        message:
                            "\(path) has no write permission. Replace it with your changes anyway (Alt+R: it stays read-only), or cancel and keep the file as it is (Alt+C or Esc)? (Or ←/→ and Enter.)",
                        buttons: ["Replace (Alt+R)", "Cancel (Alt+C)"], selectedButton: selected)),
                in: screen)
        case .mockRouteExists(let existing, let selected):
            let answers = existing.answers == 1 ? "its answer" : "its \(existing.answers) answers"
            frame.render(
                fitted(
                    theme.dialog(
                        title: "\(existing.environment) already answers this request",
                        message:
                            "The mock environment \(existing.environment) has a route for \(existing.route). Replace \(answers) with this response (Alt+R), keep both (Alt+K: a sequence, the current answer first, then this one), or cancel (Esc)? (Or ←/→ and Enter.)",
                        buttons: ["Replace (Alt+R)", "Keep both (Alt+K)", "Cancel (Esc)"], selectedButton: selected)),
                in: screen)
        case .keepSecret(let offer, let selected):
            let file = state.slot(collectionID: offer.key.collectionID)?.fileName ?? "the collection file"
            frame.render(
                question(
                    theme.dialog(
                        title: "Keep \(offer.fieldLabel) as a secret?",
                        message: QuestionText.keepSecret(offer, fileName: file),
                        buttons: ["Keep as secret (Alt+Y)", "Another name (Alt+E)", "Leave it (Alt+N)"],
                        selectedButton: selected),
                    screen),
                in: screen)
        case .clearCredentialSave(let offer, let selected):
            let file = state.slot(collectionID: offer.key.collectionID)?.fileName ?? "the collection file"
            let name = state.request(offer.key)?.name ?? "this request"
            frame.render(
                question(
                    theme.dialog(
                        title: "Save \(offer.fieldLabel) in clear?",
                        message: QuestionText.clearCredentialSave(offer, requestName: name, fileName: file),
                        buttons: ["Save anyway (Alt+S)", "Make it a secret (Alt+M)", "Cancel (Alt+C)"],
                        selectedButton: selected),
                    screen),
                in: screen)
        case .historyBrowser(let browser):
            HistoryBrowserView.render(browser, state, into: &frame)
        case .graphqlSchema(let browser):
            GraphQLSchemaBrowserView.render(browser, state, into: &frame)
        case .graphqlOperations(let picker):
            GraphQLOperationPickerView.render(picker, state, into: &frame)
        case .trust(let asked, let selected):
            frame.render(TrustDialog.dialog(asked, selected: selected, theme: theme, screen: screen), in: screen)
        case .clearHistory(let asked, let selected):
            var buttons = ["All: \(asked.allCount) (Alt+A)"]
            var message =
                "Delete recorded exchanges from the history store (the collections' files are not touched). "
            if let id = asked.collectionID {
                let name = state.document(collectionID: id)?.collection.name ?? asked.collectionName
                buttons.insert("\(name): \(asked.collectionCount) (Alt+C)", at: 0)
                message += "This collection: \(asked.collectionCount) entries (Alt+C); "
            }
            let collections = asked.allCollectionIDs.count
            message +=
                "all \(collections) open collection\(collections == 1 ? "" : "s"): \(asked.allCount) entries (Alt+A). Esc cancels."
            frame.render(
                question(
                    theme.dialog(
                        title: "Clear history?", message: message, buttons: buttons, selectedButton: selected), screen),
                in: screen)
        case .acceptSnapshot(let proposal, let selected):
            frame.render(
                question(
                    theme.dialog(
                        title: "Accept as snapshot?", message: proposal.message,
                        buttons: ["Accept (Alt+A)", "Cancel (Alt+C)"], selectedButton: selected), screen),
                in: screen)
        case .prompt(let prompt):
            let box = OverlayLayout.promptBox(prompt, screen: screen)
            frame.buffer.fill(box, with: .blank(theme.base))
            frame.render(
                Block(
                    title: Line(" " + prompt.title + " ", style: theme[.title]), borderStyle: theme[.focusedBorder],
                    style: theme.base), in: box)
            let inner = box.inset(horizontal: 2, vertical: 1)
            frame.render(OverlayLayout.promptInput(prompt, state), in: inner.row(0), laidOut: prompt.field)
            frame.cursor = prompt.field.screenCursor
            frame.buffer.write(
                "Enter confirms · Esc cancels", x: inner.x, y: inner.y + 2, style: theme[.muted], maxX: inner.right)
            let errors = OverlayLayout.promptErrorLines(prompt, width: inner.width, style: theme[.error])
            for (index, line) in errors.enumerated() where inner.y + 3 + index < box.bottom - 1 {
                line.render(x: inner.x, y: inner.y + 3 + index, width: inner.width, buffer: &frame.buffer)
            }
        case .viewer(let title, let text, let scroll):
            let width = OverlayLayout.viewerWidth(screen)
            let lines = OverlayLayout.viewerLines(text, width: width, theme)
            textBox(title + " (y copies, Esc closes)", lines, scroll: scroll, width: width, state, &frame)
        case .problems(let scroll):
            let lines = OverlayLayout.problemsLines(state, screen: screen)
            let title = state.messages.isEmpty ? "Collection problems" : "Collection problems and recent messages"
            textBox(title, lines, scroll: scroll, width: OverlayLayout.problemsWidth, state, &frame)
        }
    }

    /// `dialog` widened to fit its buttons in one row (the toolkit's default width of 50 cut the
    /// third of three longer buttons short).
    /// A question's dialog: wide enough for its buttons and for its answers' explanations.
    private static func question(_ dialog: Dialog, _ screen: Rect) -> Dialog {
        var dialog = fitted(dialog)
        dialog.width = max(dialog.width, min(screen.width - 4, 84))
        return dialog
    }

    private static func fitted(_ dialog: Dialog) -> Dialog {
        var dialog = dialog
        let labels = dialog.buttons.reduce(0) { $0 + CharacterWidth.of($1) + 4 } + 2 * max(0, dialog.buttons.count - 1)
        dialog.width = max(dialog.width, labels + 4)
        return dialog
    }

    /// A centred box with a title and scrolled lines; returns the inner area.
    @discardableResult
    static func textBox(
        _ title: String, _ lines: [Line], scroll: Int, width: Int, _ state: ExplorerState, _ frame: inout Frame
    ) -> Rect {
        let theme = state.theme
        let box = OverlayLayout.textBox(count: lines.count, width: width, screen: frame.area).box
        frame.buffer.fill(box, with: .blank(theme.base))
        frame.render(
            Block(
                title: Line(" " + title + " ", style: theme[.title]), borderStyle: theme[.focusedBorder],
                style: theme.base), in: box)
        let inner = box.inset(horizontal: 1, vertical: 1)
        let first = OverlayLayout.clamped(scroll, lines.count, inner.height)
        for (row, line) in lines.dropFirst(first).prefix(inner.height).enumerated() {
            _ = line.render(x: inner.x, y: inner.y + row, width: inner.width, buffer: &frame.buffer)
            // A line cut at the box's edge ends in …, so it does not read as whole.
            if line.width > inner.width, inner.width > 1 {
                frame.buffer.write(
                    "…", x: inner.right - 1, y: inner.y + row,
                    style: frame.buffer[x: inner.right - 1, y: inner.y + row].style)
            }
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
}
