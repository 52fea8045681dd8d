import TUI
import Workspace

/// Collection files changed by other programs: a file deleted leaves the list (unless it has
/// drafts), a copy of an open file is listed as broken, a change without drafts is reloaded
/// quietly, a change with drafts asks what to keep.
extension WorkspaceReducer {
    static func fileChanged(
        _ slot: CollectionSlot, _ state: inout WorkspaceState, _ context: Context, _ outcome: inout Outcome
    ) {
        // A collection file deleted by another program leaves the list (unless it has drafts).
        if slot.document == nil, slot.diagnostics.first?.message == "file not found" {
            guard let index = state.collections.firstIndex(where: { $0.path == slot.path }) else { return }
            if let id = state.collections[index].collectionID, state.isDirty(collectionID: id) {
                outcome.notice = Notice(
                    "\(slot.fileName) was deleted on disk; Ctrl+S writes your drafts back", kind: .warning)
                return
            }
            let removed = state.collections.remove(at: index)
            collectionsChanged(&outcome)
            // The files kept out because they had its collection id are read again now.
            if let id = removed.collectionID {
                outcome.effects += state.collections.filter { $0.duplicateOf == id }.map { .reload(path: $0.path) }
            }
            if let key = context.selection, state.document(collectionID: key.collectionID) == nil {
                outcome.requests.append(.deselect)
            }
            outcome.notice = Notice("\(slot.fileName) was deleted on disk", kind: .info)
            return
        }
        // A file whose id another open file has (a copy made while Lazer runs) is listed as broken.
        if let id = slot.collectionID,
            state.collections.contains(where: { $0.path != slot.path && $0.collectionID == id })
        {
            storeFromDisk(slot, &state, &outcome)
            return
        }
        guard let id = slot.collectionID ?? state.collections.first(where: { $0.path == slot.path })?.collectionID
        else {
            store(slot, &state, &outcome)
            return
        }
        // Our own save, seen by the folder watcher before its result arrived: nothing changed.
        if let current = state.document(collectionID: id), let incoming = slot.document,
            current.fingerprint == incoming.fingerprint
        {
            return
        }
        if state.isDirty(collectionID: id) {
            state.pendingReload[id] = slot
            outcome.requests.append(
                .ask(
                    .conflict(collectionID: id, selected: -1),
                    waitingNotice: "\(slot.fileName) changed on disk: Lazer asks what to keep when you finish typing"))
            return
        }
        adopt(slot, id, &state, context, &outcome)
        outcome.notice = Notice("Reloaded \(slot.fileName) (changed on disk)", kind: .info)
    }

    /// The file's new version becomes the collection; the editor shows the selected request as it
    /// is now (its draft, else the new saved version; nothing when the file no longer has it).
    static func adopt(
        _ slot: CollectionSlot, _ id: String, _ state: inout WorkspaceState, _ context: Context,
        _ outcome: inout Outcome
    ) {
        store(slot, &state, &outcome)
        guard let key = context.selection, key.collectionID == id else { return }
        if state.savedRequest(key) == nil {
            outcome.requests.append(.deselect)
        } else if state.request(key) != nil {
            outcome.requests.append(.reloadEditor(key))
        }
    }
}
