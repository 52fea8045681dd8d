import HTTPCore
import TUI
import Workspace

/// The request pane's commands: tabs, the URL, the method, the body kind and format, `$EDITOR`,
/// and the tables' commands (move between rows, switch column, add, delete, switch a row, edit
/// a cell): their keys come from the keymap's `table` context like every other key, so a user
/// keymap file rebinds them.
extension RequestEditorReducer {
    static func perform(_ command: RequestCommand, _ editor: inout RequestEditorState, _ work: inout Work) {
        switch command {
        case .send, .cancel, .save, .saveAll, .copyCurl, .copyCurlRevealed, .authToFolder, .authToCollection,
            .oauthNewToken, .oauthRefresh, .oauthForget, .webSocketCompose, .webSocketSendSaved,
            .graphqlRefreshSchema, .graphqlSchemaBrowser, .graphqlOperation:
            // The root's: they reach the exchanges and the files.
            break
        case .previousTab, .nextTab:
            let count = RequestTab.allCases.count
            let step = command == .nextTab ? 1 : count - 1
            show(RequestTab(rawValue: (editor.tab.rawValue + step) % count) ?? .params, &editor, &work)
        case .focusURL, .url:
            editor.focus = .url
        case .edit:
            if tableHasFocus(editor, work) {
                tableCommand(.edit, &editor, &work)
            } else if editor.tab == .body || editor.tab == .notes || editor.tab == .scripts {
                editor.focus = .editing
            }
        case .toggleRow: tableCommand(.toggle, &editor, &work)
        case .addRow: tableCommand(.add, &editor, &work)
        case .deleteRow: tableCommand(.delete, &editor, &work)
        case .moveRowUp: moveRow(by: -1, &editor, &work)
        case .moveRowDown: moveRow(by: 1, &editor, &work)
        case .rowUp, .rowDown, .rowPageUp, .rowPageDown, .firstRow, .lastRow, .otherColumn, .nameColumn, .valueColumn:
            tableMove(command, &editor, work)
        case .method:
            guard work.key != nil else { return }
            let all = RequestMethod.standard.filter { $0 != .connect && $0 != .trace }
            work.update { request in
                let index = all.firstIndex(of: request.method) ?? -1
                request.method = all[(index + 1) % all.count]
            }
            work.draftsChanged = true
        case .bodyKind:
            cycleBodyKind(&editor, &work)
        case .formatBody:
            guard work.key != nil, let formatted = BodyText.formatted(editor.body.text) else {
                let text = editor.body.text
                let reason =
                    editor.bodyProblem.map { "Not JSON: \($0)" }
                    ?? (text.contains("{{")
                        ? "Not formatted: a bare {{variable}} is JSON only once filled in" : "The body is not JSON")
                work.outcome.notice = Notice(reason, kind: .warning)
                return
            }
            editor.body.setText(formatted)
            work.update { $0.body = BodyText.replacing($0.body, with: formatted) }
            editor.bodyProblem = nil
            work.draftsChanged = true
        case .editBodyExternally where editor.tab == .scripts:
            guard let key = work.key else { return }
            work.outcome.effects.append(
                .editExternally(key, text: editor.selectedScript.text, .script(editor.selectedScriptStage)))
        case .editBodyExternally:
            guard let key = work.key, let request = work.request, BodyText.isTextual(request.body) else { return }
            work.outcome.effects.append(
                .editExternally(key, text: editor.body.text, .body(fileExtension: fileExtension(of: request.body))))
        case .undo: undo(redo: false, &editor, &work)
        case .redo: undo(redo: true, &editor, &work)
        case .revert: revert(&editor, &work)
        case .completionAccept, .completionNext, .completionPrevious: completionCommand(command, &editor, &work)
        case .graphqlNextProblem: nextGraphQLProblem(&editor, &work)
        case .graphqlVariables: switchGraphQLField(&editor, &work)
        case .graphqlComplete: completeGraphQL(&editor, &work)
        case .graphqlVariablesSkeleton: writeVariablesSkeleton(&editor, &work)
        case .tab1, .tab2, .tab3, .tab4, .tab5, .tab6, .tab7, .tab8:
            let tabs: [RequestCommand] = [.tab1, .tab2, .tab3, .tab4, .tab5, .tab6, .tab7, .tab8]
            guard let tab = tabs.firstIndex(of: command).flatMap(RequestTab.init(rawValue:)) else { return }
            show(tab, &editor, &work)
        }
    }

    /// A tab chosen by key: what is being typed is kept first. A form line that was refused stays
    /// open where it is, with its error (moved to the first row of the next tab, it was saved over
    /// that row's check).
    private static func show(_ tab: RequestTab, _ editor: inout RequestEditorState, _ work: inout Work) {
        commitEditing(&editor, &work)
        if editor.formEditor != nil { return }
        editor.tab = tab
        editor.focus = .content
        editor.formSelected = 0
        if tab == .scripts { askScriptChecks(&editor, &work) }
    }

