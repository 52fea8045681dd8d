import Foundation
import Workspace

/// Autosaved drafts in the per-user state folder: one JSON file holding, per collection, a
/// collection-shaped object with the edited requests. Written atomically; an empty set removes
/// the file (a clean exit leaves nothing to recover).
enum DraftStore {
    /// Writes `drafts` over those of the collections in `owned` (the ones this session has open).
    /// Drafts of other collections already in the file stay: they belong to another `lazer`
    /// (another project, the same state folder), whose crash would otherwise leave nothing.
    static func write(_ drafts: [RequestKey: SavedRequest], to path: String, owning owned: Set<String>) {
        var merged = read(path).filter { !owned.contains($0.key.collectionID) }
        merged.merge(drafts) { _, mine in mine }
        write(merged, to: path)
    }

    static func write(_ drafts: [RequestKey: SavedRequest], to path: String) {
        guard !drafts.isEmpty else {
            try? FileManager.default.removeItem(atPath: path)
            return
        }
        var byCollection: [String: [SavedRequest]] = [:]
        for (key, request) in drafts { byCollection[key.collectionID, default: []].append(request) }
        let collections = byCollection.sorted { $0.key < $1.key }.map { id, requests in
            RequestCollection(id: id, name: "drafts", requests: requests.sorted { $0.id < $1.id }).stored
        }
        let text = StoredJSON.array(collections).prettyPrinted()
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? AtomicFile.write(Array(text.utf8), to: path, permissions: 0o600, keepBackup: false)
    }

    static func read(_ path: String) -> [RequestKey: SavedRequest] {
        guard let bytes = try? AtomicFile.read(path), let text = String(validating: bytes, as: UTF8.self),
            case .array(let items)? = try? StoredJSON(parsing: text)
        else { return [:] }
        var drafts: [RequestKey: SavedRequest] = [:]
        for item in items {
            var object = item
            if case .object(var members) = object, !members.contains(where: { $0.key == "formatVersion" }) {
                members.insert(StoredJSON.Member("formatVersion", .number("1")), at: 0)
                object = .object(members)
            }
            for collection in load(object, from: path) {
                for request in collection.requests {
                    drafts[RequestKey(collectionID: collection.id, requestID: request.id)] = request
                }
            }
        }
        return drafts
    }

    /// One collection's drafts; when the loader refuses them together, each request on its own,
    /// so one draft it refuses does not take the others of its collection with it (they all
    /// vanished after a crash, without a word).
    private static func load(_ object: StoredJSON, from path: String) -> [RequestCollection] {
        func collection(_ object: StoredJSON) -> RequestCollection? {
            CollectionLoader.load(Array(object.prettyPrinted().utf8), file: path).collection
        }
        if let whole = collection(object) { return [whole] }
        guard case .object(let members) = object,
            let index = members.firstIndex(where: { $0.key == "requests" }),
            case .array(let requests) = members[index].value
        else { return [] }
        return requests.compactMap { request in
            var single = members
            single[index].value = .array([request])
            return collection(.object(single))
        }
    }
}
