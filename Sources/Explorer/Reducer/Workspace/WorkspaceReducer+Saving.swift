import TUI
import Workspace

/// Saving: drafts written into their collection, one save per collection at a time, and the
/// result coming back. A save is checked against the file as Lazer last read or wrote it; two
/// saves sent at once (`J J`: each move writes the file) both carried the fingerprint from before
/// the first, so the second found the first's file and took it for another program's change. A
/// save asked for while one is in flight waits for its result and then writes the collection as
/// it is by then, over the fingerprint the first one wrote.
extension WorkspaceReducer {
    /// - Parameter inClear: the user said "save anyway" to writing a typed credential.
    static func saveSelected(
        _ key: RequestKey?, inClear: Bool = false, _ state: inout WorkspaceState, _ outcome: inout Outcome
    ) {
        guard let key, var document = state.document(collectionID: key.collectionID) else {
            outcome.notice = Notice("Nothing to save", kind: .info)
            return
        }
        if let draft = state.drafts[key] {
            if !inClear, let offer = typedCredentialOffer(key, draft, document, state) {
                // The credential would land in the file in clear: ask first.
                outcome.requests.append(.openOverlay(.clearCredentialSave(offer, selected: -1)))
                return
            }
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
            outcome.notice = Notice(message, kind: .info)
            return
        }
        outcome.effects.append(.save(document, overwrite: false))
    }

