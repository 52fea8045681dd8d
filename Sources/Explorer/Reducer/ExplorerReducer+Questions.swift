import TUI

/// When the modal questions open and which keys answer them (see `Questions`).
extension ExplorerReducer {
    /// Asks a question that came on its own (not from a key): it opens after this action when
    /// nothing has the keyboard, else once the field's edit or the other dialog ends; `notice`
    /// says meanwhile that it is waiting.
    static func ask(_ question: Overlay, _ state: inout ExplorerState, waitingNotice notice: String) {
        guard let identity = question.questionIdentity else {
            state.overlay = question
            return
        }
        if state.overlay?.questionIdentity == identity { return }
        if !state.waitingQuestions.contains(where: { $0.questionIdentity == identity }) {
            state.waitingQuestions.append(question)
        }
        if state.isTyping || state.overlay != nil { notify(&state, notice, kind: .warning) }
    }

    /// After every action: a waiting question opens when nothing has the keyboard, and a question
    /// that just appeared (or came back) notes when, for `questionIsArmed`.
    static func openWaitingQuestion(_ state: inout ExplorerState, shownBefore: String?) {
        while state.overlay == nil, !state.isTyping, !state.waitingQuestions.isEmpty {
            let question = state.waitingQuestions.removeFirst()
            if isStillOpen(question, state) { state.overlay = question }
        }
        let identity = state.overlay?.questionIdentity
        if identity != shownBefore { state.questionShownAt = identity == nil ? nil : state.now }
    }

    /// Whether a waiting question still has something to ask.
    private static func isStillOpen(_ question: Overlay, _ state: ExplorerState) -> Bool {
        switch question {
        case .conflict(let collectionID, _): state.pendingReload[collectionID] != nil
        case .recoverDrafts: !state.recoveredDrafts.isEmpty
        default: true
        }
    }

    /// A question's keys: Alt+ an answer's letter chooses it; ←/→/↑/↓/Tab highlight a choice and
    /// Enter takes the highlighted one (none is highlighted at first); Esc closes. Returns the
    /// chosen answer. Before the question is armed every key is dropped.
    static func answer(
        _ key: KeyEvent, _ selected: Int, letters: [Character], _ state: inout ExplorerState,
        _ rebuild: (Int) -> Overlay
    ) -> Int? {
        guard state.questionIsArmed else { return nil }
        if let letter = Questions.answerLetter(key) { return letters.firstIndex(of: letter) }
        let count = letters.count
        switch key.key {
        case .escape where key.modifiers.isEmpty:
            state.overlay = nil
        case .left where key.modifiers.isEmpty, .up where key.modifiers.isEmpty, .backTab:
            state.overlay = rebuild(selected < 0 ? count - 1 : (selected + count - 1) % count)
        case .right where key.modifiers.isEmpty, .down where key.modifiers.isEmpty, .tab where key.modifiers.isEmpty:
            state.overlay = rebuild(selected < 0 ? 0 : (selected + 1) % count)
        case .enter where key.modifiers.isEmpty:
            return selected >= 0 && selected < count ? selected : nil
        default:
            break
        }
        return nil
    }
}
