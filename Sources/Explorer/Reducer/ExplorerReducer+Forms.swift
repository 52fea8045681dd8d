import TUI
import Workspace

/// The Auth, Options and Checks tabs: a list of lines, each edited as text or cycled through
/// its choices; expectation and capture lines can be added and deleted.
extension ExplorerReducer {
    static func formKey(_ key: KeyEvent, _ selection: RequestKey, _ state: inout ExplorerState) -> [ExplorerEffect]? {
        guard let request = state.request(selection) else { return nil }
        let rows = RequestForms.rows(state.editor.tab, request)
        guard !rows.isEmpty else { return nil }
        state.editor.formSelected = min(state.editor.formSelected, rows.count - 1)
        let row = rows[state.editor.formSelected]
        switch (key.key, key.modifiers) {
        case (.up, []), (.character("k"), []):
            if state.editor.formSelected == 0 {
                state.editor.focus = .url
            } else {
                state.editor.formSelected -= 1
            }
        case (.down, []), (.character("j"), []):
            state.editor.formSelected = min(rows.count - 1, state.editor.formSelected + 1)
        case (.left, []) where row.choices != nil, (.right, []) where row.choices != nil,
            (.character("h"), []) where row.choices != nil, (.character("l"), []) where row.choices != nil:
            // On a ‹ choice › the arrows (and h/l, their vim keys) change it, as the marks suggest.
            let choices = row.choices ?? []
            let index = choices.firstIndex(of: row.text) ?? 0
            let step = key.key == .left || key == .char("h") ? choices.count - 1 : 1
            let next = choices[(index + step) % choices.count]
            state.editor.formError = nil
            choose(next, for: row.field, selection, &state)
            return draftsChanged(&state)
        case (.home, []): state.editor.formSelected = 0
        case (.end, []): state.editor.formSelected = rows.count - 1
        case (.enter, []), (.character(" "), []), (.character("i"), []):
            state.editor.formError = nil
            if let choices = row.choices {
                let index = choices.firstIndex(of: row.text) ?? -1
                let next = choices[(index + 1) % choices.count]
                choose(next, for: row.field, selection, &state)
                return draftsChanged(&state)
            }
            var editor = TextEditorState(text: row.text, singleLine: true)
            editor.move(.lineEnd)
            state.editor.formEditor = editor
        case (.character("a"), []):
            guard state.editor.tab == .checks else { return nil }
            let target: FormRow.Field = {
                if case .capture = row.field { return .newCapture }
                if row.field == .newCapture { return .newCapture }
                return .newExpectation
            }()
            state.editor.formSelected = rows.firstIndex { $0.field == target } ?? state.editor.formSelected
            state.editor.formEditor = TextEditorState(
                text: target == .newCapture ? "name = $.path" : "status equals 200", singleLine: true)
            state.editor.formEditor?.selectAll()
        case (.character("d"), []), (.delete, []):
            var deleted = false
            updateDraft(selection, &state) { deleted = RequestForms.delete(row.field, from: &$0) }
            guard deleted else { return [] }
            return draftsChanged(&state)
        default:
            return nil
        }
        return []
    }

    /// Sets a `‹ choice ›` line; for the auth scheme, the scheme left is remembered and the one
    /// chosen comes back as it was last edited (otherwise its credentials carry over).
    private static func choose(
        _ choice: String, for field: FormRow.Field, _ selection: RequestKey, _ state: inout ExplorerState
    ) {
        guard field == .authScheme, let current = state.request(selection)?.auth.scheme else {
            updateDraft(selection, &state) { _ = RequestForms.apply(field, choice, to: &$0) }
            return
        }
        state.editor.authSchemes[RequestForms.schemeName(current)] = current
        let remembered = state.editor.authSchemes[choice]
        updateDraft(selection, &state) { request in
            if let remembered {
                request.auth.scheme = remembered
            } else {
                _ = RequestForms.apply(field, choice, to: &request)
            }
        }
    }

    /// Keys while a form line is being edited: Enter writes it (a refused value keeps the editor
    /// open with the reason below), everything else edits.
    static func typeIntoForm(_ key: KeyEvent, _ selection: RequestKey, _ state: inout ExplorerState)
        -> [ExplorerEffect]
    {
        if key == KeyEvent(.enter) { return commitForm(selection, &state) }
        _ = state.editor.formEditor?.handle(key)
        return []
    }

    @discardableResult
    static func commitForm(_ selection: RequestKey, _ state: inout ExplorerState) -> [ExplorerEffect] {
        if state.editor.tab == .body { return commitBodyPath(selection, &state) }
        guard let editor = state.editor.formEditor, let request = state.request(selection) else { return [] }
        let rows = RequestForms.rows(state.editor.tab, request)
        guard rows.indices.contains(state.editor.formSelected) else {
            state.editor.formEditor = nil
            return []
        }
        let field = rows[state.editor.formSelected].field
        var edited = request
        if let error = RequestForms.apply(field, editor.text, to: &edited) {
            state.editor.formError = error
            return []
        }
        state.editor.formEditor = nil
        state.editor.formError = nil
        updateDraft(selection, &state) { $0 = edited }
        return draftsChanged(&state)
    }
}
