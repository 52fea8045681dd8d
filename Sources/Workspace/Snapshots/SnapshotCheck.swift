/// Where a snapshot check finds its stored snapshot: the request's file in its collection's
/// snapshot folder, and the redactor that masks the response as the file was masked.
package struct SnapshotContext: Sendable {
    package var store: SnapshotStore
    package var requestID: String
    package var redactor: Redactor

    package init(store: SnapshotStore, requestID: String, redactor: Redactor) {
        self.store = store
        self.requestID = requestID
        self.redactor = redactor
    }

    package init(collectionFile: String, requestID: String, redactor: Redactor) {
        self.init(store: SnapshotStore(collectionFile: collectionFile), requestID: requestID, redactor: redactor)
    }
}

/// A response compared with its stored snapshot: the snapshot it would write (`current`), the one
/// on disk (`stored`), and every difference as a JSONPath with what changed. A missing snapshot is
/// a failure that says how to make one, so a new request in CI is never silently "passing".
package struct SnapshotCheck: Sendable {
    /// How many changes the check's one-line summary lists before "… and N more".
    static let shownChanges = 5

    package var file: String
    package var current: Snapshot?
    package var stored: Snapshot?
    /// Why the comparison could not be made (an unreadable snapshot file, a body too deep).
    package var problem: String?
    package var changes: [SnapshotChange]

    package init(options: SnapshotOptions, facts: ResponseFacts, context: SnapshotContext) {
        file = context.store.path(requestID: context.requestID)
        changes = []
        do throws(SnapshotError) {
            current = try Snapshot(
                response: facts, requestID: context.requestID, options: options, redactor: context.redactor)
            stored = try context.store.read(requestID: context.requestID, options: options)
        } catch {
            problem = error.message
            return
        }
        if let stored, let current { changes = SnapshotChange.changes(from: stored, to: current, keys: options.keys) }
    }

    package var passed: Bool { problem == nil && stored != nil && changes.isEmpty }

    /// The check as every other expectation reports it.
    package var expectationCheck: ExpectationCheck {
        let actual: String
        if let problem {
            actual = problem
        } else if stored == nil {
            actual = "no snapshot yet: run with --update-snapshots"
        } else if changes.isEmpty {
            actual = "matches"
        } else {
            let shown = changes.prefix(Self.shownChanges).map(\.summary)
            let more = changes.count > Self.shownChanges ? ["… and \(changes.count - Self.shownChanges) more"] : []
            actual =
                "\(changes.count) change\(changes.count == 1 ? "" : "s"): " + (shown + more).joined(separator: "; ")
        }
        return ExpectationCheck(label: "snapshot", passed: passed, expected: "matches \(file)", actual: actual)
    }
}
