import Foundation
import TUI
import Workspace

/// Ctrl+O in the history browser: the entry becomes a draft of its request (see `HistoryDraft`
/// for what is taken and what stays), or of a new request named after it, at the top of its
/// collection, when the request no longer exists. The draft is then like any edit: Ctrl+S saves
/// it, revert (`X`) discards it.
extension WorkspaceReducer {
    static func draftFromHistory(
        _ collectionID: String, _ entry: HistoryEntry, _ state: inout WorkspaceState, _ outcome: inout Outcome
    ) {
        guard var document = state.document(collectionID: collectionID) else {
            outcome.notice = Notice("The collection of that entry is not open", kind: .warning)
            return
        }
        var key = entry.requestID.map { RequestKey(collectionID: collectionID, requestID: $0) }
        var isNew = false
        if key.flatMap({ state.request($0) }) == nil {
            // Saved as an empty request (as "New request" makes one): the draft holds the entry.
            let name = entry.requestName ?? "\(entry.method) \(entry.url)"
            let request = SavedRequest(name: name, url: "/")
            document.collection.addRequest(request, inFolder: [])
            store(CollectionSlot(document: document), &state, &outcome)
            outcome.effects.append(.save(document, overwrite: false))
            key = RequestKey(collectionID: collectionID, requestID: request.id)
            isNew = true
        }
        guard let key, let base = state.request(key) else { return }
        let (request, kept) = HistoryDraft.request(from: entry, onto: base, isNew: isNew)
        setDraft(key, request, &state)
        outcome.requests += [.selectNamed(key), .reloadEditor(key)]
        outcome.effects.append(.storeDrafts(state.drafts))
        var message =
            isNew
            ? "\(base.name) was gone: made again from history (\(ISOTimeText.short(entry.date))) as a draft"
            : "\(base.name): a draft from history (\(ISOTimeText.short(entry.date)))"
        if !kept.isEmpty {
            message += "; kept the request's own " + kept.joined(separator: ", ") + " (masked or cut in history)"
        }
        let placeholders =
            request.url.contains(HistoryDraft.placeholder)
            || request.headers.contains { $0.value.contains(HistoryDraft.placeholder) }
        if isNew, placeholders { message += "; {{secret}} stands where history masked a secret" }
        outcome.notice = Notice(message + " · Ctrl+S saves, X reverts", kind: .success)
    }
}
