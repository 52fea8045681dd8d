extension SnapshotStore {
    /// What `lazer validate` says about a collection's snapshot files: an unreadable or malformed
    /// one is an error (a run would fail on it), a missing one a warning (the first
    /// `--update-snapshots` run writes it).
    package static func problems(in document: CollectionDocument) -> (errors: [String], warnings: [String]) {
        let store = SnapshotStore(collectionFile: document.path)
        var errors: [String] = []
        var warnings: [String] = []
        document.collection.forEachRequest { _, request in
            let count = request.expectations.count { if case .snapshot = $0.subject { true } else { false } }
            guard count > 0 else { return }
            if count > 1 {
                warnings.append(
                    "request \"\(request.name)\": \(count) snapshot checks share one file, "
                        + "\(store.path(requestID: request.id)); the explorer's A and --update-snapshots write it "
                        + "with the first one's ignore, keys and headers (keep one)")
            }
            do throws(SnapshotError) {
                if try store.read(requestID: request.id) == nil {
                    warnings.append(
                        "\(store.path(requestID: request.id)): no snapshot yet for \"\(request.name)\" "
                            + "(lazer run --update-snapshots writes it)")
                }
            } catch {
                errors.append(error.message)
            }
        }
        return (errors, warnings)
    }
}
