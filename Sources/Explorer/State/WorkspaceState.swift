package import Workspace

/// The workspace sync slice's state: the collection files as loaded (broken ones included), the
/// drafts, the environment chosen and the values captured per collection, and the saves on their
/// way to the files and the questions about changes on disk.
package struct WorkspaceState: Sendable, Equatable {
    package var collections: [CollectionSlot] = []
    /// Collections are still being read from disk.
    package var isLoading = true
    /// Why the collections folder itself could not be read.
    package var loadProblem: String?
    /// Edited requests that differ from their saved version.
    package var drafts: [RequestKey: SavedRequest] = [:]
    /// The environment chosen per collection (by id).
    package var environments: [String: String] = [:]
    /// Values captured from responses, per collection id (secret ones masked on screen).
    package var captures: [String: [String: VariableScope.Value]] = [:]
    /// What a pending save did, per collection id, said together with "Saved" when the save lands
    /// (saying it at once would be replaced by the save's own notice a moment later).
    package var saveNotices: [String: String] = [:]
    /// A newer version of a collection with drafts, read from disk, waiting for the user's choice.
    package var pendingReload: [String: CollectionSlot] = [:]
    /// Collections (by id) with a save on its way to the file: the next save of one waits for its
    /// result, so that it is checked against the file Lazer itself just wrote, not the one before.
    package var savesInFlight: Set<String> = []
    /// Saves asked for while one was in flight, by collection id (true: overwrite): one save of
    /// the collection as it is then follows the result.
    package var savesQueued: [String: Bool] = [:]
    /// Drafts recovered from an earlier session, waiting for the user's answer.
    package var recoveredDrafts: [RequestKey: SavedRequest] = [:]
    /// Environments and variables with unsaved changes recovered from an earlier session, by
    /// collection id (the collection as it was then), waiting for the same answer.
    package var recoveredEnvironments: [String: RequestCollection] = [:]
    /// How many recovered drafts had a credential typed since the last save: drafts never keep
    /// one in clear, so it is gone (said when they are restored).
    package var draftsLostSecrets = 0

    package init() {}

    package func slot(collectionID: String) -> CollectionSlot? {
        collections.first { $0.collectionID == collectionID }
    }

    package func document(collectionID: String) -> CollectionDocument? {
        slot(collectionID: collectionID)?.document
    }

    /// The request as saved in its collection (without the draft).
    package func savedRequest(_ key: RequestKey) -> SavedRequest? {
        document(collectionID: key.collectionID)?.collection.request(id: key.requestID)
    }

    /// The request as on screen: the draft when there is one, else the saved request.
    package func request(_ key: RequestKey) -> SavedRequest? {
        drafts[key] ?? savedRequest(key)
    }

    package func isDirty(collectionID: String) -> Bool {
        drafts.keys.contains { $0.collectionID == collectionID }
            || (document(collectionID: collectionID)?.isModified ?? false)
    }

    /// The environment in use for a collection: the chosen one, else the collection's default.
    package func environmentName(collectionID: String) -> String? {
        environments[collectionID] ?? document(collectionID: collectionID)?.collection.defaultEnvironment
    }

    /// A request by id, or by its `Folder/Name` path (also `Collection/Folder/Name`).
    package func findRequest(_ wanted: String) -> RequestKey? {
        for slot in collections {
            guard let collection = slot.document?.collection else { continue }
            for location in collection.allRequests {
                let path = (location.folderPath + [location.request.name]).joined(separator: "/")
                if location.request.id == wanted || path == wanted || collection.name + "/" + path == wanted {
                    return RequestKey(collectionID: collection.id, requestID: location.request.id)
                }
            }
        }
        return nil
    }
}
