import Foundation
import TUI
import Workspace

/// Text prompts: naming new requests, folders and collections, and renaming.
extension ExplorerReducer {
    static func commitPrompt(_ prompt: PromptState, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch prompt.purpose {
        case .moveRequest, .moveFolder: return commitMove(prompt, &state)
        case .saveMockRoute: return reduceWorkspace(.commitMockRoute(prompt), &state)
        case .importFile, .exportFile: return commitInterop(prompt, &state)
        default: break
        }
        let name = prompt.field.text.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else {
            var prompt = prompt
            prompt.error = "A name is needed"
            state.overlay = .prompt(prompt)
            return []
        }
        func fail(_ message: String) -> [ExplorerEffect] {
            var prompt = prompt
            prompt.error = message
            state.overlay = .prompt(prompt)
            return []
        }
        switch prompt.purpose {
        case .saveBody:
            guard let bytes = state.shownResult?.response?.content.bytes else { return fail("The body is gone") }
            state.overlay = nil
            return [.writeFile(path: name, bytes: bytes)]
        case .moveRequest, .moveFolder:
            return commitMove(prompt, &state)
        case .saveMockRoute:
            return reduceWorkspace(.commitMockRoute(prompt), &state)
        case .importFile, .exportFile:
            return commitInterop(prompt, &state)
        case .newCollection:
            guard
                let folder = state.collections.first.map({ ($0.path as NSString).deletingLastPathComponent })
                    ?? state.startup.folder
            else { return fail("No collections folder") }
            let file = Self.fileName(for: name)
            let path = (folder as NSString).appendingPathComponent(file)
            guard !state.collections.contains(where: { $0.path == path }) else {
                return fail("\(file) already exists")
            }
            state.overlay = nil
            let collection = RequestCollection(name: name)
            state.navigator.expanded.insert(collection.id)
            return [.create(collection, path: path)]
        case .renameCollection(let id):
            guard var document = state.document(collectionID: id) else { return fail("The collection is gone") }
            document.collection.name = name
            state.overlay = nil
            store(CollectionSlot(document: document), &state)
            return [.save(document, overwrite: false)]
        case .renameRequest(let key):
            guard var document = state.document(collectionID: key.collectionID) else {
                return fail("The collection is gone")
            }
            document.collection.updateRequest(id: key.requestID) { $0.name = name }
            if state.drafts[key] != nil { state.drafts[key]?.name = name }
            state.overlay = nil
            store(CollectionSlot(document: document), &state)
            return [.save(document, overwrite: false)] + draftsChanged(&state)
        case .renameFolder(let id, let path):
            guard var document = state.document(collectionID: id) else { return fail("The collection is gone") }
            guard document.collection.renameFolder(at: path, to: name) else {
                return fail("A folder called \(name) is already there")
            }
            let oldKey = ([id] + path).joined(separator: "/")
            let newKey = ([id] + path.dropLast() + [name]).joined(separator: "/")
            if state.navigator.expanded.remove(oldKey) != nil { state.navigator.expanded.insert(newKey) }
            state.overlay = nil
            store(CollectionSlot(document: document), &state)
            state.navigator.select(.folder(collectionID: id, path: Array(path.dropLast()) + [name]))
            return [.save(document, overwrite: false)]
        case .newFolder(let id, let parent):
            guard var document = state.document(collectionID: id) else { return fail("The collection is gone") }
            guard document.collection.addFolder(named: name, inFolder: parent) else {
                return fail("A folder called \(name) is already there")
            }
            state.navigator.expanded.insert(([id] + parent).joined(separator: "/"))
            state.overlay = nil
            store(CollectionSlot(document: document), &state)
            state.navigator.select(.folder(collectionID: id, path: parent + [name]))
            return [.save(document, overwrite: false)]
        case .newRequest(let id, let folder):
            guard var document = state.document(collectionID: id) else { return fail("The collection is gone") }
            let request = SavedRequest(name: name, url: "/")
            document.collection.addRequest(request, inFolder: folder)
            state.overlay = nil
            store(CollectionSlot(document: document), &state)
            let key = RequestKey(collectionID: id, requestID: request.id)
            let effects = select(key, &state, focus: true)
            state.editor.focus = .url
            // Typing replaces the placeholder "/" (a full URL or a path).
            state.editor.url.selectAll()
            return [.save(document, overwrite: false)] + effects
        }
    }

    /// Moves a request or a folder into the folder the prompt names (`Folder/Sub`, empty: the
    /// collection's top level), and writes the collection.
    private static func commitMove(_ prompt: PromptState, _ state: inout ExplorerState) -> [ExplorerEffect] {
        let destination = prompt.field.text.split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        func fail(_ message: String) -> [ExplorerEffect] {
            var prompt = prompt
            prompt.error = message
            state.overlay = .prompt(prompt)
            return []
        }
        switch prompt.purpose {
        case .moveRequest(let key):
            guard var document = state.document(collectionID: key.collectionID) else {
                return fail("The collection is gone")
            }
            guard document.collection.moveRequest(id: key.requestID, toFolder: destination) else {
                return fail("No folder \"\(destination.joined(separator: "/"))\" in \(document.collection.name)")
            }
            state.overlay = nil
            for depth in destination.indices {
                state.navigator.expanded.insert(([key.collectionID] + destination[...depth]).joined(separator: "/"))
            }
            store(CollectionSlot(document: document), &state)
            state.navigator.select(.request(key))
            return [.save(document, overwrite: false)]
        case .moveFolder(let id, let path):
            guard var document = state.document(collectionID: id) else { return fail("The collection is gone") }
            guard document.collection.moveFolder(at: path, toFolder: destination) else {
                return fail("Cannot move \(path.joined(separator: "/")) into \"\(destination.joined(separator: "/"))\"")
            }
            state.overlay = nil
            store(CollectionSlot(document: document), &state)
            state.navigator.select(.folder(collectionID: id, path: destination + [path.last ?? ""]))
            return [.save(document, overwrite: false)]
        default:
            return []
        }
    }

    /// A file name for a new collection: lower case, spaces as dashes, `.json`.
    static func fileName(for name: String) -> String {
        let allowed = name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
        let slug = String(allowed).split(separator: "-").joined(separator: "-")
        return (slug.isEmpty ? "collection" : slug) + ".json"
    }
}
