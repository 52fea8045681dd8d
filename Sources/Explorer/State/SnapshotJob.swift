package import Workspace

/// The snapshot work the program does off the main thread, asked by the reducer as data.
package enum SnapshotJob: Sendable, Equatable {
    /// "Accept as snapshot" confirmed: write the proposal's file.
    case write(SnapshotProposal)
    /// "Re-check from history": run the request's checks (as edited) against a history entry.
    case recheck(RecheckJob)
}

/// A request's checks to run again against one of its history entries, nothing sent.
package struct RecheckJob: Sendable, Equatable {
    package var key: RequestKey
    package var request: SavedRequest
    package var document: CollectionDocument
    package var environmentName: String?
    package var captures: [String: VariableScope.Value]
    package var entry: HistoryEntry

    package init(
        key: RequestKey, request: SavedRequest, document: CollectionDocument, environmentName: String?,
        captures: [String: VariableScope.Value], entry: HistoryEntry
    ) {
        self.key = key
        self.request = request
        self.document = document
        self.environmentName = environmentName
        self.captures = captures
        self.entry = entry
    }
}

/// What came back of a `SnapshotJob`.
package enum SnapshotEvent: Sendable, Equatable {
    /// The file was written (`created`, `updated`, `unchanged`) or not, with why.
    case written(SnapshotProposal, Result<SnapshotStore.WriteOutcome, SnapshotError>)
    /// The checks of a history entry, or why the entry cannot be checked.
    case rechecked(RequestKey, entryID: String, Result<RecheckResult, HistoryRecheckError>)
}

/// The checks a history entry passed and failed, and what accepting its snapshot would write.
package struct RecheckResult: Sendable, Equatable {
    package var checks: [CheckResult]
    package var snapshot: SnapshotProposal?

    package init(checks: [CheckResult], snapshot: SnapshotProposal?) {
        self.checks = checks
        self.snapshot = snapshot
    }
}
