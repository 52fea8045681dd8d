import Foundation
import HTTPCore
import TUI
import Workspace

/// The request pane: the URL field, the tabs, and writing every edit into the request's draft.
extension ExplorerReducer {
    /// Keys for the tab's own widget while nothing is typed (the tables take the arrows and the
    /// column keys; their row commands come through the keymap's `table` context). Nil: not
    /// handled, the keymap decides.
    static func requestContentKey(_ key: KeyEvent, _ state: inout ExplorerState) -> [ExplorerEffect]? {
        guard state.editor.focus == .content, let selection = state.selection else { return nil }
        switch state.editor.tab {
        case .params, .headers:
            // Tab and Shift+Tab move between panes here too (the table's own Tab would switch
            // column and keep the focus in the request pane for good).
            if key.key == .tab || key.key == .backTab { return nil }
            if key.key == .up, tableSelection(state) == 0 || tableSelection(state) == nil {
                if state.editor.tab == .params, state.editor.paramsOnPath {
                    state.editor.paramsOnPath = false
                    return []
                }
                state.editor.focus = .url
                return []
            }
            if key.key == .down, state.editor.tab == .params, !state.editor.paramsOnPath,
                (state.editor.query.table.selected ?? -1) >= state.editor.query.rows.count - 1,
                !state.editor.pathParams.rows.isEmpty
            {
                state.editor.paramsOnPath = true
                return []
            }
            if let navigation = tableNavigation(key) {
                withTable(&state) { $0.apply(navigation) }
                return []
            }
            var handled = false
            withTable(&state) { handled = $0.handleEditing(.key(key)) }
            guard handled else { return nil }
            syncTables(selection, &state)
            return draftsChanged(&state)
        case .body where !isTextBody(state):
            return bodyKey(key, selection, &state)
        case .body, .notes:
            if key.key == .up || key.key == .character("k") {
                state.editor.focus = .url
                return []
            }
            if key == KeyEvent(.enter) || key == .char("i") {
                state.editor.focus = .editing
                return []
            }
            return nil
        case .auth, .options, .checks:
            return formKey(key, selection, &state)
        }
    }

    private static func tableNavigation(_ key: KeyEvent) -> NavigationAction? {
        guard key.modifiers.isEmpty else { return nil }
        switch key.key {
        case .up, .character("k"): return .up
        case .down, .character("j"): return .down
        case .pageUp: return .pageUp
        case .pageDown: return .pageDown
        case .home: return .top
        case .end: return .bottom
        default: return nil
        }
    }

    private static func tableSelection(_ state: ExplorerState) -> Int? {
        switch state.editor.tab {
        case .params:
            state.editor.paramsOnPath ? state.editor.pathParams.table.selected : state.editor.query.table.selected
        case .headers: state.editor.headers.table.selected
        default: nil
        }
    }

    /// Runs `body` on the table of the current tab.
    static func withTable(_ state: inout ExplorerState, _ body: (inout KeyValueEditorState) -> Void) {
        switch state.editor.tab {
        case .params:
            if state.editor.paramsOnPath { body(&state.editor.pathParams) } else { body(&state.editor.query) }
        case .headers: body(&state.editor.headers)
        case .body: body(&state.editor.bodyTable)
        default: break
        }
    }

    /// Writes the tables' rows into the draft (and the query rows into the URL field).
    static func syncTables(_ key: RequestKey, _ state: inout ExplorerState) {
        let editor = state.editor
        updateDraft(key, &state) { request in
            request.query = KeyValueRows.merged(editor.query.rows, over: request.query)
            request.pathParams = KeyValueRows.merged(editor.pathParams.rows, over: request.pathParams)
            request.headers = KeyValueRows.merged(editor.headers.rows, over: request.headers)
            request.body = BodyRows.body(from: editor.bodyTable.rows, over: request.body)
        }
        if let request = state.request(key) {
            let text = URLQuerySync.compose(url: request.url, query: request.query)
            if text != state.editor.url.text { state.editor.url.setText(text) }
        }
    }

