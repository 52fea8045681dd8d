import TUI
import Workspace

/// The answer "Restore" to the recovered-drafts question. A draft whose request is still in its
/// collection comes back as an unsaved draft. A draft whose request was deleted since (by another
/// explorer or program) is added back to its collection's top level as a request of its own and
/// the collection is saved: it used to be named in a notice and left where no one could reach it.
extension ExplorerReducer {
    static func restoreRecoveredDrafts(_ state: inout ExplorerState) -> [ExplorerEffect] {
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
            store(slot, &state)
        }
        if let key = state.selection, let request = state.request(key) { state.editor.load(request, key: key) }
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
        notify(&state, message.prefix(1).uppercased() + message.dropFirst(), kind: .success)
        return documents.sorted(by: { $0.key < $1.key }).map { .save($0.value, overwrite: false) }
    }
}
