import Foundation
import JSONTree
import TUI
import Workspace

/// Text prompts that edit the collections: naming new requests, folders and collections,
/// renaming, moving a request or a folder, and saving the shown body to a file. The workspace
/// slice changes the documents (and a renamed request's draft); the prompt's error or its closing,
/// the rows to open and select, and the new request to edit go back as `Outcome` requests.
extension WorkspaceReducer {
    static func commitPrompt(
        _ prompt: PromptState, _ state: inout WorkspaceState, _ context: Context, _ outcome: inout Outcome
    ) {
        switch prompt.purpose {
        case .moveRequest, .moveFolder:
            commitMove(prompt, &state, &outcome)
            return
        case .secretName(var offer):
            offer.name = prompt.field.text.trimmingCharacters(in: .whitespaces)
            keepAsSecret(offer, thenSave: false, prompt: prompt, &state, context, &outcome)
            return
        case .streamJoin(let key):
            commitStreamJoin(prompt, key, &state, &outcome)
            return
        default: break
        }
        let name = prompt.field.text.trimmingCharacters(in: .whitespaces)
        func fail(_ message: String) { reopen(prompt, saying: message, &outcome) }
        guard !name.isEmpty else { return fail("A name is needed") }
        switch prompt.purpose {
        case .newEnvironment, .renameEnvironment, .duplicateEnvironment:
            commitEnvironmentPrompt(prompt, name: name, &state, &outcome)
        case .saveBody:
            guard let response = context.shownResult?.response else { return fail("The body is gone") }
            guard response.partial == nil else { return fail("The body is still arriving: save it once all has come") }
            let bytes = response.content.bytes
            outcome.requests.append(.closeOverlay)
            outcome.effects.append(.writeFile(path: name, bytes: bytes.arrayValue))
        case .newCollection:
            guard
                let folder = state.collections.first.map({ ($0.path as NSString).deletingLastPathComponent })
                    ?? context.startup.folder
            else { return fail("No collections folder") }
            let file = Self.fileName(for: name)
            let path = (folder as NSString).appendingPathComponent(file)
            guard !state.collections.contains(where: { $0.path == path }) else {
                return fail("\(file) already exists")
            }
            let collection = RequestCollection(name: name)
            outcome.requests += [.closeOverlay, .expand([collection.id])]
            outcome.effects.append(.create(collection, path: path))
        case .renameCollection(let id):
            guard var document = state.document(collectionID: id) else { return fail("The collection is gone") }
            let before = document.collection
            document.collection.name = name
            outcome.requests.append(.closeOverlay)
            store(CollectionSlot(document: document), &state, &outcome)
            outcome.effects.append(.save(document, overwrite: false))
            offerUndo(of: before.name, before, document.collection, row: .collection(collectionID: id), &outcome)
        case .renameRequest(let key):
            guard var document = state.document(collectionID: key.collectionID) else {
                return fail("The collection is gone")
            }
            let before = document.collection
            let draft = state.drafts[key]
            document.collection.updateRequest(id: key.requestID) { $0.name = name }
            if state.drafts[key] != nil { state.drafts[key]?.name = name }
            outcome.requests.append(.closeOverlay)
            store(CollectionSlot(document: document), &state, &outcome)
            outcome.effects += [.save(document, overwrite: false), .storeDrafts(state.drafts)]
            let old = before.request(id: key.requestID)?.name ?? ""
            offerUndo(
                of: old, before, document.collection, row: .request(key), drafts: draft.map { [key: $0] } ?? [:],
                &outcome)
        case .renameFolder(let id, let path):
            guard var document = state.document(collectionID: id) else { return fail("The collection is gone") }
            let before = document.collection
            guard document.collection.renameFolder(at: path, to: name) else {
                return fail("A folder called \(name) is already there")
            }
            let oldKey = ([id] + path).joined(separator: "/")
            let newKey = ([id] + path.dropLast() + [name]).joined(separator: "/")
            outcome.requests += [.renameExpansion(from: oldKey, to: newKey), .closeOverlay]
            store(CollectionSlot(document: document), &state, &outcome)
            outcome.requests.append(.selectRow(.folder(collectionID: id, path: Array(path.dropLast()) + [name])))
            outcome.effects.append(.save(document, overwrite: false))
            offerUndo(
                of: path.last ?? "", before, document.collection, row: .folder(collectionID: id, path: path),
                &outcome)
        case .newFolder(let id, let parent):
            guard var document = state.document(collectionID: id) else { return fail("The collection is gone") }
            guard document.collection.addFolder(named: name, inFolder: parent) else {
                return fail("A folder called \(name) is already there")
            }
            outcome.requests += [.expand([([id] + parent).joined(separator: "/")]), .closeOverlay]
            store(CollectionSlot(document: document), &state, &outcome)
            outcome.requests.append(.selectRow(.folder(collectionID: id, path: parent + [name])))
            outcome.effects.append(.save(document, overwrite: false))
        case .newRequest(let id, let folder):
            guard var document = state.document(collectionID: id) else { return fail("The collection is gone") }
            let request = SavedRequest(name: name, url: "/")
            document.collection.addRequest(request, inFolder: folder)
            outcome.requests.append(.closeOverlay)
            store(CollectionSlot(document: document), &state, &outcome)
            outcome.requests.append(.editNewRequest(RequestKey(collectionID: id, requestID: request.id)))
            outcome.effects.append(.save(document, overwrite: false))
        case .moveRequest, .moveFolder, .saveMockRoute, .importFile, .exportFile, .secretName, .cookieValue,
            .compareEnvironment, .streamJoin:
            return
        }
    }