    /// The URL field changed: its URL, query rows and path parameters go into the draft, and the
    /// Params tables follow.
    static func urlTextChanged(_ key: RequestKey, _ state: inout ExplorerState) {
        let text = state.editor.url.text
        let saved = state.savedRequest(key)?.pathParams ?? []
        updateDraft(key, &state) { URLQuerySync.apply(text, to: &$0, earlier: saved) }
        guard let request = state.request(key) else { return }
        let selectedQuery = state.editor.query.table.selected
        state.editor.query = KeyValueEditorState(rows: request.query.map(KeyValueRows.editable))
        state.editor.query.table.selected = selectedQuery.map { min($0, max(0, request.query.count - 1)) }
        if state.editor.pathParams.rows.map(\.key) != request.pathParams.map(\.name) {
            state.editor.pathParams = KeyValueEditorState(rows: request.pathParams.map(KeyValueRows.editable))
        }
    }

    static func isTextBody(_ state: ExplorerState) -> Bool {
        state.selectedRequest.map { BodyText.isTextual($0.body) } ?? false
    }

    /// A key typed while the request pane has a text field.
    static func typeIntoRequest(_ key: KeyEvent, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let selection = state.selection else { return [] }
        switch state.editor.focus {
        case .url:
            if key == KeyEvent(.enter) { return send(&state) }
            if key.key == .down {
                state.editor.focus = .content
                return []
            }
            guard state.editor.url.handle(key) else { return [] }
            urlTextChanged(selection, &state)
            return draftsChanged(&state)
        case .editing:
            if state.editor.tab == .notes {
                guard state.editor.notes.handle(key) else { return [] }
                let text = state.editor.notes.text
                updateDraft(selection, &state) { $0.notes = text.isEmpty ? nil : text }
                return draftsChanged(&state)
            }
            guard state.editor.body.handle(key) else { return [] }
            bodyTextChanged(selection, &state)
            return draftsChanged(&state)
        case .content:
            if state.editor.formEditor != nil { return typeIntoForm(key, selection, &state) }
            var handled = false
            withTable(&state) { table in
                handled = table.handleEditing(.key(key))
                // Tab moves to the other cell of the row and keeps typing there.
                if key.key == .tab, !table.isEditing { table.beginEditing() }
            }
            guard handled else { return [] }
            syncTables(selection, &state)
            return draftsChanged(&state)
        }
    }

    static func pasteIntoRequest(_ text: String, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let selection = state.selection else { return [] }
        switch state.editor.focus {
        case .url:
            if let effects = pasteCurl(text, selection, &state) { return effects }
            state.editor.url.insert(text.replacingOccurrences(of: "\n", with: ""))
            urlTextChanged(selection, &state)
        case .editing:
            if state.editor.tab == .notes {
                state.editor.notes.insert(text)
                let notes = state.editor.notes.text
                updateDraft(selection, &state) { $0.notes = notes }
            } else {
                state.editor.body.insert(text)
                bodyTextChanged(selection, &state)
            }
        case .content:
            if state.editor.formEditor != nil {
                state.editor.formEditor?.insert(text.replacingOccurrences(of: "\n", with: " "))
                return []
            }
            withTable(&state) { _ = $0.handleEditing(.paste(text)) }
            syncTables(selection, &state)
        }
        return draftsChanged(&state)
    }

    private static func bodyTextChanged(_ key: RequestKey, _ state: inout ExplorerState) {
        let text = state.editor.body.text
        updateDraft(key, &state) { $0.body = BodyText.replacing($0.body, with: text) }
        if let request = state.request(key) {
            switch request.body.content {
            case .json, .jsonText: state.editor.bodyProblem = BodyText.problem(inJSON: text)
            default: state.editor.bodyProblem = nil
            }
        }
    }

