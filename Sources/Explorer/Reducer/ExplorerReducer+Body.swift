import TUI
import Workspace

/// The Body tab's kinds: none, JSON and text are typed in the text area; form fields and
/// multipart parts are a table; a file body is a path. `b` moves to the next kind, keeping what
/// was typed for each kind so switching back loses nothing.
extension ExplorerReducer {
    /// Keys of the Body tab for form, multipart and file bodies (nil: not handled).
    static func bodyKey(_ key: KeyEvent, _ selection: RequestKey, _ state: inout ExplorerState) -> [ExplorerEffect]? {
        guard let request = state.request(selection) else { return nil }
        if case .file = request.body.content {
            switch (key.key, key.modifiers) {
            case (.up, []), (.character("k"), []):
                state.editor.focus = .url
            case (.enter, []), (.character("i"), []):
                var editor = TextEditorState(text: state.editor.bodyFilePath, singleLine: true)
                editor.move(.lineEnd)
                state.editor.formEditor = editor
            default:
                return nil
            }
            return []
        }
        if key.key == .up, (state.editor.bodyTable.table.selected ?? 0) == 0 {
            state.editor.focus = .url
            return []
        }
        if key == .char("b") { return nil }
        switch (key.key, key.modifiers) {
        case (.up, []), (.character("k"), []): state.editor.bodyTable.apply(.up)
        case (.down, []), (.character("j"), []): state.editor.bodyTable.apply(.down)
        default:
            guard state.editor.bodyTable.handleEditing(.key(key)) else { return nil }
            syncTables(selection, &state)
            return draftsChanged(&state)
        }
        return []
    }

    /// Writes the file body's path from its editor.
    static func commitBodyPath(_ selection: RequestKey, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let editor = state.editor.formEditor else { return [] }
        state.editor.formEditor = nil
        state.editor.bodyFilePath = editor.text
        updateDraft(selection, &state) { request in
            if case .file(_, let contentType) = request.body.content {
                request.body.content = .file(path: editor.text, contentType: contentType)
            }
        }
        return draftsChanged(&state)
    }

    static func cycleBodyKind(_ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let key = state.selection, let request = state.request(key) else { return [] }
        let next = BodyKind(request.body).next
        let text = state.editor.body.text
        let rows = state.editor.bodyTable.rows
        let path = state.editor.bodyFilePath
        updateDraft(key, &state) { request in
            let unknown = request.body.unknownFields
            switch next {
            case .json:
                request.body = BodyText.replacing(
                    SavedBody(.jsonText(""), unknownFields: unknown), with: text.isEmpty ? "{}" : text)
            case .text: request.body = SavedBody(.text(text, contentType: nil), unknownFields: unknown)
            case .form:
                request.body = SavedBody(.formURLEncoded([]), unknownFields: unknown)
                request.body = BodyRows.body(from: rows, over: request.body)
            case .multipart:
                request.body = SavedBody(.multipart([]), unknownFields: unknown)
                request.body = BodyRows.body(from: rows, over: request.body)
            case .file: request.body = SavedBody(.file(path: path, contentType: nil), unknownFields: unknown)
            case .none: request.body = SavedBody(.none, unknownFields: unknown)
            }
        }
        if let updated = state.request(key) {
            if next == .json || next == .text { state.editor.body.setText(BodyText.text(of: updated.body)) }
            state.editor.bodyProblem = next == .json ? BodyText.problem(inJSON: state.editor.body.text) : nil
        }
        notify(&state, "Body: \(next.rawValue)", kind: .info)
        return draftsChanged(&state)
    }
}
