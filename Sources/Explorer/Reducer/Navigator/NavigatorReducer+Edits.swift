import TUI
import Workspace

/// The collections pane's commands: opening, the filter, and the structural edits. An edit makes
/// the changed collection here and hands it to the root (`store`, and a `save` effect: it is
/// written to the file at once); a deletion can be undone for a while (`NavigatorState.undo`).
extension NavigatorReducer {
    static func perform(_ command: NavigatorCommand, _ state: inout NavigatorState, _ context: Context) -> Outcome {
        let row = state.selectedRow
        switch command {
        case .open:
            guard let row else { return Outcome() }
            if let key = row.requestKey { return Outcome(requests: [.select(key, focus: true)]) }
            if case .broken = row.kind { return Outcome(requests: [.openOverlay(.problems(scroll: 0))]) }
            if let key = row.expansionKey {
                if row.isExpanded { state.expanded.remove(key) } else { state.expanded.insert(key) }
                state.rebuild(from: context.collections)
                if let id = row.collectionID { return Outcome(requests: [.rememberUIState(collectionID: id)]) }
            }
            return Outcome()
        case .filter:
            state.isFiltering = true
            return Outcome()
        case .newRequest, .newFolder:
            guard let id = row?.collectionID ?? context.currentCollectionID else { return Outcome() }
            let folder = folderPath(of: row, context)
            let prompt =
                command == .newRequest
                ? PromptState(purpose: .newRequest(collectionID: id, folder: folder), title: "New request")
                : PromptState(purpose: .newFolder(collectionID: id, parent: folder), title: "New folder")
            return Outcome(requests: [.openOverlay(.prompt(prompt))])
        case .newCollection:
            return Outcome(
                requests: [.openOverlay(.prompt(PromptState(purpose: .newCollection, title: "New collection (name)")))])
        case .rename:
            return rename(row)
        case .duplicate:
            return duplicate(row, &state, context)
        case .delete:
            return delete(row, &state, context)
        case .undo:
            return undo(&state, context)
        case .moveTo:
            return moveTo(row, context)
        case .moveUp, .moveDown:
            return move(row, by: command == .moveUp ? -1 : 1, context)
        }
    }

    /// The folder a new item goes into: the selected folder, or the selected request's folder.
    private static func folderPath(of row: NavigatorRow?, _ context: Context) -> [String] {
        switch row?.kind {
        case .folder(_, let path)?: return path
        case .request(let key)?:
            return context.document(key.collectionID)?.collection.folderPath(ofRequest: key.requestID) ?? []
        default: return []
        }
    }

    private static func rename(_ row: NavigatorRow?) -> Outcome {
        let prompt: PromptState
        switch row?.kind {
        case .request(let key)?:
            prompt = PromptState(purpose: .renameRequest(key), title: "Rename request", text: row?.title ?? "")
        case .folder(let id, let path)?:
            prompt = PromptState(
                purpose: .renameFolder(collectionID: id, path: path), title: "Rename folder", text: row?.title ?? "")
        case .collection(let id)?:
            prompt = PromptState(
                purpose: .renameCollection(collectionID: id), title: "Rename collection", text: row?.title ?? "")
        case .broken?, nil:
            return Outcome()
        }
        return Outcome(requests: [.openOverlay(.prompt(prompt))])
    }

    private static func moveTo(_ row: NavigatorRow?, _ context: Context) -> Outcome {
        switch row?.kind {
        case .request(let key)?:
            let folder = context.document(key.collectionID)?.collection.folderPath(ofRequest: key.requestID)
            let prompt = PromptState(
                purpose: .moveRequest(key), title: "Move to folder (Folder/Sub; empty: top level)",
                text: folder?.joined(separator: "/") ?? "")
            return Outcome(requests: [.openOverlay(.prompt(prompt))])
        case .folder(let id, let path)?:
            let prompt = PromptState(
                purpose: .moveFolder(collectionID: id, path: path),
                title: "Move \(path.last ?? "") into (Folder/Sub; empty: top level)",
                text: path.dropLast().joined(separator: "/"))
            return Outcome(requests: [.openOverlay(.prompt(prompt))])
        default:
            return Outcome(notice: Notice("Select a request or a folder to move", kind: .info))
        }
    }

    private static func move(_ row: NavigatorRow?, by offset: Int, _ context: Context) -> Outcome {
        guard let row, let id = row.collectionID, var document = context.document(id) else { return Outcome() }
        let moved: Bool
        switch row.kind {
        case .request(let key): moved = document.collection.moveRequest(id: key.requestID, by: offset)
        case .folder(_, let path): moved = document.collection.moveFolder(at: path, by: offset)
        default: moved = false
        }
        guard moved else { return Outcome() }
        return Outcome(
            effects: [.save(document, overwrite: false)], requests: [.store(document), .selectRow(row.kind)])
    }

