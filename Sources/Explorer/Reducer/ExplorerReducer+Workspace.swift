import TUI
import Workspace

/// Collections arriving, selection, saving and outside changes.
extension ExplorerReducer {
    static func collectionLoaded(_ slot: CollectionSlot, _ state: inout ExplorerState) -> [ExplorerEffect] {
        storeFromDisk(slot, &state)
        guard let document = state.collections.first(where: { $0.path == slot.path })?.document else { return [] }
        let id = document.collection.id
        if let remembered = slot.remembered {
            if state.environments[id] == nil, let name = remembered.selectedEnvironment,
                document.collection.environment(named: name) != nil
            {
                state.environments[id] = name
            }
            for folder in remembered.expandedFolders { state.navigator.expanded.insert(id + "/" + folder) }
        }
        if let requested = state.startup.environment, document.collection.environment(named: requested) != nil {
            state.environments[id] = requested
        }
        if slot.remembered?.expandedFolders.isEmpty ?? true,
            state.collections.filter({ $0.document != nil }).count <= 2
        {
            state.navigator.expanded.insert(id)
        }
        state.navigator.rebuild(from: state.collections)
        // A request named on the command line is selected as soon as its collection is here.
        if state.selection == nil, let wanted = state.startup.request, let key = findRequest(wanted, in: state) {
            select(key, &state, focus: true)
        }
        return []
    }

    /// When every file is read and nothing is selected yet: the request named on the command
    /// line, else the one remembered from last time, else the first request of the first
    /// collection that answers offline (a mock default environment), else the first request.
    static func applyStartupSelection(_ state: inout ExplorerState, final: Bool) {
        guard final, state.selection == nil else { return }
        if let wanted = state.startup.request {
            if let key = findRequest(wanted, in: state) {
                select(key, &state, focus: true)
            } else {
                notify(&state, "No request \"\(wanted)\" in the collections", kind: .warning)
            }
            return
        }
        let loaded = state.collections.compactMap(\.document)
        for document in loaded {
            if let id = state.slot(collectionID: document.collection.id)?.remembered?.selectedRequestID,
                document.collection.request(id: id) != nil
            {
                select(RequestKey(collectionID: document.collection.id, requestID: id), &state, focus: false)
                return
            }
        }
        let offline = loaded.first { document in
            let name = state.environmentName(collectionID: document.collection.id)
            return name.flatMap(document.collection.environment(named:))?.kind == .mock
        }
        for document in (offline.map { [$0] } ?? []) + loaded {
            // The first request on screen (nothing unfolds), else the first inside the folders.
            let id = document.collection.id
            let visible = state.navigator.rows.first { $0.requestKey?.collectionID == id }?.requestKey
            let first = document.collection.allRequests.first.map {
                RequestKey(collectionID: id, requestID: $0.request.id)
            }
            if let key = visible ?? first {
                select(key, &state, focus: false)
                return
            }
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
            state.response.openedHistoryResult = nil
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
            putDraft(draft, key, into: &document, &state)
        } else if !document.isModified {
            // Another request's draft in the same collection made "no unsaved changes in X"
            // false while the status bar counted it.
            let others = state.drafts.keys.filter { $0.collectionID == key.collectionID }.count
            let message =
                others == 0
                ? "No unsaved changes in \(document.collection.name)"
                : "This request has no unsaved edits; \(others) other\(others == 1 ? "" : "s") in "
                    + "\(document.collection.name) \(others == 1 ? "has" : "have") (Save all: Ctrl+P)"
            notify(&state, message, kind: .info)
            return []
        }
        return [.save(document, overwrite: false)]
    }

    /// Writes a draft into its collection. A request deleted meanwhile (by another explorer or
    /// program) is added back at the collection's top level, and the save says so: saving
    /// used to say "Saved" and write nothing, and the draft stayed unsaved.
    static func putDraft(
        _ draft: SavedRequest, _ key: RequestKey, into document: inout CollectionDocument, _ state: inout ExplorerState
    ) {
        if document.collection.request(id: key.requestID) != nil {
            document.collection.updateRequest(id: key.requestID) { $0 = draft }
            return
        }
        document.collection.addRequest(draft, inFolder: [])
        let note = "re-added \(draft.name) (it was deleted elsewhere)"
        let earlier = state.saveNotices[key.collectionID].map { $0 + " · " } ?? ""
        state.saveNotices[key.collectionID] = earlier + note.prefix(1).uppercased() + note.dropFirst()
    }

    /// Saves every draft of every collection (the quit prompt's "save all").
    static func saveAll(_ state: inout ExplorerState) -> [ExplorerEffect] {
        commitEditing(&state)
        var effects: [ExplorerEffect] = []
        for slot in state.collections {
            guard var document = slot.document else { continue }
            let drafts = state.drafts.filter { $0.key.collectionID == document.collection.id }
            guard !drafts.isEmpty || document.isModified else { continue }
            for (key, draft) in drafts { putDraft(draft, key, into: &document, &state) }
            effects.append(.save(document, overwrite: false))
        }
        return effects
    }

