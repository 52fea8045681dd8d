import Foundation
import TUI
import Workspace

/// Keys of the environment editor and the collection variables editor: move between rows and
/// the name and value cells, type a cell (Enter keeps it as an edit of the collection, Esc drops
/// it), add, delete, make secret. A variable's name is checked here, where it is typed, so a
/// refused name stays in its cell with the reason.
extension OverlayReducer {
    static func editorKey(
        _ key: KeyEvent, _ editor: EnvironmentEditorState, _ context: Context, _ state: inout OverlayState
    ) -> Outcome {
        guard let collection = context.collection else {
            state.overlay = nil
            return Outcome()
        }
        let rows = EnvironmentEditorRow.rows(editor.scope, in: collection)
        if editor.editor != nil { return typeCell(key, editor, rows, collection, &state) }
        var editor = editor
        let row = rows.indices.contains(editor.selected) ? rows[editor.selected] : nil
        let scope = editor.scope.editScope
        let id = editor.collectionID
        switch key {
        case KeyEvent(.escape):
            state.overlay = back(from: editor, collection)
            return Outcome()
        case KeyEvent(.function(4)) where editor.scope == .collection:
            state.overlay = nil
            return Outcome()
        case .ctrl("s"): return Outcome(requests: [.saveCollection(id)])
        case .char("X"): return Outcome(requests: [.revertEnvironments(id)])
        // ←/h the name, →/l the value (a toggle took → on the value to the name, and the next
        // edit renamed the variable); Tab and Shift+Tab go to the other cell.
        case KeyEvent(.left), .char("h"):
            editor.column = .name
        case KeyEvent(.right), .char("l"):
            editor.column = .value
        case KeyEvent(.tab), KeyEvent(.backTab):
            editor.column = editor.column == .name ? .value : .name
        case .char("a"):
            editor.selected = rows.count - 1
            editor.adding = true
            editor.editor = TextEditorState(text: "", singleLine: true)
        case .char("d"), KeyEvent(.delete):
            guard case .variable(let index, _)? = row else { break }
            return Outcome(requests: [.editEnvironments(collectionID: id, .deleteVariable(scope: scope, index: index))])
        case .char("s"):
            guard case .variable(let index, var variable)? = row else { break }
            variable.secret.toggle()
            return Outcome(
                requests: [.editEnvironments(collectionID: id, .replaceVariable(scope: scope, index: index, variable))])
        case KeyEvent(.enter):
            return enter(row, &editor, collection, &state)
        default:
            editor.selected = max(0, min(rows.count - 1, editor.selected + scrollStep(key, page: rows.count)))
        }
        state.overlay = .environmentEditor(editor)
        return Outcome()
    }

    /// Enter on a row: type the base URL or a cell, switch the kind, list the routes, add a variable.
    private static func enter(
        _ row: EnvironmentEditorRow?, _ editor: inout EnvironmentEditorState, _ collection: RequestCollection,
        _ state: inout OverlayState
    ) -> Outcome {
        guard let row else { return Outcome() }
        switch row {
        case .baseURL(let url):
            editor.editor = field(url)
        case .kind(let kind):
            guard case .environment(let name) = editor.scope else { return Outcome() }
            return Outcome(
                requests: [
                    .editEnvironments(
                        collectionID: editor.collectionID, .setKind(environment: name, kind == .live ? .mock : .live))
                ])
        case .routes:
            guard case .environment(let name) = editor.scope else { return Outcome() }
            return openRoutes(
                collectionID: editor.collectionID, environment: name, fromEditor: true, collection, &state)
        case .variable(_, let variable):
            editor.editor = field(editor.column == .name ? variable.name : variable.value)
        case .add:
            editor.adding = true
            editor.editor = field("")
        }
        state.overlay = .environmentEditor(editor)
        return Outcome()
    }

    private static func field(_ text: String) -> TextEditorState {
        var field = TextEditorState(text: text, singleLine: true)
        field.selectAll()
        return field
    }

    /// Where Esc goes: an environment's editor back to the manager on it; the collection's closes.
    private static func back(from editor: EnvironmentEditorState, _ collection: RequestCollection) -> Overlay? {
        guard case .environment(let name) = editor.scope else { return nil }
        return .environments(selected: collection.environments.firstIndex { $0.name == name } ?? 0)
    }

    /// A key while a cell is typed: Enter keeps it (an edit), Esc drops it, others type.
    private static func typeCell(
        _ key: KeyEvent, _ editor: EnvironmentEditorState, _ rows: [EnvironmentEditorRow],
        _ collection: RequestCollection, _ state: inout OverlayState
    ) -> Outcome {
        var editor = editor
        guard var field = editor.editor else { return Outcome() }
        switch key {
        case KeyEvent(.escape):
            editor.editor = nil
            editor.adding = false
            editor.error = nil
        case KeyEvent(.enter):
            return commitCell(field.text, editor, rows, collection, &state)
        default:
            _ = field.handle(key)
            editor.editor = field
            editor.error = nil
        }
        state.overlay = .environmentEditor(editor)
        return Outcome()
    }

    private static func commitCell(
        _ text: String, _ editor: EnvironmentEditorState, _ rows: [EnvironmentEditorRow],
        _ collection: RequestCollection, _ state: inout OverlayState
    ) -> Outcome {
        var editor = editor
        let id = editor.collectionID
        let scope = editor.scope.editScope
        let row = rows.indices.contains(editor.selected) ? rows[editor.selected] : nil
        let existing: [Variable] =
            scope.map { collection.environment(named: $0)?.variables ?? [] } ?? collection.variables
        func refuse(_ message: String) -> Outcome {
            editor.error = message
            state.overlay = .environmentEditor(editor)
            return Outcome()
        }
        let edit: EnvironmentEdit
        switch row {
        case .baseURL?:
            guard case .environment(let name) = editor.scope else { return Outcome() }
            let url = text.trimmingCharacters(in: .whitespaces)
            guard !url.isEmpty else { return refuse("A base URL is needed (http://host:port)") }
            edit = .setBaseURL(environment: name, url)
            editor.editor = nil
        case .add? where editor.adding:
            let name = text.trimmingCharacters(in: .whitespaces)
            if let problem = nameProblem(name, existing, except: nil) { return refuse(problem) }
            edit = .addVariable(scope: scope, Variable(name: name))
            // The value next, in the new row (it takes the add row's place).
            editor.adding = false
            editor.column = .value
            editor.editor = field("")
        case .variable(let index, var variable)?:
            if editor.column == .name {
                let name = text.trimmingCharacters(in: .whitespaces)
                if let problem = nameProblem(name, existing, except: index) { return refuse(problem) }
                variable.name = name
            } else {
                variable.value = text
            }
            edit = .replaceVariable(scope: scope, index: index, variable)
            editor.editor = nil
        default:
            editor.editor = nil
            state.overlay = .environmentEditor(editor)
            return Outcome()
        }
        editor.error = nil
        state.overlay = .environmentEditor(editor)
        return Outcome(requests: [.editEnvironments(collectionID: id, edit)])
    }

    private static func nameProblem(_ name: String, _ variables: [Variable], except index: Int?) -> String? {
        guard VariableName.isValid(name) else { return "\"\(name)\" is not a variable name (\(VariableName.rule))" }
        if variables.indices.contains(where: { $0 != index && variables[$0].name == name }) {
            return "There is already a variable \(name) here"
        }
        return nil
    }
}
