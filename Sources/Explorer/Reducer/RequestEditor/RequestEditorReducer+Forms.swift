import TUI
import Workspace

/// The Auth, Options and Checks tabs: a list of lines, each edited as text or cycled through
/// its choices; expectation and capture lines can be added and deleted. And the Body tab's
/// kinds: `b` moves to the next one, keeping what was typed for each kind so switching back
/// loses nothing; a file body is a path, edited as a form line.
extension RequestEditorReducer {
    static func formKey(_ key: KeyEvent, _ editor: inout RequestEditorState, _ work: inout Work) -> Bool {
        guard let request = work.request else { return false }
        let rows = RequestForms.rows(editor.tab, request)
        guard !rows.isEmpty else { return false }
        editor.formSelected = min(editor.formSelected, rows.count - 1)
        let row = rows[editor.formSelected]
        switch (key.key, key.modifiers) {
        case (.up, []), (.character("k"), []):
            if editor.formSelected == 0 {
                editor.focus = .urlLine
            } else {
                editor.formSelected -= 1
            }
        case (.down, []), (.character("j"), []):
            editor.formSelected = min(rows.count - 1, editor.formSelected + 1)
        case (.left, []) where row.choices != nil, (.right, []) where row.choices != nil,
            (.character("h"), []) where row.choices != nil, (.character("l"), []) where row.choices != nil:
            // On a ‹ choice › the arrows (and h/l, their vim keys) change it, as the marks suggest.
            let choices = row.choices ?? []
            let index = choices.firstIndex(of: row.text) ?? 0
            let step = key.key == .left || key == .char("h") ? choices.count - 1 : 1
            editor.formError = nil
            choose(choices[(index + step) % choices.count], for: row.field, &editor, &work)
            work.draftsChanged = true
        case (.home, []): editor.formSelected = 0
        case (.end, []): editor.formSelected = rows.count - 1
        case (.enter, []), (.character(" "), []), (.character("i"), []):
            editor.formError = nil
            if let choices = row.choices {
                let index = choices.firstIndex(of: row.text) ?? -1
                choose(choices[(index + 1) % choices.count], for: row.field, &editor, &work)
                work.draftsChanged = true
                return true
            }
            var field = TextEditorState(text: row.text, singleLine: true)
            field.move(.lineEnd)
            editor.formEditor = field
        case (.character("a"), []):
            guard editor.tab == .checks else { return false }
            let target: FormRow.Field = {
                if case .capture = row.field { return .newCapture }
                if row.field == .newCapture { return .newCapture }
                return .newExpectation
            }()
            editor.formSelected = rows.firstIndex { $0.field == target } ?? editor.formSelected
            editor.formEditor = TextEditorState(
                text: target == .newCapture ? "name = $.path" : "status equals 200", singleLine: true)
            editor.formEditor?.selectAll()
        case (.character("d"), []), (.delete, []):
            var deleted = false
            work.update { deleted = RequestForms.delete(row.field, from: &$0) }
            if deleted { work.draftsChanged = true }
        default:
            return false
        }
        return true
    }

    /// Sets a `‹ choice ›` line; for the auth scheme, the scheme left is remembered and the one
    /// chosen comes back as it was last edited (otherwise its credentials carry over).
    private static func choose(
        _ choice: String, for field: FormRow.Field, _ editor: inout RequestEditorState, _ work: inout Work
    ) {
        guard field == .authScheme, let current = work.request?.auth.scheme else {
            work.update { _ = RequestForms.apply(field, choice, to: &$0) }
            return
        }
        editor.authSchemes[RequestForms.schemeName(current)] = current
        let remembered = editor.authSchemes[choice]
        work.update { request in
            if let remembered {
                request.auth.scheme = remembered
            } else {
                _ = RequestForms.apply(field, choice, to: &request)
            }
        }
    }

