extension ExplorerState {
    /// How many of the recovered drafts on offer are of requests no longer in their collection
    /// (deleted by another explorer or program since): restoring adds them back as requests.
    var recoveredDraftsOfDeletedRequests: Int {
        recoveredDrafts.keys.count { savedRequest($0) == nil }
    }
}
