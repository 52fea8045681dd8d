import TUI
import Workspace

/// The completion list of the field being typed in: opened (or narrowed, or closed) after each
/// character typed, moved and taken by the keymap's `completion` commands; any other action
/// closes it.
extension RequestEditorReducer {
    /// Whether `action` leaves the list open: typing (which works it out again) and its own commands.
    static func keepsCompletion(_ action: Action) -> Bool {
        switch action {
        case .type, .command(.completionAccept), .command(.completionNext), .command(.completionPrevious): true
        default: false
        }
    }

    /// After a key typed: the list for the text around the cursor, when the key wrote or erased
    /// a character (moving the cursor, Enter or Tab close it).
    static func updateCompletion(after key: KeyEvent, _ editor: inout RequestEditorState, _ work: Work) {
        let writes: Bool
        switch (key.key, key.modifiers) {
        case (.character, []), (.character, [.shift]), (.backspace, []): writes = true
        default: writes = false
        }
        guard writes, work.key != nil, let (field, text) = completionTarget(editor) else {
            editor.completion = nil
            return
        }
        if editor.completion?.graphql == true {
            // A name typed on (or erased) narrows the list; anything else ends the name: it closes.
            var inName = key.key == .backspace
            if case .character(let character) = key.key {
                inName = character.isLetter || character.isNumber || character == "_"
            }
            editor.completion = inName ? graphqlCompletion(editor, work) : nil
            return
        }
        let line = text.lines[text.cursor.line]
        let before = String(line.prefix(text.cursor.column))
        let after = String(line.dropFirst(text.cursor.column))
        editor.completion = Completion.list(before: before, after: after, field: field, variables: work.variables)
    }

    /// The text field with the keyboard and what completes in it: the URL, the body's text, a
    /// form line, a table cell (a header's name or value in the Headers table).
    static func completionTarget(_ editor: RequestEditorState) -> (CompletionField, TextEditorState)? {
        switch editor.focus {
        case .url: return (.text, editor.url)
        case .editing:
            guard editor.tab == .body else { return nil }
            return (.text, editor.onVariables ? editor.variables : editor.body)
        case .urlLine: return nil
        case .content:
            // An Auth, Options or Checks line (a bearer token's `{{token}}`), or a file body's path.
            if let line = editor.formEditor { return (.text, line) }
            guard let table = editor.focusedTable, let cell = table.editor,
                let row = table.table.selected, table.rows.indices.contains(row)
            else { return nil }
            guard editor.tab == .headers else { return (.text, cell) }
            return (table.column == .key ? .headerName : .headerValue(name: table.rows[row].key), cell)
        }
    }

    /// The completion commands: move in the list, or take the item chosen in place of what was
    /// typed of it.
    static func completionCommand(_ command: RequestCommand, _ editor: inout RequestEditorState, _ work: inout Work) {
        guard var completion = editor.completion, !completion.items.isEmpty else { return }
        let count = completion.items.count
        switch command {
        case .completionNext:
            completion.selected = (completion.selected + 1) % count
            editor.completion = completion
        case .completionPrevious:
            completion.selected = (completion.selected + count - 1) % count
            editor.completion = completion
        default:
            editor.completion = nil
            let item = completion.items[min(completion.selected, count - 1)]
            func replace(_ text: inout TextEditorState) {
                text.anchor = TextPosition(
                    line: text.cursor.line, column: max(0, text.cursor.column - completion.replacing))
                text.insert(item.insert)
            }
            switch editor.focus {
            case .url:
                replace(&editor.url)
                urlTextChanged(&editor, &work)
                work.draftsChanged = true
            case .editing where editor.isTypingVariables:
                replace(&editor.variables)
                variablesTextChanged(&editor, &work)
                work.draftsChanged = true
            case .editing:
                replace(&editor.body)
                bodyTextChanged(&editor, &work)
                work.draftsChanged = true
            case .content where editor.formEditor != nil:
                editor.formEditor.map { line in
                    var line = line
                    replace(&line)
                    editor.formEditor = line
                }
            case .content:
                editor.withFocusedTable { table in
                    guard var cell = table.editor else { return }
                    replace(&cell)
                    table.editor = cell
                }
            case .urlLine:
                break
            }
        }
    }
}
