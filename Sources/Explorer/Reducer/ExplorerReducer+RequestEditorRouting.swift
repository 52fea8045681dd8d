import Interop
import TUI
import Workspace

/// The root's side of the request pane: builds the editor slice's context from the whole state,
/// runs the slice, and applies what it asks (the edited request becomes the draft, drafts are
/// autosaved, Enter in the URL sends). Sending, cancelling, saving and copying as curl are the
/// root's own (they reach the exchanges and the files).
extension ExplorerReducer {
    static func requestAction(_ command: RequestCommand, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch command {
        case .send: return send(&state)
        case .cancel:
            guard let key = state.selection, let generation = state.exchanges[key]?.inFlight else {
                notify(&state, "No request in flight", kind: .info)
                return []
            }
            return cancel(key, generation: generation, &state)
        case .save: return saveSelected(&state)
        case .saveAll: return saveAll(&state)
        case .copyCurl: return copyAsCurl(&state, reveal: false)
        case .copyCurlRevealed: return copyAsCurl(&state, reveal: true)
        case .authToFolder: return giveAuth(toCollection: false, &state)
        case .authToCollection: return giveAuth(toCollection: true, &state)
        case .focusURL, .url, .edit, .tab1, .tab2, .tab3, .tab4, .tab5, .tab6, .tab7:
            // These bring the request pane forward first.
            state.focus = .request
            return reduceEditor(.command(command), &state)
        case .previousTab, .nextTab, .toggleRow, .addRow, .deleteRow, .rowUp, .rowDown, .rowPageUp, .rowPageDown,
            .firstRow, .lastRow, .otherColumn, .nameColumn, .valueColumn, .method, .bodyKind, .formatBody,
            .editBodyExternally, .undo, .redo,
            .revert, .completionAccept, .completionNext, .completionPrevious:
            return reduceEditor(.command(command), &state)
        }
    }

    /// Keys for the tab's own widget while nothing is typed. Nil: not handled, the keymap decides.
    static func requestContentKey(_ key: KeyEvent, _ state: inout ExplorerState) -> [ExplorerEffect]? {
        var passed = false
        let effects = reduceEditor(.contentKey(key), &state, passed: &passed)
        return passed ? nil : effects
    }

    /// A key typed while the request pane has a text field.
    static func typeIntoRequest(_ key: KeyEvent, _ state: inout ExplorerState) -> [ExplorerEffect] {
        reduceEditor(.type(key), &state)
    }

    static func pasteIntoRequest(_ text: String, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let selection = state.selection else { return [] }
        // A curl command pasted into the URL becomes requests (the root's: it adds to the collection).
        if state.editor.focus == .url, CurlImport.looksLikeCommand(text) {
            return reduceWorkspace(.pasteCurl(text, selection), &state)
        }
        return reduceEditor(.paste(text), &state)
    }

    /// Commits a table cell or form line being edited before focus moves away, a send or a save
    /// (the drafts are stored by what follows).
    static func commitEditing(_ state: inout ExplorerState) {
        _ = reduceEditor(.commitEditing, &state)
    }

    static func navigateRequest(_ navigation: NavigationAction, _ state: inout ExplorerState) -> [ExplorerEffect] {
        reduceEditor(.navigate(navigation), &state)
    }

    /// Runs `body` on the table of the current tab (a problem's row, chosen in a dialog).
    static func withTable(_ state: inout ExplorerState, _ body: (inout KeyValueEditorState) -> Void) {
        state.editor.withFocusedTable(body)
    }

    /// What the editor slice sees of the rest of the explorer.
    /// (The variables `{{` completes to are worked out only for a key typed.)
    static func editorContext(
        _ state: ExplorerState, typing: Bool = false
    ) -> RequestEditorReducer.Context {
        RequestEditorReducer.Context(
            key: state.selection, request: state.selectedRequest, saved: state.selection.flatMap(state.savedRequest),
            paneFocused: state.focus == .request,
            addRowKey: state.keys.keymap.keys(for: .request(.addRow)).first?.description ?? "a",
            variables: typing ? state.completionVariables : [])
    }

    static func reduceEditor(_ action: RequestEditorReducer.Action, _ state: inout ExplorerState) -> [ExplorerEffect] {
        var passed = false
        return reduceEditor(action, &state, passed: &passed)
    }

    /// Runs the editor slice and applies its outcome: the draft, then its notice; the drafts are
    /// stored (or the request sent) last.
    private static func reduceEditor(
        _ action: RequestEditorReducer.Action, _ state: inout ExplorerState, passed: inout Bool
    ) -> [ExplorerEffect] {
        var typing = false
        if case .type = action { typing = true }
        let outcome = RequestEditorReducer.reduce(&state.editor, action, editorContext(state, typing: typing))
        passed = outcome.passed
        var effects = outcome.effects
        for request in outcome.requests {
            switch request {
            case .updateDraft(let key, let request):
                updateDraft(key, &state) { $0 = request }
            case .storeDrafts:
                effects += draftsChanged(&state)
            case .send:
                effects += send(&state)
            case .offerSecret(let key, let field):
                offerSecret(key, field, &state)
            }
        }
        if let notice = outcome.notice { notify(&state, notice.message, kind: notice.kind) }
        return effects
    }
}
