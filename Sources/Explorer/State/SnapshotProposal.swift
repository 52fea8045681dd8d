package import Workspace

/// What "accept as snapshot" would write for the shown response: the snapshot made from it, the
/// file, and how it differs from the stored one (shown in the question before anything is
/// written). Made where the checks ran (a send, or a re-check of a history entry).
package struct SnapshotProposal: Sendable, Equatable {
    package var key: RequestKey
    package var collectionFile: String
    package var snapshot: Snapshot
    package var file: String
    /// Nil when there is no stored snapshot yet.
    package var changes: [SnapshotChange]?
    /// The request's snapshot checks: several share the one file, and the first one makes it.
    package var checkCount = 1

    package init(key: RequestKey, collectionFile: String, snapshot: Snapshot, file: String, changes: [SnapshotChange]?)
    {
        self.key = key
        self.collectionFile = collectionFile
        self.snapshot = snapshot
        self.file = file
        self.changes = changes
    }

    /// Made from a check that produced a snapshot (nil when the response could not be made one).
    init?(_ check: SnapshotCheck, key: RequestKey, collectionFile: String) {
        guard let current = check.current else { return nil }
        self.init(
            key: key, collectionFile: collectionFile, snapshot: current, file: check.file,
            changes: check.stored == nil ? nil : check.changes)
    }

    /// Compared by what the question shows, not the (possibly large) body.
    package static func == (a: SnapshotProposal, b: SnapshotProposal) -> Bool {
        a.key == b.key && a.file == b.file && a.changes == b.changes && a.snapshot.status == b.snapshot.status
            && a.checkCount == b.checkCount
    }

    /// The file as the user finds it beside the collection: `shop.snapshots/list.json`.
    package var shortFile: String {
        file.split(separator: "/").suffix(2).joined(separator: "/")
    }

    /// The question's text: the file, then each change (at most `shownChanges`) or that it is new.
    package var message: String {
        let several =
            checkCount > 1
            ? "This request has \(checkCount) snapshot checks sharing one file: the first one's ignore, keys and "
                + "headers make it.\n" : ""
        return several + body
    }

    private var body: String {
        guard let changes else {
            return "No snapshot yet: \(shortFile) will be created from this response (status \(snapshot.status)). "
                + "Alt+A accept, Esc cancel."
        }
        if changes.isEmpty { return "\(shortFile) already matches this response. Alt+A writes it again, Esc cancels." }
        let shown = changes.prefix(Self.shownChanges).map { "  \($0.summary)" }
        let more = changes.count > Self.shownChanges ? ["  … and \(changes.count - Self.shownChanges) more"] : []
        return "\(changes.count) change\(changes.count == 1 ? "" : "s") from \(shortFile):\n"
            + (shown + more).joined(separator: "\n") + "\nAlt+A accept (the file is replaced), Esc cancel."
    }

    static let shownChanges = 12
}

extension ReceivedResponse {
    /// After the snapshot was written from this response: its snapshot check passes.
    package mutating func snapshotAccepted() {
        snapshot?.changes = []
        for index in checks.indices where checks[index].label == "snapshot" {
            checks[index].passed = true
            checks[index].actual = "matches"
        }
    }
}
