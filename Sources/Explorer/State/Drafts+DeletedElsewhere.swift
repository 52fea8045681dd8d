import Workspace

extension [RequestKey: SavedRequest] {
    /// The drafts of `collectionID` whose request `theirs` (the file's new version) no longer has:
    /// deleted by another program or window. None when there is no new version to compare.
    func keysDeleted(in collectionID: String, by theirs: RequestCollection?) -> [RequestKey] {
        guard let theirs else { return [] }
        return keys.filter { $0.collectionID == collectionID && theirs.request(id: $0.requestID) == nil }
            .sorted { $0.requestID < $1.requestID }
    }
}