    /// Commits a table cell being edited (Enter's effect) before focus moves away or a send.
    static func commitEditing(_ state: inout ExplorerState) {
        guard let selection = state.selection, state.focus == .request || state.editor.isTyping else { return }
        var committed = false
        for tab in [RequestTab.params, .headers] {
            let saved = state.editor.tab
            state.editor.tab = tab
            withTable(&state) { table in
                if table.isEditing {
                    _ = table.handleEditing(.key(KeyEvent(.enter)))
                    committed = true
                }
            }
            if tab == .params, state.editor.pathParams.isEditing {
                _ = state.editor.pathParams.handleEditing(.key(KeyEvent(.enter)))
                committed = true
            }
            state.editor.tab = saved
        }
        if committed { syncTables(selection, &state) }
        if state.editor.formEditor != nil { _ = commitForm(selection, &state) }
    }

    static func navigateRequest(_ navigation: NavigationAction, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch navigation {
        case .left: return requestAction(.previousTab, &state)
        case .right: return requestAction(.nextTab, &state)
        case .down where state.editor.focus == .url:
            state.editor.focus = .content
        default: break
        }
        return []
    }

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
        case .previousTab, .nextTab:
            commitEditing(&state)
            let count = RequestTab.allCases.count
            let step = command == .nextTab ? 1 : count - 1
            state.editor.tab = RequestTab(rawValue: (state.editor.tab.rawValue + step) % count) ?? .params
            state.editor.focus = .content
            state.editor.formSelected = 0
        case .focusURL, .url:
            state.focus = .request
            state.editor.focus = .url
        case .edit:
            state.focus = .request
            if state.tableHasFocus { return tableCommand(.edit, &state) }
            if state.editor.tab == .body || state.editor.tab == .notes { state.editor.focus = .editing }
        case .toggleRow: return tableCommand(.toggle, &state)
        case .addRow: return tableCommand(.add, &state)
        case .deleteRow: return tableCommand(.delete, &state)
        case .method:
            guard let key = state.selection else { return [] }
            let all = RequestMethod.standard.filter { $0 != .connect && $0 != .trace }
            updateDraft(key, &state) { request in
                let index = all.firstIndex(of: request.method) ?? -1
                request.method = all[(index + 1) % all.count]
            }
            return draftsChanged(&state)
        case .bodyKind:
            return cycleBodyKind(&state)
        case .formatBody:
            guard let key = state.selection, let formatted = BodyText.formatted(state.editor.body.text) else {
                let text = state.editor.body.text
                let reason =
                    state.editor.bodyProblem.map { "Not JSON: \($0)" }
                    ?? (text.contains("{{")
                        ? "Not formatted: a bare {{variable}} is JSON only once filled in" : "The body is not JSON")
                notify(&state, reason, kind: .warning)
                return []
            }
            state.editor.body.setText(formatted)
            updateDraft(key, &state) { $0.body = BodyText.replacing($0.body, with: formatted) }
            state.editor.bodyProblem = nil
            return draftsChanged(&state)
        case .editBodyExternally:
            guard let key = state.selection, let request = state.request(key), BodyText.isTextual(request.body) else {
                return []
            }
            return [.editExternally(key, text: state.editor.body.text, fileExtension: fileExtension(of: request.body))]
        case .tab1, .tab2, .tab3, .tab4, .tab5, .tab6, .tab7:
            let tabs: [RequestCommand] = [.tab1, .tab2, .tab3, .tab4, .tab5, .tab6, .tab7]
            guard let tab = tabs.firstIndex(of: command).flatMap(RequestTab.init(rawValue:)) else { return [] }
            commitEditing(&state)
            state.focus = .request
            state.editor.tab = tab
            state.editor.focus = .content
            state.editor.formSelected = 0
        }
        return []
    }

    /// The temporary file's extension for `$EDITOR`, so it highlights the body's language.
    static func fileExtension(of body: SavedBody) -> String {
        switch body.content {
        case .json, .jsonText: return "json"
        case .text(_, let contentType?):
            if contentType.contains("xml") { return "xml" }
            if contentType.contains("html") { return "html" }
            if contentType.contains("yaml") { return "yaml" }
            return "txt"
        default: return "txt"
        }
    }
}
