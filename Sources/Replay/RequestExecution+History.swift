import HTTPCore
import StateStore
import Workspace

/// History both ways: an exchange recorded, and `--from-history` checking the latest entry.
extension RequestExecution {
    /// `--from-history`: the checks against the request's latest history entry, nothing sent.
    func recheck(preparation: SendPreparation, into result: consuming RequestResult) -> Outcome {
        // The run's environment's newest entry: another environment's answer was checked (and with
        // --update-snapshots written into this one's snapshot) under this one's name.
        let environment = preparation.environment?.name ?? preparation.environmentName
        let entry: HistoryEntry?
        do throws(StateStoreError) {
            entry = try runner.services.history.entries(
                collectionID: item.collectionID, requestID: item.request.id
            ).last { $0.environment == environment }
        } catch {
            return Outcome(result: Self.noHistory(error.description, into: result), captured: [:])
        }
        guard let entry else {
            let place = environment.map { " in environment \($0)" } ?? ""
            return Outcome(
                result: Self.noHistory(
                    "no history entry for this request\(place) yet: send it there first", into: result),
                captured: [:])
        }
        result.historyEntry = entry.recordedText
        result.url = entry.url
        switch entry.responseFacts() {
        case .failure(let problem):
            return Outcome(result: Self.noHistory(problem.message, into: result), captured: [:])
        case .success(let facts):
            var outcome = check(facts, preparation: preparation, into: result)
            outcome.result.duration = facts.duration
            outcome.result.responseReason = entry.statusText
            return Outcome(result: outcome.result, captured: outcome.captured)
        }
    }

    private static func noHistory(_ message: String, into result: consuming RequestResult) -> RequestResult {
        result.status = .error
        result.failure = FailureReport(
            kind: "noHistory", stage: "history", title: message, explanation: "", hint: "", detail: "")
        return result
    }

    /// Records the exchange in history (made only when history is recorded).
    func record(_ exchange: @autoclosure () -> Exchange, _ preparation: SendPreparation) {
        guard runner.configuration.recordHistory else { return }
        // History is a convenience, not the work: a failure to write it does not fail the run,
        // but it is said (`RunConfiguration.historyFailed`).
        do throws(StateStoreError) {
            try runner.services.record(exchange(), of: preparation, to: runner.historyWriter)
        } catch {
            runner.configuration.historyFailed?(error.description)
        }
    }
}
