import TUI
import Workspace

/// Collections arriving, selection, saving and outside changes.
extension ExplorerReducer {
    static func collectionLoaded(_ slot: CollectionSlot, _ state: inout ExplorerState) -> [ExplorerEffect] {
        let isFirst = state.collections.allSatisfy { $0.document == nil }
        if let id = slot.collectionID, isFirst || state.collections.count < 2 {
            state.navigator.expanded.insert(id)
        }
        store(slot, &state)
        guard let id = slot.collectionID else { return [] }
        if state.selection == nil { applyStartupSelection(&state, final: false) }
        return [.loadUIState(collectionID: id)]
    }

    static func uiStateLoaded(_ collectionID: String, _ remembered: UIState, _ state: inout ExplorerState)
        -> [ExplorerEffect]
    {
        guard let document = state.document(collectionID: collectionID) else { return [] }
        if state.environments[collectionID] == nil, let name = remembered.selectedEnvironment,
            document.collection.environment(named: name) != nil
        {
            state.environments[collectionID] = name
        }
        if let requested = state.startup.environment, document.collection.environment(named: requested) != nil {
            state.environments[collectionID] = requested
        }
        for folder in remembered.expandedFolders { state.navigator.expanded.insert(collectionID + "/" + folder) }
        state.navigator.rebuild(from: state.collections)
        guard state.selection == nil, state.startup.request == nil else { return [] }
        if let id = remembered.selectedRequestID {
            let key = RequestKey(collectionID: collectionID, requestID: id)
            if state.savedRequest(key) != nil { return select(key, &state, focus: false) }
        }
        // Nothing remembered: the first request on screen, else the first one inside the folders.
        let visible = state.navigator.rows.first { $0.requestKey?.collectionID == collectionID }?.requestKey
        let first = document.collection.allRequests.first.map {
            RequestKey(collectionID: collectionID, requestID: $0.request.id)
        }
        if let key = visible ?? first { return select(key, &state, focus: false) }
        return []
    }

    /// Selects the request the command line named, once it has arrived. Without one, the
    /// remembered or first request is selected when a collection's UI state arrives
    /// (`uiStateLoaded`), so that a remembered selection is not pre-empted by the first request.
    static func applyStartupSelection(_ state: inout ExplorerState, final: Bool) {
        guard let wanted = state.startup.request else { return }
        if let key = findRequest(wanted, in: state) {
            _ = select(key, &state, focus: true)
        } else if final {
            notify(&state, "No request \"\(wanted)\" in the collections", kind: .warning)
        }
    }

    /// A request by id, or by its `Folder/Name` path (also `Collection/Folder/Name`).
    static func findRequest(_ wanted: String, in state: ExplorerState) -> RequestKey? {
        for slot in state.collections {
            guard let collection = slot.document?.collection else { continue }
            for location in collection.allRequests {
                let path = (location.folderPath + [location.request.name]).joined(separator: "/")
                if location.request.id == wanted || path == wanted || collection.name + "/" + path == wanted {
                    return RequestKey(collectionID: collection.id, requestID: location.request.id)
                }
            }
        }
        return nil
    }

    /// Makes `key` the selected request: its folders open, its row selected, the editor loaded
    /// with its draft, the response pane showing its last result.
    @discardableResult
    static func select(_ key: RequestKey, _ state: inout ExplorerState, focus: Bool) -> [ExplorerEffect] {
        guard let request = state.request(key), let document = state.document(collectionID: key.collectionID)
        else { return [] }
        if state.editor.focus == .url || state.editor.focus == .editing { commitEditing(&state) }
        let changed = state.selection != key
        state.selection = key
        state.navigator.expanded.insert(key.collectionID)
        if let location = document.collection.allRequests.first(where: { $0.request.id == key.requestID }) {
            for depth in location.folderPath.indices {
                state.navigator.expanded.insert(
                    ([key.collectionID] + location.folderPath[...depth]).joined(separator: "/"))
            }
        }
        state.navigator.rebuild(from: state.collections)
        state.navigator.select(.request(key))
        if changed || state.editor.key != key {
            state.editor.load(request, key: key)
            state.response.resetForNewResult()
            state.response.history = []
            state.response.openedHistory = nil
            buildTree(&state)
        }
        if focus { state.focus = .request }
        var effects: [ExplorerEffect] = [.loadHistory(key)]
        if changed { effects.append(rememberUIState(key.collectionID, state)) }
        return effects
    }

