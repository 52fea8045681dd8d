import TUI
import Workspace

/// Undo, redo and revert within a request: every edit the pane makes (URL, tables, body, auth,
/// options, checks, notes, method, body kind) is a step of the request's `RequestEditHistory`;
/// undo and redo move the request between its steps' sides, and revert drops the draft as one
/// more step, so undo brings the edits back.
extension RequestEditorReducer {
    /// The text field a typing action goes into (the URL, the body, the notes: each key changes the
    /// request), which makes consecutive keys one step; nil for every other action (a step of its
    /// own, and the end of the typing step before it).
    static func typingField(_ action: Action, _ editor: RequestEditorState) -> String? {
        switch action {
        // A completion opened or taken goes into the field being typed, and the root's commit
        // before a command has nothing to write for a text field: all part of the same step (each
        // taken completion was a step of its own, so undo took `posts { title` back a piece at a time).
        case .type, .paste, .commitEditing, .command(.completionAccept), .command(.completionNext),
            .command(.completionPrevious), .command(.graphqlComplete):
            break
        default: return nil
        }
        switch editor.focus {
        case .url: return "url"
        case .editing:
            if editor.tab == .scripts { return editor.onTestScript ? "test script" : "pre-request script" }
            return editor.tab == .notes ? "notes" : editor.isTypingVariables ? "variables" : "body"
        // A table cell or form line changes the request once, when it is kept: a step of its own.
        case .urlLine, .content: return nil
        }
    }

    /// Records what this step changed since its baseline (one undo step).
    static func recordEdit(_ editor: inout RequestEditorState, _ work: inout Work, field: String?) {
        guard let key = work.key, let before = work.baseline, let after = work.request, before != after else { return }
        editor.edits[key, default: RequestEditHistory()].record(before: before, after: after, field: field)
        work.baseline = after
    }

    /// Undo (or redo) the request's last edit: a cell or line being typed is written first (and
    /// is itself the edit undone).
    static func undo(redo: Bool, _ editor: inout RequestEditorState, _ work: inout Work) {
        guard let key = work.key, work.request != nil else { return }
        commitEditing(&editor, &work)
        recordEdit(&editor, &work, field: nil)
        var history = editor.edits[key] ?? RequestEditHistory()
        guard let step = redo ? history.redo.popLast() : history.undo.popLast() else {
            work.outcome.notice = Notice(
                redo ? "Nothing to redo in this request" : "Nothing to undo in this request", kind: .info)
            return
        }
        if redo { history.undo.append(step) } else { history.redo.append(step) }
        history.sealed = true
        editor.edits[key] = history
        let request = redo ? step.after : step.before
        work.request = request
        work.baseline = request
        reload(&editor, request, key: key, &work)
        work.draftsChanged = true
        let parts = RequestEditHistory.parts(from: step.before, to: step.after)
        work.outcome.notice = Notice((redo ? "Redone: " : "Undone: ") + parts, kind: .success)
    }

    /// Drops the request's edits: it becomes the saved request again, as one step undo takes back.
    static func revert(_ editor: inout RequestEditorState, _ work: inout Work) {
        guard let key = work.key, let saved = work.saved else { return }
        commitEditing(&editor, &work)
        recordEdit(&editor, &work, field: nil)
        guard work.request != saved else {
            work.outcome.notice = Notice("Nothing to revert: the request has no unsaved edits", kind: .info)
            return
        }
        work.request = saved
        reload(&editor, saved, key: key, &work)
        work.draftsChanged = true
        work.outcome.notice = Notice("Reverted to the saved request (undo brings the edits back)", kind: .success)
    }

    /// Loads `request` into the pane where the user is: the same tab, rows and form line
    /// selected (within what there is now), nothing being typed.
    static func reload(_ editor: inout RequestEditorState, _ request: SavedRequest, key: RequestKey, _ work: inout Work)
    {
        let before = editor
        editor.load(request, key: key)
        if editor.tab == .scripts { askScriptChecks(&editor, &work) }
        editor.focus = .content
        editor.paramsOnPath = before.paramsOnPath && !editor.pathParams.rows.isEmpty
        editor.formSelected = before.formSelected
        editor.authSchemes = before.authSchemes
        func keep(_ old: KeyValueEditorState, _ new: inout KeyValueEditorState) {
            if let selected = old.table.selected { new.select(selected) }
        }
        keep(before.query, &editor.query)
        keep(before.pathParams, &editor.pathParams)
        keep(before.headers, &editor.headers)
        keep(before.bodyTable, &editor.bodyTable)
    }
}
