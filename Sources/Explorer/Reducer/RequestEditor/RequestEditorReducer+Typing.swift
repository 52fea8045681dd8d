import Foundation
import TUI
import Workspace

/// Keys into the request pane's widgets: typing into the URL, the body, the notes, a table cell
/// or a form line; pasting; Esc; and the keys a tab's widget takes before the keymap (the file
/// body's path, the forms). The tables' movement and row keys are commands of the keymap's
/// `table` context (`RequestEditorReducer+Commands`).
extension RequestEditorReducer {
    /// A key for the tab's own widget while nothing is typed; false: not taken (the keymap decides).
    static func contentKey(_ key: KeyEvent, _ editor: inout RequestEditorState, _ work: inout Work) -> Bool {
        if editor.focus == .urlLine, work.key != nil { return urlLineKey(key, &editor) }
        guard editor.focus == .content, work.key != nil else { return false }
        switch editor.tab {
        case .params, .headers:
            return false
        case .body where !isTextBody(work):
            return bodyKey(key, &editor, &work)
        case .body, .notes:
            if key.key == .up || key.key == .character("k") {
                editor.focus = .urlLine
                return true
            }
            if key == KeyEvent(.enter) || key == .char("i") {
                editor.focus = .editing
                return true
            }
            return false
        case .auth, .options, .checks:
            return formKey(key, &editor, &work)
        case .scripts:
            return scriptsKey(key, &editor, &work)
        }
    }

    /// A key on the chosen URL line: Enter or `i` edits it, Down or `j` goes back to the tab, Up
    /// or `k` stays; other keys are the keymap's.
    static func urlLineKey(_ key: KeyEvent, _ editor: inout RequestEditorState) -> Bool {
        switch (key.key, key.modifiers) {
        case (.enter, []), (.character("i"), []):
            editor.focus = .url
            editor.url.move(.lineEnd)
        case (.down, []), (.character("j"), []):
            editor.focus = .content
        case (.up, []), (.character("k"), []):
            break
        default:
            return false
        }
        return true
    }

    /// A key typed while the request pane has a text field.
    static func type(_ key: KeyEvent, _ editor: inout RequestEditorState, _ work: inout Work) {
        guard work.key != nil else { return }
        switch editor.focus {
        case .url:
            if key == KeyEvent(.enter) {
                work.outcome.requests.append(.send)
                return
            }
            if key.key == .down {
                editor.focus = .content
                return
            }
            guard editor.url.handle(key) else { return }
            urlTextChanged(&editor, &work)
            work.draftsChanged = true
        case .editing:
            if editor.tab == .scripts {
                typeIntoScript(key, &editor, &work)
                return
            }
            if editor.tab == .notes {
                guard editor.notes.handle(key) else { return }
                let text = editor.notes.text
                work.update { $0.notes = text.isEmpty ? nil : text }
                work.draftsChanged = true
                return
            }
            if editor.isTypingVariables {
                guard editor.variables.handle(key) else { return }
                variablesTextChanged(&editor, &work)
                work.draftsChanged = true
                return
            }
            guard editor.body.handle(key) else { return }
            bodyTextChanged(&editor, &work)
            work.draftsChanged = true
        case .urlLine:
            return
        case .content:
            if editor.formEditor != nil {
                typeIntoForm(key, &editor, &work)
                return
            }
            var handled = false
            editor.withFocusedTable { table in
                handled = table.handleEditing(.key(key))
                // Tab moves to the other cell of the row and keeps typing there.
                if key.key == .tab, !table.isEditing { table.beginEditing() }
            }
            guard handled else { return }
            syncTables(&editor, &work)
            work.draftsChanged = true
        }
    }

    /// Pasted text into the field that has the keyboard (a curl command pasted into the URL is
    /// the root's: it becomes requests).
    static func paste(_ text: String, _ editor: inout RequestEditorState, _ work: inout Work) {
        guard work.key != nil else { return }
        switch editor.focus {
        case .url:
            editor.url.insert(text.replacingOccurrences(of: "\n", with: ""))
            urlTextChanged(&editor, &work)
        case .editing:
            if editor.tab == .scripts {
                pasteIntoScript(text, &editor, &work)
            } else if editor.tab == .notes {
                editor.notes.insert(text)
                let notes = editor.notes.text
                work.update { $0.notes = notes }
            } else if editor.isTypingVariables {
                editor.variables.insert(text)
                variablesTextChanged(&editor, &work)
            } else {
                editor.body.insert(text)
                bodyTextChanged(&editor, &work)
            }
        case .urlLine:
            return
        case .content:
            if editor.formEditor != nil {
                editor.formEditor?.insert(text.replacingOccurrences(of: "\n", with: " "))
                return
            }
            editor.withFocusedTable { _ = $0.handleEditing(.paste(text)) }
            syncTables(&editor, &work)
        }
        work.draftsChanged = true
    }

    /// Esc while typing: the URL, body and notes keep their text (it is the draft); a table cell
    /// goes back to its old text (a row just added goes away again); a form line's edit is dropped.
    static func cancelTyping(_ editor: inout RequestEditorState, _ work: inout Work) {
        switch editor.focus {
        case .url, .editing:
            commitEditing(&editor, &work)
            editor.focus = .content
        case .urlLine:
            editor.focus = .content
        case .content:
            let tables = [editor.query, editor.pathParams, editor.headers].map(\.rows.count)
            switch editor.tab {
            case .params:
                if editor.paramsOnPath {
                    _ = editor.pathParams.handleEditing(.key(KeyEvent(.escape)))
                } else {
                    _ = editor.query.handleEditing(.key(KeyEvent(.escape)))
                }
            case .headers: _ = editor.headers.handleEditing(.key(KeyEvent(.escape)))
            case .auth, .options, .checks:
                editor.formEditor = nil
                editor.formError = nil
            default: break
            }
            // Esc on a row `a` just added takes it away again: the draft follows.
            let after = [editor.query, editor.pathParams, editor.headers].map(\.rows.count)
            if after != tables, work.key != nil { syncTables(&editor, &work) }
        }
    }

    static func navigate(_ navigation: NavigationAction, _ editor: inout RequestEditorState, _ work: inout Work) {
        switch navigation {
        case .left: perform(.previousTab, &editor, &work)
        case .right: perform(.nextTab, &editor, &work)
        case .down where editor.focus == .url: editor.focus = .content
        default: break
        }
    }
}