    private static func duplicate(_ row: NavigatorRow?, _ state: inout NavigatorState, _ context: Context) -> Outcome {
        if case .folder(let collectionID, let path)? = row?.kind {
            return duplicateFolder(path, in: collectionID, context)
        }
        guard let key = row?.requestKey, var document = context.document(key.collectionID),
            let request = context.request(key)
        else {
            return Outcome(notice: Notice("Select a request or folder to duplicate", kind: .info))
        }
        let newID = IdentifierGenerator.make()
        document.collection.duplicateRequest(id: key.requestID, newID: newID, name: request.name + " copy")
        if let draft = context.drafts[key] {
            // The copy is written as the request is on screen (its draft's edits included); the
            // original keeps its draft.
            var copy = draft
            copy.id = newID
            copy.name = request.name + " copy"
            document.collection.updateRequest(id: newID) { $0 = copy }
        }
        let newKey = RequestKey(collectionID: key.collectionID, requestID: newID)
        return Outcome(effects: [.save(document, overwrite: false)], requests: [.store(document), .selectNew(newKey)])
    }

    /// A copy of the folder beside it, "Name copy" (or "Name copy 2" …), its requests as they are
    /// on screen (unsaved edits included; the originals keep theirs), with new ids.
    private static func duplicateFolder(_ path: [String], in collectionID: String, _ context: Context) -> Outcome {
        guard let name = path.last, var document = context.document(collectionID) else { return Outcome() }
        let parent = Array(path.dropLast())
        let siblings = Set(
            (parent.isEmpty ? document.collection.folders : document.collection.folder(at: parent)?.folders ?? [])
                .map(\.name))
        var copyName = name + " copy"
        var number = 2
        while siblings.contains(copyName) {
            copyName = "\(name) copy \(number)"
            number += 1
        }
        guard
            let ids = document.collection.duplicateFolder(
                at: path, name: copyName, newID: { IdentifierGenerator.make() })
        else { return Outcome() }
        for (original, copy) in ids {
            guard let draft = context.drafts[RequestKey(collectionID: collectionID, requestID: original)] else {
                continue
            }
            document.collection.updateRequest(id: copy) { request in
                request = draft
                request.id = copy
            }
        }
        return Outcome(
            effects: [.save(document, overwrite: false)],
            notice: Notice("Duplicated folder \(name) as \(copyName)", kind: .success),
            requests: [.store(document), .selectRow(.folder(collectionID: collectionID, path: parent + [copyName]))])
    }

    private static func delete(_ row: NavigatorRow?, _ state: inout NavigatorState, _ context: Context) -> Outcome {
        guard let row, let id = row.collectionID, var document = context.document(id) else { return Outcome() }
        let before = document.collection
        let description: String
        switch row.kind {
        case .request(let key):
            document.collection.removeRequest(id: key.requestID)
            description = "request \(row.title)"
        case .folder(_, let path):
            document.collection.removeFolder(at: path)
            description = "folder \(row.title)"
        case .collection, .broken:
            return Outcome(notice: Notice("Collection files are deleted outside Lazer", kind: .info))
        }
        // The requests gone with it (a folder's too) take their drafts into the undo record.
        let remaining = Set(document.collection.allRequests.map(\.request.id))
        let gone = before.allRequests.map(\.request.id).filter { !remaining.contains($0) }.map {
            RequestKey(collectionID: id, requestID: $0)
        }
        state.undo = UndoableDeletion(
            collectionID: id, before: before, description: description, expires: context.now + undoDuration,
            drafts: context.drafts.filter { gone.contains($0.key) }, after: document.collection)
        state.undo?.row = row.kind
        return Outcome(
            effects: [.save(document, overwrite: false)],
            notice: Notice("Deleted \(description) (u: undo)", kind: .warning),
            requests: [.dropDrafts(gone), .store(document)])
    }

    /// `u`: puts the collection back as it was before the deletion, with the deleted requests'
    /// drafts, while nothing else changed it since.
    private static func undo(_ state: inout NavigatorState, _ context: Context) -> Outcome {
        guard let undo = state.undo, var document = context.document(undo.collectionID) else {
            return Outcome(
                notice: Notice(
                    "Nothing to undo here (u brings back a deletion or a rename); z in the request pane undoes a request's edits",
                    kind: .info))
        }
        state.undo = nil
        if let after = undo.after, document.collection != after {
            return Outcome(
                notice: Notice(
                    "Not undone: \(document.collection.name) changed since the \(undo.description) was \(undo.done)",
                    kind: .warning))
        }
        document.collection = undo.before
        var requests: [Request] = [.store(document)]
        if !undo.drafts.isEmpty { requests.append(.restoreDrafts(undo.drafts)) }
        switch undo.row {
        case .request(let key)?: requests.append(.select(key, focus: false))
        case let kind?: requests.append(.selectRow(kind))
        case nil: break
        }
        // Its save says so too (a bare "Saved …" replaced it at once).
        requests.append(.saveNotice(collectionID: undo.collectionID, "Restored: \(undo.description)"))
        return Outcome(
            effects: [.save(document, overwrite: false)],
            notice: Notice("Restored: \(undo.description)", kind: .success), requests: requests)
    }
}
