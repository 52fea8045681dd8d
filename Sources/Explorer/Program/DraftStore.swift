import Foundation
import StateStore
import Workspace

/// Autosaved drafts in the state store: one row per request per explorer instance, each a
/// one-request collection object with its credentials withheld (`DraftSecrets`). An instance
/// rewrites only its own rows, so two explorers never overwrite or delete each other's drafts;
/// drafts of an instance that ended without saving or discarding them are offered to the next one.
enum DraftStore {
    /// The request id of a row holding a collection's environments and variables with unsaved
    /// changes (a collection object with only those; secret values are never in it).
    static let environmentsRow = "#environments"

    /// Replaces this instance's drafts; `settling` removes the offered drafts in the same write.
    static func write(
        _ drafts: [RequestKey: SavedRequest], environments: [String: RequestCollection] = [:],
        to database: StateDatabase, instance: DraftInstance, settling offer: DraftOffer?
    ) throws(StateStoreError) {
        var rows = drafts.sorted { $0.key.description < $1.key.description }.map { key, request in
            StoredDraft(collectionID: key.collectionID, requestID: key.requestID, json: json(request, key: key))
        }
        rows += environments.sorted { $0.key < $1.key }.map { id, collection in
            let edited = RequestCollection(
                id: id, name: collection.name, defaultEnvironment: collection.defaultEnvironment,
                variables: collection.variables, environments: collection.environments)
            return StoredDraft(collectionID: id, requestID: environmentsRow, json: edited.stored.prettyPrinted())
        }
        try database.replaceDrafts(of: instance, with: rows, settling: offer, now: Date().timeIntervalSince1970)
    }

    /// Claims the drafts other instances left, as the reducer takes them, with the offer to
    /// settle later.
    static func claim(
        from database: StateDatabase, for instance: DraftInstance
    ) throws(StateStoreError) -> (
        drafts: [RequestKey: SavedRequest], environments: [String: RequestCollection], offer: DraftOffer
    ) {
        let offer = try database.claimLeftDrafts(for: instance, now: Date().timeIntervalSince1970)
        var drafts: [RequestKey: SavedRequest] = [:]
        var environments: [String: RequestCollection] = [:]
        for stored in offer.drafts {
            if stored.requestID == environmentsRow {
                environments[stored.collectionID] =
                    CollectionLoader.load(Array(stored.json.utf8), file: "drafts").collection
                continue
            }
            let key = RequestKey(collectionID: stored.collectionID, requestID: stored.requestID)
            if let request = request(from: stored) { drafts[key] = request }
        }
        return (drafts, environments, offer)
    }

    static func json(_ request: SavedRequest, key: RequestKey) -> String {
        let collection = RequestCollection(id: key.collectionID, name: "drafts", requests: [request]).stored
        return DraftSecrets.withhold(inCollection: collection).prettyPrinted()
    }

    /// The request of a stored draft, nil when the loader refuses it (a draft an earlier
    /// version let through): that one is lost, never the other drafts.
    static func request(from stored: StoredDraft) -> SavedRequest? {
        let collection = CollectionLoader.load(Array(stored.json.utf8), file: "drafts").collection
        return collection?.requests.first { $0.id == stored.requestID }
    }
}
