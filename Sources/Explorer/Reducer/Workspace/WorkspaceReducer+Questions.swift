import TUI
import Workspace

/// Quitting with unsaved work, and the answers to the questions about files and drafts: the
/// drafts of an earlier session, a file changed on disk with drafts, a read-only file.
extension WorkspaceReducer {
    /// `Ctrl+Q` / `q`: quits at once when nothing is unsaved, else asks.
    static func requestQuit(_ state: WorkspaceState, _ outcome: inout Outcome) {
        if state.drafts.isEmpty && !state.collections.contains(where: { $0.document?.isModified ?? false }) {
            outcome.requests.append(.quit)
            outcome.effects += [.storeDrafts([:]), .quit]
        } else {
            outcome.requests.append(.openOverlay(.quitPrompt(selected: -1)))
        }
    }

    /// The quit question's "discard": the drafts go (the environments' unsaved changes too, so
    /// the last drafts write keeps none of them), the program ends.
    static func discardAndQuit(_ state: inout WorkspaceState, _ outcome: inout Outcome) {
        state.drafts = [:]
        for index in state.collections.indices {
            guard var document = state.collections[index].document else { continue }
            let saved = document.savedCollection
            document.collection.environments = saved.environments
            document.collection.variables = saved.variables
            document.collection.defaultEnvironment = saved.defaultEnvironment
            state.collections[index].document = document
        }
        outcome.requests.append(.quit)
        outcome.effects += [.storeDrafts([:]), .quit]
    }

    /// Restores the drafts of an earlier session (or discards them).
    static func recoverDrafts(
        restore: Bool, _ state: inout WorkspaceState, _ context: Context, _ outcome: inout Outcome
    ) {
        outcome.requests.append(.closeOverlay)
        // The environments first: a request added back saves its collection with them.
        let environments = restore ? restoreRecoveredEnvironments(&state, &outcome) : []
        if restore { restoreRecoveredDrafts(&state, context, &outcome) }
        if !environments.isEmpty {
            let said = "the unsaved environments and variables of \(environments.joined(separator: ", ")) are back"
            let earlier = outcome.notice.map(\.message).flatMap { $0.isEmpty ? nil : $0 + " · " } ?? ""
            outcome.notice = Notice(
                earlier.isEmpty ? said.prefix(1).uppercased() + said.dropFirst() : earlier + said, kind: .success)
        }
        state.draftsLostSecrets = 0
        state.recoveredDrafts = [:]
        state.recoveredEnvironments = [:]
        outcome.effects.append(.storeDrafts(state.drafts))
    }

    /// The answer "Restore". A draft whose request is still in its collection comes back as an
    /// unsaved draft. A draft whose request was deleted since (by another explorer or program) is
    /// added back to its collection's top level as a request of its own and the collection is
    /// saved: it used to be named in a notice and left where no one could reach it.
    private static func restoreRecoveredDrafts(
        _ state: inout WorkspaceState, _ context: Context, _ outcome: inout Outcome
    ) {
        var restored = 0
        var readded: [String: [String]] = [:]
        var documents: [String: CollectionDocument] = [:]
        for (key, draft) in state.recoveredDrafts.sorted(by: { $0.value.name < $1.value.name }) {
            if state.savedRequest(key) != nil {
                state.drafts[key] = draft
                restored += 1
                continue
            }
            guard var document = documents[key.collectionID] ?? state.document(collectionID: key.collectionID)
            else { continue }
            document.collection.addRequest(draft, inFolder: [])
            documents[key.collectionID] = document
            readded[document.collection.name, default: []].append(draft.name)
        }
        for (id, document) in documents.sorted(by: { $0.key < $1.key }) {
            guard var slot = state.collections.first(where: { $0.collectionID == id }) else { continue }
            slot.document = document
            store(slot, &state, &outcome)
        }
        if let key = context.selection, state.request(key) != nil { outcome.requests.append(.reloadEditor(key)) }
        var parts: [String] = []
        if restored > 0 { parts.append("Restored \(restored) unsaved draft\(restored == 1 ? "" : "s")") }
        for (collection, names) in readded.sorted(by: { $0.key < $1.key }) {
            let list = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
            parts.append(
                "added \(list) back to the top of \(collection) (deleted since; the draft is the request now)")
        }
        if state.draftsLostSecrets > 0 {
            parts.append(
                "credentials typed since the last save were not kept (drafts never hold them): the saved ones are back")
        }
        let message = parts.joined(separator: " · ")
        outcome.notice = Notice(message.prefix(1).uppercased() + message.dropFirst(), kind: .success)
        outcome.effects += documents.sorted(by: { $0.key < $1.key }).map { .save($0.value, overwrite: false) }
    }

