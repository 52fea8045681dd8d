import TUI

/// Keys while a dialog is open: scrolling the help, variables, problems and viewer, the palette
/// and the environment picker, typing in a prompt, and answering a question.
extension OverlayReducer {
    static func key(_ key: KeyEvent, _ overlay: Overlay, _ context: Context, _ state: inout OverlayState) -> Outcome {
        let closes = key == KeyEvent(.escape)
        switch overlay {
        case .variables where key == .char("x"):
            // Forget the captured values of the collection's environment (kept across restarts).
            return context.hasCaptures ? Outcome(requests: [.forgetCaptures]) : Outcome()
        case .variables where key == .char("e"):
            // Edit the collection's variables (the environment's: F2, e).
            guard let id = context.collectionID else { return Outcome() }
            state.overlay = .environmentEditor(EnvironmentEditorState(collectionID: id, scope: .collection))
        case .help(let scroll), .variables(let scroll), .problems(let scroll):
            if closes || key == .char("q") || key == KeyEvent(.function(1)) || key == .char("?")
                || key == KeyEvent(.enter)
                || (key == KeyEvent(.function(4)) && { if case .variables = overlay { true } else { false } }())
            {
                state.overlay = nil
                return Outcome()
            }
            let next = max(0, scroll + scrollStep(key, page: context.page))
            switch overlay {
            case .help: state.overlay = .help(scroll: next)
            case .variables: state.overlay = .variables(scroll: next)
            default: state.overlay = .problems(scroll: next)
            }
        case .viewer(let title, let text, let scroll):
            // The Difference goes back to the conflict question it was opened from.
            if closes || key == .char("q") || key == KeyEvent(.enter) {
                state.overlay = state.overlayBelow
                state.overlayBelow = nil
            } else if key == .char("y") {
                state.overlay = state.overlayBelow
                state.overlayBelow = nil
                return Outcome(effects: [.copy(text)], notice: Notice("Copied: \(title)", kind: .info))
            } else {
                state.overlay = .viewer(
                    title: title, text: text, scroll: max(0, scroll + scrollStep(key, page: context.page)))
            }
        case .palette(var palette):
            let titles = context.palette.map(\.title)
            if closes {
                state.overlay = nil
            } else if key == KeyEvent(.enter) {
                state.overlay = nil
                if let chosen = palette.chosen(in: titles) {
                    return Outcome(requests: [.perform(context.palette[chosen].action)])
                }
            } else {
                _ = palette.handle(.key(key), commands: titles)
                state.overlay = .palette(palette)
            }
        case .environments(let selected):
            return managerKey(key, selected: selected, context, &state)
        case .environmentEditor(let editor):
            return editorKey(key, editor, context, &state)
        case .mockRoutes(let routes):
            return routesKey(key, routes, context, &state)
        case .confirmEnvironmentEdit(let deletion, let selected):
            let outcome = answer(key, overlay, selected, letters: ["d", "c"], context, &state) {
                .confirmEnvironmentEdit(deletion, selected: $0)
            }
            // Esc: nothing deleted, back to where the question came from.
            if outcome.requests.isEmpty, state.overlay == nil { state.overlay = deletion.back }
            return outcome
        case .sendPrompts(let asking):
            return answerPrompt(key, asking, &state)
        case .webSocketComposer(let composer):
            return composerKey(key, composer, &state)
        case .cookies(let dialog):
            return cookiesKey(key, dialog, &state)
        case .sendBlocked(let problems, _, _):
            if closes {
                state.overlay = nil
            } else if key == KeyEvent(.enter) {
                state.overlay = nil
                return Outcome(requests: [.jump(toProblem: problems.first ?? "")])
            }
        case .prompt(var prompt):
            if closes {
                state.overlay = nil
            } else if key == KeyEvent(.enter) {
                return Outcome(requests: [.commitPrompt(prompt)])
            } else {
                _ = prompt.field.handle(key)
                prompt.error = nil
                state.overlay = .prompt(prompt)
            }
        case .quitPrompt(let selected):
            return answer(key, overlay, selected, letters: ["s", "d", "c"], context, &state) {
                .quitPrompt(selected: $0)
            }
        case .recoverDrafts(let count, let selected):
            return answer(key, overlay, selected, letters: ["r", "d"], context, &state) {
                .recoverDrafts(count: count, selected: $0)
            }
        case .conflict(let collectionID, let selected):
            return answer(key, overlay, selected, letters: ["k", "t", "d"], context, &state) {
                .conflict(collectionID: collectionID, selected: $0)
            }
        case .replaceReadOnly(let collectionID, let path, let selected):
            let outcome = answer(key, overlay, selected, letters: ["r", "c"], context, &state) {
                .replaceReadOnly(collectionID: collectionID, path: path, selected: $0)
            }
            // Esc: the save it asked about is not made, and that is said.
            guard outcome.requests.isEmpty, state.overlay == nil else { return outcome }
            let file = String(path.split(separator: "/").last ?? "")
            return Outcome(notice: Notice("Not saved: \(file) is read-only", kind: .warning))
        case .mockRouteExists(let existing, let selected):
            return answer(key, overlay, selected, letters: ["r", "k", "c"], context, &state) {
                .mockRouteExists(existing, selected: $0)
            }
        case .keepSecret(let offer, let selected):
            return answer(key, overlay, selected, letters: ["y", "e", "n"], context, &state) {
                .keepSecret(offer, selected: $0)
            }
        case .historyBrowser(var browser):
            return historyKey(key, &browser, context, &state)
        case .graphqlSchema(var browser):
            return graphqlSchemaKey(key, &browser, context, &state)
        case .graphqlOperations(var picker):
            return graphqlOperationsKey(key, &picker, context, &state)
        case .clearHistory(let question, let selected):
            let letters: [Character] = question.collectionID == nil ? ["a"] : ["c", "a"]
            return answer(key, overlay, selected, letters: letters, context, &state) {
                .clearHistory(question, selected: $0)
            }
        case .acceptSnapshot(let proposal, let selected):
            return answer(key, overlay, selected, letters: ["a", "c"], context, &state) {
                .acceptSnapshot(proposal, selected: $0)
            }
        case .trust(let question, let selected):
            let outcome = answer(key, overlay, selected, letters: ["t", "c"], context, &state) {
                .trust(question, selected: $0)
            }
            // Esc: the waiting send ends as not sent, as with Alt+C.
            guard outcome.requests.isEmpty, state.overlay == nil else { return outcome }
            return Outcome(requests: [.answer(overlay, choice: 1)])
        case .clearCredentialSave(let offer, let selected):
            let outcome = answer(key, overlay, selected, letters: ["s", "m", "c"], context, &state) {
                .clearCredentialSave(offer, selected: $0)
            }
            // Esc: the save it asked about is not made, and that is said.
            guard outcome.requests.isEmpty, state.overlay == nil else { return outcome }
            return Outcome(notice: Notice("Not saved: \(offer.fieldLabel) is still typed as itself", kind: .warning))
        }
        return Outcome()
    }

