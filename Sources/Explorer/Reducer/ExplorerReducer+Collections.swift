import TUI
import Workspace

/// The collections pane: moving, folding, opening, filtering, and structural edits (which are
/// written to the file at once, and can be undone for a while).
extension ExplorerReducer {
    static func navigateCollections(_ navigation: NavigationAction, _ state: inout ExplorerState)
        -> [ExplorerEffect]
    {
        var navigator = state.navigator
        let count = navigator.rows.count
        guard count > 0 else { return [] }
        let page = max(1, state.size.height - 6)
        switch navigation {
        case .up: navigator.selected = max(0, navigator.selected - 1)
        case .down: navigator.selected = min(count - 1, navigator.selected + 1)
        case .pageUp: navigator.selected = max(0, navigator.selected - page)
        case .pageDown: navigator.selected = min(count - 1, navigator.selected + page)
        case .top: navigator.selected = 0
        case .bottom: navigator.selected = count - 1
        case .left:
            guard let row = navigator.selectedRow else { break }
            if row.isExpanded, let key = row.expansionKey {
                navigator.expanded.remove(key)
                navigator.rebuild(from: state.collections)
            } else if let parent = parentIndex(of: navigator.selected, in: navigator.rows) {
                navigator.selected = parent
            }
        case .right:
            guard let row = navigator.selectedRow else { break }
            if let key = row.expansionKey, !row.isExpanded, row.hasChildren {
                navigator.expanded.insert(key)
                navigator.rebuild(from: state.collections)
            } else if let key = row.requestKey {
                state.navigator = navigator
                return select(key, &state, focus: false)
            }
        }
        state.navigator = navigator
        // Moving onto a request shows it at once (its editor and last response).
        if let key = state.navigator.selectedRow?.requestKey, key != state.selection {
            return select(key, &state, focus: false)
        }
        return []
    }

    private static func parentIndex(of index: Int, in rows: [NavigatorRow]) -> Int? {
        let depth = rows[index].depth
        guard depth > 0 else { return nil }
        return rows[..<index].lastIndex { $0.depth < depth }
    }

    static func collectionsAction(_ command: NavigatorCommand, _ state: inout ExplorerState) -> [ExplorerEffect] {
        let row = state.navigator.selectedRow
        switch command {
        case .open:
            guard let row else { return [] }
            if let key = row.requestKey { return select(key, &state, focus: true) }
            if case .broken = row.kind {
                state.overlay = .problems(scroll: 0)
                return []
            }
            if let key = row.expansionKey {
                if row.isExpanded { state.navigator.expanded.remove(key) } else { state.navigator.expanded.insert(key) }
                state.navigator.rebuild(from: state.collections)
                if let id = row.collectionID { return [rememberUIState(id, state)] }
            }
            return []
        case .filter:
            state.navigator.isFiltering = true
            return []
        case .newRequest:
            guard let id = row?.collectionID ?? state.currentCollectionID else { return [] }
            state.overlay = .prompt(
                PromptState(
                    purpose: .newRequest(collectionID: id, folder: folderPath(of: row, state)), title: "New request"))
            return []
        case .newFolder:
            guard let id = row?.collectionID ?? state.currentCollectionID else { return [] }
            state.overlay = .prompt(
                PromptState(
                    purpose: .newFolder(collectionID: id, parent: folderPath(of: row, state)), title: "New folder"))
            return []
        case .newCollection:
            state.overlay = .prompt(PromptState(purpose: .newCollection, title: "New collection (name)"))
            return []
        case .rename:
            return beginRename(row, &state)
        case .duplicate:
            return duplicate(row, &state)
        case .delete:
            return delete(row, &state)
        case .undo:
            guard let undo = state.undo, var document = state.document(collectionID: undo.collectionID) else {
                notify(&state, "Nothing to undo", kind: .info)
                return []
            }
            state.undo = nil
            if let after = undo.after, document.collection != after {
                notify(
                    &state, "Not undone: \(document.collection.name) changed since the \(undo.description) was deleted",
                    kind: .warning)
                return []
            }
            document.collection = undo.before
            store(CollectionSlot(document: document), &state)
            state.drafts.merge(undo.drafts) { current, _ in current }
            var selected: [ExplorerEffect] = []
            switch undo.row {
            case .request(let key)?: selected = select(key, &state, focus: false)
            case let kind?:
                state.navigator.rebuild(from: state.collections)
                _ = state.navigator.select(kind)
            case nil: break
            }
            notify(&state, "Restored: \(undo.description)", kind: .success)
            // Its save says so too (a bare "Saved …" replaced it at once).
            state.saveNotices[undo.collectionID] = "Restored: \(undo.description)"
            guard !undo.drafts.isEmpty else { return [.save(document, overwrite: false)] + selected }
            return [.save(document, overwrite: false)] + selected + draftsChanged(&state)
        case .moveTo:
            switch row?.kind {
            case .request(let key)?:
                state.overlay = .prompt(
                    PromptState(
                        purpose: .moveRequest(key), title: "Move to folder (Folder/Sub; empty: top level)",
                        text: state.document(collectionID: key.collectionID)?.collection.folderPath(
                            ofRequest: key.requestID)?
                            .joined(separator: "/") ?? ""))
            case .folder(let id, let path)?:
                state.overlay = .prompt(
                    PromptState(
                        purpose: .moveFolder(collectionID: id, path: path),
                        title: "Move \(path.last ?? "") into (Folder/Sub; empty: top level)",
                        text: path.dropLast().joined(separator: "/")))
            default:
                notify(&state, "Select a request or a folder to move", kind: .info)
            }
            return []
        case .moveUp, .moveDown:
            return move(row, by: command == .moveUp ? -1 : 1, &state)
        }
    }

