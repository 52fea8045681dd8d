import Foundation
import TUI
import Workspace

/// Terminal events: keys are routed to the overlay, the text field being typed in, or the
/// keymap; the mouse focuses and scrolls; resize only changes the size.
extension ExplorerReducer {
    static func handle(_ event: Event, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch event {
        case .key(let key):
            return handleKey(key, &state)
        case .paste(let text):
            return paste(text, &state)
        case .mouse(let mouse):
            // The Runner view covers the panes: clicks go to it, never to what is under it.
            if state.load?.isShown == true, state.overlay == nil { return [] }
            if state.runner?.isShown == true, state.overlay == nil { return runnerMouse(mouse, &state) }
            if state.diff.view?.isShown == true, state.overlay == nil { return diffMouse(mouse, &state) }
            return handleMouse(mouse, &state)
        case .resize(let size):
            return reduceScreen(.resize(size), &state)
        case .focusGained, .focusLost:
            return []
        }
    }

    static func handleKey(_ key: KeyEvent, _ state: inout ExplorerState) -> [ExplorerEffect] {
        if ExplorerLayout.isTooSmall(state.size) {
            if key == .ctrl("q") || key == .char("q") { return requestQuit(&state) }
            return []
        }
        if state.overlay != nil { return reduceOverlays(.key(key), &state) }
        if state.load?.isShown == true { return loadKey(key, &state) }
        if state.runner?.isShown == true { return runnerKey(key, &state) }
        if state.diff.view?.isShown == true { return diffKey(key, &state) }
        if key == KeyEvent(.escape) { return escape(&state) }
        if let effects = completionKey(key, &state) { return effects }
        // Tab, Ctrl, Alt and F-keys reach the global bindings first, whatever has the focus — but
        // Tab in a table cell being edited moves to the row's other column, as in any table.
        if key.key == .tab, isEditingTableCell(state) || isEditingBodyText(state) { return typeKey(key, &state) }
        // In the body's text area Tab indents, so Shift+Tab leaves it (as Esc does).
        if key.key == .backTab, isEditingBodyText(state) { return escape(&state) }
        if isCommandKey(key), state.keys.pending.isEmpty,
            let command = ExplorerKeymap.command(state.keys.resolve(key, contexts: []))
        {
            if state.isTyping { commitEditing(&state) }
            return perform(command, &state)
        }
        if state.isTyping {
            state.keys.reset()
            return typeKey(key, &state)
        }
        if state.focus == .request, let effects = requestContentKey(key, &state) { return effects }
        let resolution = state.keys.resolve(key, contexts: state.keyContexts.map(\.rawValue))
        if let command = ExplorerKeymap.command(resolution) { return perform(command, &state) }
        switch resolution {
        case .action, .pending: return []
        case .unbound:
            // Ctrl+C quits most terminal programs (Posting too): say which key does here.
            if key == .ctrl("c") { notify(&state, "Ctrl+Q quits Lazer (Ctrl+C does nothing here)", kind: .info) }
            return []
        }
    }

    /// While the completion list is open, its keys (the keymap's `completion` context) come first.
    private static func completionKey(_ key: KeyEvent, _ state: inout ExplorerState) -> [ExplorerEffect]? {
        guard state.editor.completion != nil, state.focus == .request, state.isTyping, state.keys.pending.isEmpty,
            case .request(let command)? = ExplorerKeymap.command(
                state.keys.resolve(key, contexts: [KeyContext.completion.rawValue])),
            [.completionAccept, .completionNext, .completionPrevious].contains(command)
        else { return nil }
        return reduceEditor(.command(command), &state)
    }

    static func isEditingTableCell(_ state: ExplorerState) -> Bool {
        guard state.overlay == nil, state.focus == .request, state.editor.focus == .content else { return false }
        switch state.editor.tab {
        case .params: return state.editor.query.isEditing || state.editor.pathParams.isEditing
        case .headers: return state.editor.headers.isEditing
        case .body: return state.editor.bodyTable.isEditing
        default: return false
        }
    }

    static func isEditingBodyText(_ state: ExplorerState) -> Bool {
        state.overlay == nil && state.focus == .request && state.editor.focus == .editing && state.editor.tab == .body
    }

    /// Keys that never type text: Tab, Shift+Tab, anything with Ctrl or Alt, and F-keys.
    static func isCommandKey(_ key: KeyEvent) -> Bool {
        if key.key == .tab || key.key == .backTab { return true }
        if case .function = key.key { return true }
        return !key.modifiers.isDisjoint(with: [.ctrl, .alt])
    }

    /// Esc: leaves the text field being typed in; else cancels the send in flight; else clears
    /// the collections filter.
    static func escape(_ state: inout ExplorerState) -> [ExplorerEffect] {
        state.keys.reset()
        if state.editor.completion != nil, state.focus == .request { return reduceEditor(.closeCompletion, &state) }
        if state.isTyping {
            let drafts = state.drafts
            cancelTyping(&state)
            return state.drafts == drafts ? [] : draftsChanged(state)
        }
        if state.focus == .response, state.response.openedStreamEvent != nil {
            return reduceResponse(.closeStreamEvent, &state)
        }
        if let key = state.selection, let generation = state.exchanges[key]?.inFlight {
            return reduceExchanges(.cancel(key, generation: generation), &state)
        }
        if state.focus == .response, state.response.graphqlErrorsFocused {
            return reduceResponse(.leaveGraphQLErrors, &state)
        }
        if state.response.openedHistoryResult != nil { return reduceResponse(.showLatest, &state) }
        if state.focus == .collections { reduceNavigator(.clearFilter, &state) }
        if state.focus == .request { return reduceEditor(.leaveURL, &state) }
        return []
    }

    /// Ends typing without running anything (URL and body edits are kept: they are drafts).
    static func cancelTyping(_ state: inout ExplorerState) {
        switch state.focus {
        case .collections:
            reduceNavigator(.endFilter, &state)
        case .request:
            _ = reduceEditor(.cancelTyping, &state)
        case .response:
            reduceResponse(.endTyping, &state)
        }
    }

    /// A key typed into the focused text field.
    static func typeKey(_ key: KeyEvent, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch state.focus {
        case .collections:
            return reduceNavigator(.filterKey(key), &state)
        case .request:
            return reduceEditor(.type(key), &state)
        case .response:
            return reduceResponse(.type(key), &state)
        }
    }

    static func paste(_ text: String, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch state.overlay {
        case .prompt?, .environmentEditor?: return reduceOverlays(.paste(text), &state)
        default: break
        }
        guard state.isTyping else { return [] }
        switch state.focus {
        case .collections:
            return reduceNavigator(.pasteFilter(text), &state)
        case .request:
            return pasteIntoRequest(text, &state)
        case .response:
            return reduceResponse(.paste(text), &state)
        }
    }
}
