import TUI
import Workspace

/// Setting auth on a folder or the collection from the explorer: the selected request's auth
/// (draft included) becomes its folder's or its collection's, and the requests under it with the
/// same auth inherit it from then on. The collection file is saved at once, as for other
/// structural edits; the rest of the request's draft stays a draft.
extension ExplorerReducer {
    static func giveAuth(toCollection: Bool, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let key = state.selection, let request = state.request(key),
            var document = state.document(collectionID: key.collectionID)
        else { return [] }
        switch request.auth.scheme {
        case .inherit, .none:
            notify(
                &state, "\(request.name) has no auth of its own to give: choose a scheme in its Auth tab first",
                kind: .warning)
            return []
        default: break
        }
        // Given away, a credential typed as itself would be written in clear into the file at once,
        // for every request under it: it becomes a secret first (asked), then it is given.
        if let typed = LiteralCredential.secretField(of: request.auth.scheme), LiteralCredential.isLiteral(typed.text) {
            let name = LiteralCredential.proposedName(for: typed.field, value: typed.text, in: document.collection)
            let offer = SecretOffer(key: key, field: typed.field, name: name)
            notify(
                &state,
                "Not given: \(offer.fieldLabel) is typed as itself and would be written in clear; "
                    + "keep it as a secret, then give it again",
                kind: .warning)
            ask(
                .keepSecret(offer, selected: -1), &state,
                waitingNotice: "Lazer asks about the credential you typed when you finish typing")
            return []
        }
        let path = toCollection ? [] : (document.collection.folderPath(ofRequest: key.requestID) ?? [])
        if !toCollection, path.isEmpty {
            notify(&state, "\(request.name) is not in a folder: give its auth to the collection", kind: .warning)
            return []
        }
        _ = document.collection.updateRequest(id: key.requestID) { $0.auth = request.auth }
        let count = document.collection.setInheritedAuth(request.auth, at: path)
        guard let index = state.collections.firstIndex(where: { $0.collectionID == key.collectionID }) else {
            return []
        }
        state.collections[index].document = document
        // The draft's auth is the saved one now: a draft left with nothing else is no draft.
        if state.drafts[key] != nil { updateDraft(key, &state) { $0.auth = SavedAuth(.inherit) } }
        if let shown = state.request(key) { state.editor.load(shown, key: key) }
        let place =
            toCollection ? "the collection \(document.collection.name)" : "folder \(path.joined(separator: " / "))"
        let summary = AuthSummary.text(request.auth)
        notify(
            &state,
            summary.prefix(1).uppercased() + summary.dropFirst()
                + " is now set on \(place): \(count) request\(count == 1 ? "" : "s") inherit it",
            kind: .success)
        return [.save(document, overwrite: false)] + draftsChanged(&state)
    }
}