    /// The folder a new item goes into: the selected folder, or the selected request's folder.
    private static func folderPath(of row: NavigatorRow?, _ state: ExplorerState) -> [String] {
        guard let row else { return [] }
        switch row.kind {
        case .folder(_, let path): return path
        case .request(let key):
            return state.document(collectionID: key.collectionID)?.collection.folderPath(ofRequest: key.requestID) ?? []
        default: return []
        }
    }

    private static func beginRename(_ row: NavigatorRow?, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let row else { return [] }
        switch row.kind {
        case .request(let key):
            state.overlay = .prompt(PromptState(purpose: .renameRequest(key), title: "Rename request", text: row.title))
        case .folder(let id, let path):
            state.overlay = .prompt(
                PromptState(
                    purpose: .renameFolder(collectionID: id, path: path), title: "Rename folder", text: row.title))
        case .collection(let id):
            state.overlay = .prompt(
                PromptState(purpose: .renameCollection(collectionID: id), title: "Rename collection", text: row.title))
        case .broken:
            break
        }
        return []
    }

    private static func duplicate(_ row: NavigatorRow?, _ state: inout ExplorerState) -> [ExplorerEffect] {
        if case .folder(let collectionID, let path)? = row?.kind {
            return duplicateFolder(path, in: collectionID, &state)
        }
        guard let key = row?.requestKey, var document = state.document(collectionID: key.collectionID),
            let request = state.request(key)
        else {
            notify(&state, "Select a request or folder to duplicate", kind: .info)
            return []
        }
        let newID = IdentifierGenerator.make()
        document.collection.duplicateRequest(id: key.requestID, newID: newID, name: request.name + " copy")
        let newKey = RequestKey(collectionID: key.collectionID, requestID: newID)
        if let draft = state.drafts[key] {
            // The copy is written as the request is on screen (its draft's edits included); the
            // original keeps its draft.
            var copy = draft
            copy.id = newID
            copy.name = request.name + " copy"
            document.collection.updateRequest(id: newID) { $0 = copy }
        }
        store(CollectionSlot(document: document), &state)
        select(newKey, &state, focus: false)
        return [.save(document, overwrite: false)]
    }

    /// A copy of the folder beside it, "Name copy" (or "Name copy 2" …), its requests as they are
    /// on screen (unsaved edits included; the originals keep theirs), with new ids.
    private static func duplicateFolder(
        _ path: [String], in collectionID: String, _ state: inout ExplorerState
    ) -> [ExplorerEffect] {
        guard let name = path.last, var document = state.document(collectionID: collectionID) else { return [] }
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
        else { return [] }
        for (original, copy) in ids {
            guard let draft = state.drafts[RequestKey(collectionID: collectionID, requestID: original)] else {
                continue
            }
            document.collection.updateRequest(id: copy) { request in
                request = draft
                request.id = copy
            }
        }
        store(CollectionSlot(document: document), &state)
        _ = state.navigator.select(.folder(collectionID: collectionID, path: parent + [copyName]))
        notify(&state, "Duplicated folder \(name) as \(copyName)", kind: .success)
        return [.save(document, overwrite: false)]
    }

    private static func delete(_ row: NavigatorRow?, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let row, let id = row.collectionID, var document = state.document(collectionID: id) else { return [] }
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
            notify(&state, "Collection files are deleted outside Lazer", kind: .info)
            return []
        }
        // The requests gone with it (a folder's too) take their drafts into the undo record.
        let remaining = Set(document.collection.allRequests.map(\.request.id))
        let gone = before.allRequests.map(\.request.id).filter { !remaining.contains($0) }
        var drafts: [RequestKey: SavedRequest] = [:]
        for requestID in gone {
            let key = RequestKey(collectionID: id, requestID: requestID)
            drafts[key] = state.drafts.removeValue(forKey: key)
            if state.selection == key {
                state.selection = nil
                state.editor = RequestEditorState()
            }
        }
        state.undo = UndoableDeletion(
            collectionID: id, before: before, description: description, expires: state.now + undoDuration,
            drafts: drafts, after: document.collection)
        state.undo?.row = row.kind
        store(CollectionSlot(document: document), &state)
        notify(&state, "Deleted \(description) (u: undo)", kind: .warning)
        return [.save(document, overwrite: false)] + draftsChanged(&state)
    }

    private static func move(_ row: NavigatorRow?, by offset: Int, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let row, let id = row.collectionID, var document = state.document(collectionID: id) else { return [] }
        let moved: Bool
        switch row.kind {
        case .request(let key): moved = document.collection.moveRequest(id: key.requestID, by: offset)
        case .folder(_, let path): moved = document.collection.moveFolder(at: path, by: offset)
        default: moved = false
        }
        guard moved else { return [] }
        store(CollectionSlot(document: document), &state)
        state.navigator.select(row.kind)
        return [.save(document, overwrite: false)]
    }
}