    static func rememberUIState(_ collectionID: String, _ state: ExplorerState) -> ExplorerEffect {
        let prefix = collectionID + "/"
        let folders = state.navigator.expanded.filter { $0.hasPrefix(prefix) }.map {
            String($0.dropFirst(prefix.count))
        }
        let selected = state.selection?.collectionID == collectionID ? state.selection?.requestID : nil
        return .rememberUIState(
            collectionID: collectionID,
            UIState(
                selectedEnvironment: state.environments[collectionID], selectedRequestID: selected,
                expandedFolders: folders.sorted()))
    }

    // MARK: - Saving

    /// `Ctrl+S`: writes the selected request's draft into its collection and saves the file.
    static func saveSelected(_ state: inout ExplorerState) -> [ExplorerEffect] {
        commitEditing(&state)
        guard let key = state.selection, var document = state.document(collectionID: key.collectionID) else {
            notify(&state, "Nothing to save", kind: .info)
            return []
        }
        if let draft = state.drafts[key] {
            document.collection.updateRequest(id: key.requestID) { $0 = draft }
        } else if !document.isModified {
            notify(&state, "No unsaved changes in \(document.collection.name)", kind: .info)
            return []
        }
        return [.save(document, overwrite: false)]
    }

    /// Saves every draft of every collection (the quit prompt's "save all").
    static func saveAll(_ state: inout ExplorerState) -> [ExplorerEffect] {
        commitEditing(&state)
        var effects: [ExplorerEffect] = []
        for slot in state.collections {
            guard var document = slot.document else { continue }
            let drafts = state.drafts.filter { $0.key.collectionID == document.collection.id }
            guard !drafts.isEmpty || document.isModified else { continue }
            for (key, draft) in drafts { document.collection.updateRequest(id: key.requestID) { $0 = draft } }
            effects.append(.save(document, overwrite: false))
        }
        return effects
    }

    static func saved(
        _ collectionID: String, _ result: Result<CollectionDocument, SaveFailure>, _ state: inout ExplorerState
    ) -> [ExplorerEffect] {
        switch result {
        case .success(let document):
            // Drafts that are now exactly what was saved are done.
            for key in state.drafts.keys where key.collectionID == collectionID {
                if document.collection.request(id: key.requestID) == state.drafts[key] { state.drafts[key] = nil }
            }
            store(CollectionSlot(document: document), &state)
            // A deletion's "u: undo" notice stays while it can be undone (its save would replace it at once).
            if state.undo?.collectionID != collectionID {
                notify(&state, "Saved \(CollectionSlot(document: document).fileName)", kind: .success)
            }
            if case .quitPrompt? = state.overlay, state.drafts.isEmpty {
                state.quitting = true
                return draftsChanged(&state) + [.quit]
            }
            return draftsChanged(&state)
        case .failure(let failure):
            if failure.isConflict {
                state.overlay = .conflict(collectionID: collectionID, selected: 0)
            } else {
                notify(&state, "Not saved: " + failure.message, kind: .error)
            }
            return []
        }
    }

    /// A collection file changed on disk. Without drafts it is reloaded quietly (the selection is
    /// kept by id); with drafts the user chooses.
    static func fileChanged(_ slot: CollectionSlot, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let id = slot.collectionID ?? state.collections.first(where: { $0.path == slot.path })?.collectionID
        else {
            store(slot, &state)
            return []
        }
        if state.isDirty(collectionID: id) {
            state.pendingReload[id] = slot
            if state.overlay == nil { state.overlay = .conflict(collectionID: id, selected: 0) }
            return []
        }
        store(slot, &state)
        if let key = state.selection, key.collectionID == id {
            if state.savedRequest(key) == nil {
                state.selection = nil
                state.editor = RequestEditorState()
            } else if let request = state.request(key) {
                state.editor.load(request, key: key)
            }
        }
        notify(&state, "Reloaded \(slot.fileName) (changed on disk)", kind: .info)
        return []
    }
}