    static func scrollStep(_ key: KeyEvent, page: Int) -> Int {
        switch key.key {
        case .down, .character("j"): 1
        case .up, .character("k"): -1
        case .pageDown, .character(" "): max(1, page)
        case .pageUp: -max(1, page)
        default: 0
        }
    }

    /// A question's keys: Alt+ an answer's letter chooses it; ←/→/↑/↓/Tab highlight a choice and
    /// Enter takes the highlighted one (none is highlighted at first); Esc closes. A chosen
    /// answer goes to the root. Before the question is armed every key is dropped.
    private static func answer(
        _ key: KeyEvent, _ question: Overlay, _ selected: Int, letters: [Character], _ context: Context,
        _ state: inout OverlayState, _ rebuild: (Int) -> Overlay
    ) -> Outcome {
        guard state.questionIsArmed(now: context.now) else { return Outcome() }
        func chosen(_ choice: Int?) -> Outcome {
            guard let choice else { return Outcome() }
            return Outcome(requests: [.answer(question, choice: choice)])
        }
        if let letter = Questions.answerLetter(key) { return chosen(letters.firstIndex(of: letter)) }
        let count = letters.count
        switch key.key {
        case .escape where key.modifiers.isEmpty:
            state.overlay = nil
        case .left where key.modifiers.isEmpty, .up where key.modifiers.isEmpty, .backTab:
            state.overlay = rebuild(selected < 0 ? count - 1 : (selected + count - 1) % count)
        case .right where key.modifiers.isEmpty, .down where key.modifiers.isEmpty, .tab where key.modifiers.isEmpty:
            state.overlay = rebuild(selected < 0 ? 0 : (selected + 1) % count)
        case .enter where key.modifiers.isEmpty:
            return chosen(selected >= 0 && selected < count ? selected : nil)
        default:
            break
        }
        return Outcome()
    }
}
