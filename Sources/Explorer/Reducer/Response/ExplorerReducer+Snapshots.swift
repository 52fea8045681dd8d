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
        // The send's end shows its result, closing the entry the re-check would show: its answer
        // would be dropped unseen.
        if state.exchanges[key]?.inFlight != nil {
            notify(&state, "A send is in flight: press H again when it ends (Esc cancels it)", kind: .info)
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
            guard proposal.key == state.selection else { return [] }
            if state.response.openedHistory != nil {
                reduceResponse(.snapshotAccepted, &state)
                return []
            }
            return reduceExchanges(.snapshotAccepted(proposal.key), &state)
        case .written(_, .failure(let error)):
            notify(&state, "Snapshot not written: \(error.message)", kind: .error)
            return []
        case .rechecked(let key, let entryID, .success(let result)):
            guard key == state.selection, state.response.openedHistory?.id == entryID else { return [] }
            reduceResponse(.rechecked(entryID: entryID, checks: result.checks, snapshot: result.snapshot), &state)
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
}
