import TUI
import Workspace

/// Snapshots in the explorer: "accept as snapshot" asks first, showing how the response differs
/// from the stored snapshot, then writes the file; "re-check" runs the request's checks (as
/// edited) against a history entry without sending. Both reach the response slice (what is
/// shown), the dialogs and the program (the file, the entry's checks).
extension ExplorerReducer {
    /// The result the response pane shows: an opened history entry's, else the live one.
    static func shownResult(_ state: ExplorerState) -> ExchangeResult? {
        state.response.openedHistoryResult ?? state.exchange?.result
    }

    static func askToAcceptSnapshot(_ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let response = shownResult(state)?.response else {
            notify(&state, "No response to accept as a snapshot: send the request first (F5)", kind: .info)
            return []
        }
        guard let proposal = response.snapshot else {
            let hasExpectation =
                state.selectedRequest?.expectations.contains {
                    if case .snapshot = $0.subject { true } else { false }
                } ?? false
            notify(
                &state,
                hasExpectation
                    ? "This response has no snapshot to accept: press H to re-check it, or send again"
                    : "No snapshot check: add one in the Checks tab (a line reading: snapshot)",
                kind: .info)
            return []
        }
        return reduceOverlays(.open(.acceptSnapshot(proposal, selected: -1)), &state)
    }

    static func snapshotAnswered(_ proposal: SnapshotProposal, choice: Int, _ state: inout ExplorerState)
        -> [ExplorerEffect]
    {
        reduceOverlays(.close, &state)
        guard choice == 0 else { return [] }
        return [.snapshot(.write(proposal))]
    }

    static func recheckHistory(_ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let key = state.selection, let request = state.request(key),
            let document = state.document(collectionID: key.collectionID)
        else {
            notify(&state, "Pick a request to re-check", kind: .info)
            return []
        }
        guard let entry = state.response.openedHistory ?? state.response.history.first else {
            notify(&state, "No history entry to re-check: send the request first (F5)", kind: .info)
            return []
        }
        if state.response.openedHistory == nil { reduceResponse(.openEntry(entry), &state) }
        return [
            .snapshot(
                .recheck(
                    RecheckJob(
                        key: key, request: request, document: document,
                        environmentName: state.environment(collectionID: key.collectionID)?.name,
                        captures: state.captures[key.collectionID] ?? [:], entry: entry)))
        ]
    }

    static func snapshotEvent(_ event: SnapshotEvent, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch event {
        case .written(let proposal, .success(let outcome)):
            notify(&state, "Snapshot \(outcome.rawValue): \(proposal.shortFile)", kind: .success)
            updateShown(proposal.key, &state) { response in
                response.snapshot?.changes = []
                for index in response.checks.indices where response.checks[index].label == "snapshot" {
                    response.checks[index].passed = true
                    response.checks[index].actual = "matches"
                }
            }
            return []
        case .written(_, .failure(let error)):
            notify(&state, "Snapshot not written: \(error.message)", kind: .error)
            return []
        case .rechecked(let key, let entryID, .success(let result)):
            guard key == state.selection, state.response.openedHistory?.id == entryID else { return [] }
            updateShown(key, &state) { response in
                response.checks = result.checks
                response.snapshot = result.snapshot
            }
            state.response.tab = .checks
            let passed = result.checks.filter(\.passed).count
            let when = state.response.openedHistory.map { ISOTimeText.short($0.date) } ?? ""
            notify(
                &state,
                "Re-checked the history entry of \(when): \(passed) of \(result.checks.count) checks pass",
                kind: passed == result.checks.count ? .success : .warning)
            return []
        case .rechecked(_, _, .failure(let problem)):
            notify(&state, "Not re-checked: \(problem.message)", kind: .warning)
            return []
        }
    }

    /// Changes the response shown for `key` (the opened history entry's, else the live one).
    private static func updateShown(
        _ key: RequestKey, _ state: inout ExplorerState, _ change: (inout ReceivedResponse) -> Void
    ) {
        guard key == state.selection else { return }
        if case .response(var response)? = state.response.openedHistoryResult?.outcome {
            change(&response)
            state.response.openedHistoryResult?.outcome = .response(response)
        } else if case .response(var response)? = state.exchanges[key]?.result?.outcome {
            change(&response)
            state.exchanges[key]?.result?.outcome = .response(response)
        }
    }
}