    /// Moves a request or a folder into the folder the prompt names (`Folder/Sub`, empty: the
    /// collection's top level), and writes the collection.
    private static func commitMove(_ prompt: PromptState, _ state: inout WorkspaceState, _ outcome: inout Outcome) {
        let destination = prompt.field.text.split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        func fail(_ message: String) { reopen(prompt, saying: message, &outcome) }
        switch prompt.purpose {
        case .moveRequest(let key):
            guard var document = state.document(collectionID: key.collectionID) else {
                return fail("The collection is gone")
            }
            guard document.collection.moveRequest(id: key.requestID, toFolder: destination) else {
                return fail("No folder \"\(destination.joined(separator: "/"))\" in \(document.collection.name)")
            }
            outcome.requests.append(.closeOverlay)
            if !destination.isEmpty {
                let keys = destination.indices.map { ([key.collectionID] + destination[...$0]).joined(separator: "/") }
                outcome.requests.append(.expand(keys))
            }
            store(CollectionSlot(document: document), &state, &outcome)
            outcome.requests.append(.selectRow(.request(key)))
            outcome.effects.append(.save(document, overwrite: false))
        case .moveFolder(let id, let path):
            guard var document = state.document(collectionID: id) else { return fail("The collection is gone") }
            guard document.collection.moveFolder(at: path, toFolder: destination) else {
                return fail("Cannot move \(path.joined(separator: "/")) into \"\(destination.joined(separator: "/"))\"")
            }
            outcome.requests.append(.closeOverlay)
            store(CollectionSlot(document: document), &state, &outcome)
            outcome.requests.append(.selectRow(.folder(collectionID: id, path: destination + [path.last ?? ""])))
            outcome.effects.append(.save(document, overwrite: false))
        default:
            return
        }
    }

    /// A file name for a new collection: lower case, spaces as dashes, `.json`.
    static func fileName(for name: String) -> String {
        let allowed = name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
        let slug = String(allowed).split(separator: "-").joined(separator: "-")
        return (slug.isEmpty ? "collection" : slug) + ".json"
    }

    /// A prompt whose answer cannot be taken opens again, saying why.
    static func reopen(_ prompt: PromptState, saying error: String, _ outcome: inout Outcome) {
        var prompt = prompt
        prompt.error = error
        outcome.requests.append(.openOverlay(.prompt(prompt)))
    }

    /// A rename `u` undoes for a while, as a deletion: the collection before it comes back (and
    /// a renamed request's draft as it was) while nothing else changed the collection (issue 33:
    /// after a rename `u` said "Nothing to undo").
    private static func offerUndo(
        of old: String, _ before: RequestCollection, _ after: RequestCollection, row: NavigatorRow.Kind,
        drafts: [RequestKey: SavedRequest] = [:], _ outcome: inout Outcome
    ) {
        var undo = UndoableDeletion(
            collectionID: before.id, before: before, description: "name \"\(old)\"", expires: .zero, drafts: drafts,
            after: after)
        undo.row = row
        undo.done = "changed"
        outcome.requests.append(.offerUndo(undo))
        outcome.notice = Notice("Renamed \"\(old)\" (u: undo)", kind: .success)
    }
}