    /// Keys while a form line is being edited: Enter writes it (a refused value keeps the editor
    /// open with the reason below), everything else edits.
    static func typeIntoForm(_ key: KeyEvent, _ editor: inout RequestEditorState, _ work: inout Work) {
        if key == KeyEvent(.enter) {
            let before = work.request
            commitForm(&editor, &work)
            offerSecret(before, editor, &work)
            return
        }
        _ = editor.formEditor?.handle(key)
    }

    /// Enter wrote a credential typed as itself (not a `{{variable}}`) into an auth line: the
    /// root offers to keep it as a secret. Only when typed: a value carried over from another
    /// scheme, or written by moving away, is asked about when it is saved.
    private static func offerSecret(_ before: SavedRequest?, _ editor: RequestEditorState, _ work: inout Work) {
        guard editor.tab == .auth, editor.formEditor == nil, let key = work.key, let after = work.request,
            let typed = LiteralCredential.secretField(of: after.auth.scheme), LiteralCredential.isLiteral(typed.text)
        else { return }
        if let before, let earlier = LiteralCredential.secretField(of: before.auth.scheme), earlier == typed { return }
        work.outcome.requests.append(.offerSecret(key, typed.field))
    }

    static func commitForm(_ editor: inout RequestEditorState, _ work: inout Work) {
        if editor.tab == .body {
            commitBodyPath(&editor, &work)
            return
        }
        guard let field = editor.formEditor, let request = work.request else { return }
        let rows = RequestForms.rows(editor.tab, request)
        guard rows.indices.contains(editor.formSelected) else {
            editor.formEditor = nil
            return
        }
        var edited = request
        if let error = RequestForms.apply(rows[editor.formSelected].field, field.text, to: &edited) {
            editor.formError = error
            return
        }
        editor.formEditor = nil
        editor.formError = nil
        work.update { $0 = edited }
        work.draftsChanged = true
    }

    // MARK: - Body kinds

    /// Keys of the Body tab for a file body (its path); false: not taken. Form and multipart
    /// bodies are tables: their keys are the `table` commands.
    static func bodyKey(_ key: KeyEvent, _ editor: inout RequestEditorState, _ work: inout Work) -> Bool {
        guard case .file? = work.request?.body.content else { return false }
        switch (key.key, key.modifiers) {
        case (.up, []), (.character("k"), []):
            editor.focus = .urlLine
        case (.enter, []), (.character("i"), []):
            var field = TextEditorState(text: editor.bodyFilePath, singleLine: true)
            field.move(.lineEnd)
            editor.formEditor = field
        default:
            return false
        }
        return true
    }

    /// Writes the file body's path from its editor.
    static func commitBodyPath(_ editor: inout RequestEditorState, _ work: inout Work) {
        guard let field = editor.formEditor else { return }
        editor.formEditor = nil
        editor.bodyFilePath = field.text
        work.update { request in
            if case .file(_, let contentType) = request.body.content {
                request.body.content = .file(path: field.text, contentType: contentType)
            }
        }
        work.draftsChanged = true
    }

    static func cycleBodyKind(_ editor: inout RequestEditorState, _ work: inout Work) {
        guard work.key != nil, let request = work.request else { return }
        let next = BodyKind(request.body).next
        let text = editor.body.text
        let rows = editor.bodyTable.rows
        let path = editor.bodyFilePath
        work.update { request in
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
            case .graphql:
                let query = text.isEmpty || text == "{}" ? "query {\n  \n}" : text
                request.body = SavedBody(.graphql(GraphQLBody(query: query)), unknownFields: unknown)
            }
        }
        if let updated = work.request {
            if next == .json || next == .text || next == .graphql {
                editor.body.setText(BodyText.text(of: updated.body))
            }
            editor.bodyProblem = next == .json ? BodyText.problem(inJSON: editor.body.text) : nil
            editor.onVariables = false
            editor.variables.setText("")
            editor.variablesProblem = nil
        }
        work.outcome.notice = Notice("Body: \(next.rawValue)", kind: .info)
        work.draftsChanged = true
    }
}