    static func saved(
        _ collectionID: String, _ result: Result<CollectionDocument, SaveFailure>, _ state: inout ExplorerState
    ) -> [ExplorerEffect] {
        switch result {
        case .success(let written):
            // Drafts that are now exactly what was saved are done.
            for key in state.drafts.keys where key.collectionID == collectionID {
                if written.collection.request(id: key.requestID) == state.drafts[key] { state.drafts[key] = nil }
            }
            let isNew = state.slot(collectionID: collectionID) == nil
            let document = saveLanded(written, &state)
            store(CollectionSlot(document: document), &state)
            if isNew {
                // A new collection file: its row is selected, ready for `a` (new request).
                state.navigator.expanded.insert(collectionID)
                state.navigator.rebuild(from: state.collections)
                state.navigator.select(.collection(collectionID: collectionID))
                state.focus = .collections
            }
            // A deletion's "u: undo" notice stays while it can be undone (its save would replace it at once).
            let fileName = CollectionSlot(document: document).fileName
            if let notice = state.saveNotices.removeValue(forKey: collectionID) {
                notify(&state, "\(notice) · saved \(fileName)", kind: .success)
            } else if state.undo?.collectionID != collectionID {
                notify(&state, "Saved \(fileName)", kind: .success)
            }
            let next = queuedSave(collectionID, &state)
            if next.isEmpty, case .quitPrompt? = state.overlay, state.drafts.isEmpty {
                state.quitting = true
                return draftsChanged(&state) + [.quit]
            }
            return draftsChanged(&state) + next
        case .failure(let failure):
            state.savesInFlight.remove(collectionID)
            state.savesQueued[collectionID] = nil
            state.saveNotices[collectionID] = nil
            if failure.isConflict {
                // Another program wrote the file: read its version, and ask what to keep (the
                // question names what each answer keeps and drops).
                guard let path = state.slot(collectionID: collectionID)?.path else { return [] }
                notify(&state, "Not saved: " + failure.message, kind: .warning)
                return [.reload(path: path)]
            } else if let path = failure.readOnlyPath {
                state.overlay = .replaceReadOnly(collectionID: collectionID, path: path, selected: -1)
            } else {
                notify(&state, "Not saved: " + failure.message, kind: .error)
            }
            return []
        }
    }

    /// Whether another open file has `slot`'s collection id.
    static func isCopy(_ slot: CollectionSlot, _ state: ExplorerState) -> Bool {
        guard let id = slot.collectionID else { return false }
        let path = slot.path
        return state.collections.contains { $0.path != path && $0.collectionID == id }
    }

    /// The files kept out because they had `removed`'s collection id, to be read again now that
    /// it is gone.
    private static func reloadsOfCopies(of removed: CollectionSlot, _ state: ExplorerState) -> [ExplorerEffect] {
        guard let id = removed.collectionID else { return [] }
        return state.collections.filter { $0.duplicateOf == id }.map { .reload(path: $0.path) }
    }

    /// A collection file changed on disk. Without drafts it is reloaded quietly (the selection is
    /// kept by id); with drafts the user chooses.
    static func fileChanged(_ slot: CollectionSlot, _ state: inout ExplorerState) -> [ExplorerEffect] {
        // A collection file deleted by another program leaves the list (unless it has drafts).
        if slot.document == nil, slot.diagnostics.first?.message == "file not found" {
            guard let index = state.collections.firstIndex(where: { $0.path == slot.path }) else { return [] }
            if let id = state.collections[index].collectionID, state.isDirty(collectionID: id) {
                notify(&state, "\(slot.fileName) was deleted on disk; Ctrl+S writes your drafts back", kind: .warning)
                return []
            }
            let removed = state.collections.remove(at: index)
            state.navigator.rebuild(from: state.collections)
            let effects = reloadsOfCopies(of: removed, state)
            if let key = state.selection, state.document(collectionID: key.collectionID) == nil {
                state.selection = nil
                state.editor = RequestEditorState()
            }
            notify(&state, "\(slot.fileName) was deleted on disk", kind: .info)
            return effects
        }
        // A file whose id another open file has (a copy made while Lazer runs) is listed as broken.
        if isCopy(slot, state) {
            storeFromDisk(slot, &state)
            return []
        }
        guard let id = slot.collectionID ?? state.collections.first(where: { $0.path == slot.path })?.collectionID
        else {
            store(slot, &state)
            return []
        }
        // Our own save, seen by the folder watcher before its result arrived: nothing changed.
        if let current = state.document(collectionID: id), let incoming = slot.document,
            current.fingerprint == incoming.fingerprint
        {
            return []
        }
        if state.isDirty(collectionID: id) {
            state.pendingReload[id] = slot
            ask(
                .conflict(collectionID: id, selected: -1), &state,
                waitingNotice: "\(slot.fileName) changed on disk: Lazer asks what to keep when you finish typing")
            return []
        }
        adoptFromDisk(slot, id, &state)
        notify(&state, "Reloaded \(slot.fileName) (changed on disk)", kind: .info)
        return []
    }

    /// The file's new version becomes the collection; the editor shows the selected request as it
    /// is now (its draft, else the new saved version; nothing when the file no longer has it).
    static func adoptFromDisk(_ slot: CollectionSlot, _ id: String, _ state: inout ExplorerState) {
        store(slot, &state)
        if let key = state.selection, key.collectionID == id {
            if state.savedRequest(key) == nil {
                state.selection = nil
                state.editor = RequestEditorState()
            } else if let request = state.request(key) {
                state.editor.load(request, key: key)
            }
        }
    }
}