    /// Keep mine, for drafts of requests deleted in the file: the request comes back (as it was
    /// last saved here, in its folder when the folder is still there) and is written, the draft
    /// over it. Left out, the draft was shown nowhere and "save all" wrote it back unannounced.
    static func putBack(
        _ keys: [RequestKey], _ collectionID: String, before: CollectionDocument?, _ state: inout WorkspaceState,
        _ outcome: inout Outcome
    ) {
        guard !keys.isEmpty, let index = state.collections.firstIndex(where: { $0.collectionID == collectionID }),
            var document = state.collections[index].document
        else { return }
        for key in keys {
            guard let request = before?.savedCollection.request(id: key.requestID) ?? state.drafts[key] else {
                continue
            }
            let folder = before?.savedCollection.folderPath(ofRequest: key.requestID) ?? []
            if !document.collection.addRequest(request, inFolder: folder) {
                document.collection.addRequest(request, inFolder: [])
            }
        }
        state.collections[index].document = document
        outcome.requests.append(.collectionsChanged)
        outcome.effects.append(.save(document, overwrite: false))
    }

    /// The answer to "changed on disk". Keep mine: the file's version becomes the collection and
    /// the drafts stay drafts over it (nothing is saved). Take theirs: the same, without the
    /// drafts. Difference: both sides, then back to the question.
    static func resolveConflict(
        _ collectionID: String, choice: Int, _ state: inout WorkspaceState, _ context: Context,
        _ outcome: inout Outcome
    ) {
        guard let pending = state.pendingReload[collectionID] else {
            outcome.requests.append(.closeOverlay)
            return
        }
        switch choice {
        case 0:  // keep mine
            outcome.requests.append(.closeOverlay)
            state.pendingReload[collectionID] = nil
            let count = state.drafts.keys.filter { $0.collectionID == collectionID }.count
            // Unsaved changes to the environments and variables stay over the new version too.
            let before = state.document(collectionID: collectionID)
            let mine = before.flatMap {
                EnvironmentChanges.lines(from: $0.savedCollection, to: $0.collection).isEmpty ? nil : $0.collection
            }
            let orphans = state.drafts.keysDeleted(in: collectionID, by: pending.document?.collection)
            adopt(pending, collectionID, &state, context, &outcome)
            if let mine, let index = state.collections.firstIndex(where: { $0.collectionID == collectionID }),
                let theirs = state.collections[index].document?.collection
            {
                state.collections[index].document?.collection = recovered(mine, into: theirs)
            }
            putBack(orphans, collectionID, before: before, &state, &outcome)
            // The request on screen was let go while it was missing: it is shown again.
            if let key = context.selection, orphans.contains(key) { outcome.requests.append(.select(key)) }
            var kept: [String] = []
            if count > 0 { kept.append(count == 1 ? "your draft" : "your \(count) drafts") }
            if mine != nil { kept.append("your environment changes") }
            outcome.notice = Notice(
                kept.isEmpty
                    ? "Loaded the new version of \(pending.fileName)"
                    : "Kept \(kept.joined(separator: " and ")) (unsaved) over the new version of \(pending.fileName)",
                kind: .info)
        case 1:  // take theirs
            outcome.requests.append(.closeOverlay)
            state.pendingReload[collectionID] = nil
            for key in state.drafts.keys where key.collectionID == collectionID { state.drafts[key] = nil }
            adopt(pending, collectionID, &state, context, &outcome)
            outcome.notice = Notice(
                "Took the new version of \(pending.fileName); your drafts there are discarded", kind: .info)
            outcome.effects.append(.storeDrafts(state.drafts))
        default:  // show the difference
            let text = DraftDifference.describe(
                base: state.document(collectionID: collectionID)?.savedCollection, theirs: pending.document?.collection,
                drafts: state.drafts.filter { $0.key.collectionID == collectionID })
            outcome.requests.append(
                .view(
                    title: "What changed on disk, and what your drafts change", text: text,
                    over: .conflict(collectionID: collectionID, selected: -1)))
        }
    }

    /// The answer to "the file is read-only": replace it, or leave it (and say it is not saved).
    static func replaceReadOnly(
        _ collectionID: String, path: String, choice: Int, _ outcome: inout Outcome
    ) {
        outcome.requests.append(.closeOverlay)
        guard choice == 0 else {
            outcome.notice = Notice(
                "Not saved: \(String(path.split(separator: "/").last ?? "")) is read-only", kind: .warning)
            return
        }
        outcome.effects.append(.replaceReadOnly(collectionID: collectionID))
    }

    /// The recovered environments and variables back as unsaved changes; the collections' names.
    private static func restoreRecoveredEnvironments(_ state: inout WorkspaceState, _ outcome: inout Outcome)
        -> [String]
    {
        var names: [String] = []
        for (id, edited) in state.recoveredEnvironments.sorted(by: { $0.key < $1.key }) {
            guard let index = state.collections.firstIndex(where: { $0.collectionID == id }),
                var document = state.collections[index].document
            else { continue }
            document.collection = recovered(edited, into: document.collection)
            state.collections[index].document = document
            collectionsChanged(&outcome)
            names.append(document.collection.name)
        }
        return names
    }
}