    /// Writes a draft into its collection. A request deleted meanwhile (by another explorer or
    /// program) is added back at the collection's top level, and the save says so: saving
    /// used to say "Saved" and write nothing, and the draft stayed unsaved.
    static func putDraft(
        _ draft: SavedRequest, _ key: RequestKey, into document: inout CollectionDocument,
        _ state: inout WorkspaceState
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

    /// - Parameter inClear: the user said "save anyway" to writing typed credentials; otherwise the
    /// first draft that would write one asks first (as Ctrl+S does), and nothing is written yet.
    static func saveAll(inClear: Bool = false, _ state: inout WorkspaceState, _ outcome: inout Outcome) {
        if !inClear, let offer = firstTypedCredential(state) {
            outcome.requests.append(.openOverlay(.clearCredentialSave(offer, selected: -1)))
            return
        }
        for slot in state.collections {
            guard var document = slot.document else { continue }
            let drafts = state.drafts.filter { $0.key.collectionID == document.collection.id }
            guard !drafts.isEmpty || document.isModified else { continue }
            for (key, draft) in drafts { putDraft(draft, key, into: &document, &state) }
            outcome.effects.append(.save(document, overwrite: false))
        }
    }

    /// The first draft (in the collections' order, then the requests') whose save would write a
    /// credential typed as itself.
    private static func firstTypedCredential(_ state: WorkspaceState) -> SecretOffer? {
        for slot in state.collections {
            guard let document = slot.document else { continue }
            let keys = state.drafts.keys.filter { $0.collectionID == document.collection.id }
            for key in keys.sorted(by: { $0.requestID < $1.requestID }) {
                guard let draft = state.drafts[key], var offer = typedCredentialOffer(key, draft, document, state)
                else { continue }
                offer.savingAll = true
                return offer
            }
        }
        return nil
    }

    /// The question to ask when saving `draft` would write a credential typed as itself, with a
    /// proposed variable name; nil when it would not.
    private static func typedCredentialOffer(
        _ key: RequestKey, _ draft: SavedRequest, _ document: CollectionDocument, _ state: WorkspaceState
    ) -> SecretOffer? {
        guard let typed = LiteralCredential.unsaved(in: draft, saved: state.savedRequest(key)) else { return nil }
        let name = LiteralCredential.proposedName(for: typed.field, value: typed.text, in: document.collection)
        return SecretOffer(key: key, field: typed.field, name: name)
    }

    static func saved(
        _ collectionID: String, _ result: Result<CollectionDocument, SaveFailure>, _ state: inout WorkspaceState,
        _ context: Context, _ outcome: inout Outcome
    ) {
        switch result {
        case .success(let written):
            // Drafts that are now exactly what was saved are done.
            for key in state.drafts.keys where key.collectionID == collectionID {
                if written.collection.request(id: key.requestID) == state.drafts[key] { state.drafts[key] = nil }
            }
            let isNew = state.slot(collectionID: collectionID) == nil
            let document = saveLanded(written, &state)
            store(CollectionSlot(document: document), &state, &outcome)
            // A new collection file: its row is selected, ready for `a` (new request).
            if isNew { outcome.requests.append(.showCollection(collectionID)) }
            // A deletion's "u: undo" notice stays while it can be undone (its save would replace it at once).
            let fileName = CollectionSlot(document: document).fileName
            if let notice = state.saveNotices.removeValue(forKey: collectionID) {
                outcome.notice = Notice("\(notice) · saved \(fileName)", kind: .success)
            } else if context.undoCollectionID != collectionID {
                outcome.notice = Notice("Saved \(fileName)", kind: .success)
            }
            let next = queuedSave(collectionID, &state)
            outcome.effects.append(.storeDrafts(state.drafts))
            if next.isEmpty, context.quitQuestionOpen, state.drafts.isEmpty {
                outcome.effects.append(.quit)
                outcome.requests.append(.quit)
                return
            }
            outcome.effects += next
        case .failure(let failure):
            state.savesInFlight.remove(collectionID)
            state.savesQueued[collectionID] = nil
            state.saveNotices[collectionID] = nil
            if failure.isConflict {
                // Another program wrote the file: read its version, and ask what to keep (the
                // question names what each answer keeps and drops).
                guard let path = state.slot(collectionID: collectionID)?.path else { return }
                outcome.notice = Notice("Not saved: " + failure.message, kind: .warning)
                outcome.effects.append(.reload(path: path))
            } else if let path = failure.readOnlyPath {
                outcome.requests.append(
                    .openOverlay(.replaceReadOnly(collectionID: collectionID, path: path, selected: -1)))
            } else {
                outcome.notice = Notice("Not saved: " + failure.message, kind: .error)
            }
        }
    }

    /// Each `.save` leaves now, or waits for the one in flight. The state's document becomes
    /// what is being written (a save of drafts puts them into it), so a save that follows builds
    /// on it instead of on the file before.
    static func queueSaves(_ effects: [ExplorerEffect], _ state: inout WorkspaceState, _ outcome: inout Outcome)
        -> [ExplorerEffect]
    {
        var result: [ExplorerEffect] = []
        for effect in effects {
            guard case .save(let document, let overwrite) = effect else {
                result.append(effect)
                continue
            }
            let id = document.collection.id
            // What the save writes of the environments and variables, said when it lands.
            let changes = EnvironmentChanges.lines(from: document.savedCollection, to: document.collection)
            if !changes.isEmpty {
                let earlier = state.saveNotices[id].map { $0 + " · " } ?? ""
                let said = changes.joined(separator: " · ")
                state.saveNotices[id] = earlier + said.prefix(1).uppercased() + said.dropFirst()
            }
            if let index = state.collections.firstIndex(where: { $0.collectionID == id && $0.path == document.path }),
                state.collections[index].document?.collection != document.collection
            {
                state.collections[index].document?.collection = document.collection
                collectionsChanged(&outcome)
            }
            if state.savesInFlight.contains(id) {
                state.savesQueued[id] = (state.savesQueued[id] ?? false) || overwrite
            } else {
                state.savesInFlight.insert(id)
                result.append(effect)
            }
        }
        return result
    }

    /// A save's result is in: the collection keeps what changed while it was on its way (over the
    /// fingerprint just written).
    private static func saveLanded(_ written: CollectionDocument, _ state: inout WorkspaceState)
        -> CollectionDocument
    {
        let id = written.collection.id
        state.savesInFlight.remove(id)
        var document = written
        if let current = state.document(collectionID: id), current.path == written.path {
            document.collection = current.collection
        }
        return document
    }

    /// The save that waited for the one whose result just came, if any.
    private static func queuedSave(_ collectionID: String, _ state: inout WorkspaceState) -> [ExplorerEffect] {
        guard let overwrite = state.savesQueued.removeValue(forKey: collectionID),
            let document = state.document(collectionID: collectionID)
        else { return [] }
        return [.save(document, overwrite: overwrite)]
    }
}
