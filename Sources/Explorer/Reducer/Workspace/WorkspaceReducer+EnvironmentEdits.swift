import TUI
import Workspace

/// Edits of a collection's environments and variables from the environment manager and editors.
/// They change the collection in memory — what the next send, the preview and `F4` use at once —
/// and are unsaved changes of the collection (counted, asked about at quit) until `Ctrl+S` saves
/// them through the same atomic save and conflict check as requests (secret values to the secrets
/// file, never the collection file), or `X` puts them back as saved.
extension WorkspaceReducer {
    static func editEnvironments(
        _ id: String, _ edit: EnvironmentEdit, _ state: inout WorkspaceState, _ outcome: inout Outcome
    ) {
        guard let index = state.collections.firstIndex(where: { $0.collectionID == id }),
            var document = state.collections[index].document
        else {
            outcome.notice = Notice("The collection is gone", kind: .warning)
            return
        }
        let said: String
        do {
            said = try document.collection.apply(edit)
        } catch {
            outcome.notice = Notice(error.message, kind: .warning)
            return
        }
        state.collections[index].document = document
        collectionsChanged(&outcome)
        if case .rename(let old, let new) = edit {
            outcome.effects.append(.copyCaptures(collectionID: id, from: old, to: new))
        }
        // The environment in use follows its rename, and is the default again once deleted.
        switch edit {
        case .rename(let old, let new) where state.environments[id] == old:
            state.environments[id] = new
            outcome.requests.append(.rememberUIState(collectionID: id))
        case .delete(let name) where state.environments[id] == name:
            state.environments[id] = nil
            outcome.requests.append(.rememberUIState(collectionID: id))
        default: break
        }
        outcome.notice = Notice(said + " (unsaved: Ctrl+S saves, X reverts)", kind: .info)
        // Autosaved with the drafts (secret values withheld), so a crash loses nothing else.
        outcome.effects.append(.storeDrafts(state.drafts))
    }

    /// `Ctrl+S` in the manager or an editor: the collection as it is in memory is saved (its
    /// requests' drafts stay drafts: each is saved with its own `Ctrl+S`).
    static func saveCollection(_ id: String, _ state: WorkspaceState, _ outcome: inout Outcome) {
        guard let document = state.document(collectionID: id) else { return }
        guard document.isModified else {
            outcome.notice = Notice(
                "No unsaved changes to the environments of \(document.collection.name)", kind: .info)
            return
        }
        outcome.effects.append(.save(document, overwrite: false))
    }

    /// `X` in the manager or an editor: the environments and variables as last saved.
    static func revertEnvironments(_ id: String, _ state: inout WorkspaceState, _ outcome: inout Outcome) {
        guard let index = state.collections.firstIndex(where: { $0.collectionID == id }),
            var document = state.collections[index].document
        else { return }
        let saved = document.savedCollection
        guard EnvironmentChanges.lines(from: saved, to: document.collection).count > 0 else {
            outcome.notice = Notice("No unsaved changes to the environments of \(saved.name)", kind: .info)
            return
        }
        document.collection.environments = saved.environments
        document.collection.variables = saved.variables
        document.collection.defaultEnvironment = saved.defaultEnvironment
        state.collections[index].document = document
        collectionsChanged(&outcome)
        if let chosen = state.environments[id], saved.environment(named: chosen) == nil {
            state.environments[id] = nil
            outcome.requests.append(.rememberUIState(collectionID: id))
        }
        outcome.notice = Notice("The environments and variables of \(saved.name) are as saved", kind: .info)
        outcome.effects.append(.storeDrafts(state.drafts))
    }

    /// The manager's prompts: a new environment (its editor opens on the base URL), a rename, a copy.
    static func commitEnvironmentPrompt(
        _ prompt: PromptState, name: String, _ state: inout WorkspaceState, _ outcome: inout Outcome
    ) {
        let id: String
        let edit: EnvironmentEdit
        switch prompt.purpose {
        case .newEnvironment(let collectionID):
            id = collectionID
            let current = state.environmentName(collectionID: id).flatMap {
                state.document(collectionID: id)?.collection.environment(named: $0)
            }
            edit = .create(name: name, kind: .live, baseURL: current?.baseURL ?? "http://localhost")
        case .renameEnvironment(let collectionID, let old):
            id = collectionID
            edit = .rename(old, to: name)
        case .duplicateEnvironment(let collectionID, let source):
            id = collectionID
            edit = .duplicate(source, as: name)
        default: return
        }
        guard var collection = state.document(collectionID: id)?.collection else {
            return reopen(prompt, saying: "The collection is gone", &outcome)
        }
        do {
            try collection.apply(edit)
        } catch {
            return reopen(prompt, saying: error.message, &outcome)
        }
        editEnvironments(id, edit, &state, &outcome)
        let index = collection.environments.firstIndex { $0.name == name } ?? 0
        guard case .create = edit else {
            outcome.requests.append(.openOverlay(.environments(selected: index)))
            return
        }
        // The base URL next: its cell is being typed, all of it selected.
        var editor = EnvironmentEditorState(collectionID: id, scope: .environment(name))
        var field = TextEditorState(text: collection.environments[index].baseURL, singleLine: true)
        field.selectAll()
        editor.editor = field
        outcome.requests.append(.openOverlay(.environmentEditor(editor)))
    }
}