    /// Whether a Params, Headers, form or multipart table has the keyboard.
    static func tableHasFocus(_ editor: RequestEditorState, _ work: Work) -> Bool {
        work.paneFocused && editor.tableHasKeyboard(body: work.request?.body)
    }

    /// What a table command does to the focused table.
    enum TableEdit {
        case add
        case delete
        case toggle
        case edit
    }

    /// Adds, deletes or switches a row, or edits the selected cell, in the focused table.
    static func tableCommand(_ command: TableEdit, _ editor: inout RequestEditorState, _ work: inout Work) {
        guard work.key != nil, tableHasFocus(editor, work) else { return }
        // Path parameters are the URL's `:name` segments: adding one there made a row no URL
        // used (a query parameter was meant); it adds a query row instead.
        if command == .add, editor.tab == .params, editor.paramsOnPath {
            editor.paramsOnPath = false
            editor.query.apply(.bottom)
            work.outcome.notice = Notice(
                "Path parameters come from :name in the URL; \(work.addRowKey) adds a query row", kind: .info)
        }
        // The row a delete takes away, in the saved Params (query) or Headers rows too: the tables
        // are written back over them by position, and its description would stay behind otherwise.
        let deleting = command == .delete ? savedRows(of: editor) : nil
        let deletedIndex = editor.focusedTable?.table.selected
        var changed = false
        editor.withFocusedTable { table in
            switch command {
            case .add:
                table.addRow()
                changed = true
            case .delete: changed = table.deleteSelected()
            case .toggle:
                table.toggleSelected()
                changed = true
            case .edit:
                table.beginEditing()
                changed = true
            }
        }
        guard changed else { return }
        if let deleting, let deletedIndex {
            work.update { request in
                if request[keyPath: deleting].indices.contains(deletedIndex) {
                    request[keyPath: deleting].remove(at: deletedIndex)
                }
            }
        }
        syncTables(&editor, &work)
        work.draftsChanged = true
    }

    /// The saved rows behind the focused table when it is the Params query or the Headers table.
    static func savedRows(of editor: RequestEditorState) -> WritableKeyPath<SavedRequest, [KeyValueRow]>? {
        switch editor.tab {
        case .params where !editor.paramsOnPath: \.query
        case .headers: \.headers
        default: nil
        }
    }

    /// Moves the selected Params (query) or Headers row one place (`K`/`J`): the order a request
    /// sends them in. The saved rows move with it, so a row's description and unknown fields stay
    /// with the row (the tables are written back over them row by row). Path parameters follow the
    /// URL's order and form and multipart rows are not moved here.
    static func moveRow(by offset: Int, _ editor: inout RequestEditorState, _ work: inout Work) {
        guard work.key != nil, tableHasFocus(editor, work) else { return }
        guard let rows = savedRows(of: editor) else { return }
        let from = editor.focusedTable?.table.selected
        var moved = false
        editor.withFocusedTable { moved = $0.moveSelected(by: offset) }
        guard moved else { return }
        work.update { request in
            // A row added since the request was read has nothing saved to carry.
            guard let from, request[keyPath: rows].indices.contains(from),
                request[keyPath: rows].indices.contains(from + offset)
            else { return }
            request[keyPath: rows].swapAt(from, from + offset)
        }
        syncTables(&editor, &work)
        work.draftsChanged = true
    }

    /// Moves in the focused table: between rows (`up` from the top row goes to the URL; in
    /// Params, `down` past the last query row goes to the path parameters and `up` from their
    /// top back), or to the other column.
    static func tableMove(_ command: RequestCommand, _ editor: inout RequestEditorState, _ work: Work) {
        guard tableHasFocus(editor, work) else { return }
        let onParams = editor.tab == .params
        switch command {
        case .rowUp where (editor.focusedTable?.table.selected ?? 0) == 0:
            if onParams, editor.paramsOnPath {
                editor.paramsOnPath = false
            } else {
                editor.focus = .urlLine
            }
        case .rowDown
        where onParams && !editor.paramsOnPath && (editor.query.table.selected ?? -1) >= editor.query.rows.count - 1
            && !editor.pathParams.rows.isEmpty:
            editor.paramsOnPath = true
        case .otherColumn:
            editor.withFocusedTable { $0.switchColumn() }
        case .nameColumn:
            editor.withFocusedTable { $0.selectColumn(.key) }
        case .valueColumn:
            editor.withFocusedTable { $0.selectColumn(.value) }
        default:
            let navigation: [RequestCommand: NavigationAction] = [
                .rowUp: .up, .rowDown: .down, .rowPageUp: .pageUp, .rowPageDown: .pageDown, .firstRow: .top,
                .lastRow: .bottom,
            ]
            guard let navigation = navigation[command] else { return }
            editor.withFocusedTable { $0.apply(navigation) }
        }
    }
}
