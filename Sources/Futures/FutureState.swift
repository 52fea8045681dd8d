/// Everything a `ResponseFuture` mutates, kept behind its `Mutex`.
///
/// Observer lists are taken out (and the lists emptied) when the future settles, so closures
/// that capture other futures are released and a settled chain holds no reference cycles.
/// Only `errorObservers` is kept, because a `success` observer registered after settling may
/// still throw and must report to them.
struct FutureState<Success: Sendable> {
    var action: (@Sendable (ResponseFuture<Success>) throws -> Void)?
    var started = false
    /// The outcome once settled, boxed: observers, listeners and the delivery closure share the one
    /// box instead of each copying the value (a response is a large struct).
    var settled: SettledOutcome<Success>?

    /// The outcome once settled (a copy; prefer `settled` on hot paths).
    var outcome: FutureOutcome<Success>? { settled?.outcome }
    /// Set when the completion delivery runs; progress deliveries queued behind it are dropped.
    var completionDelivered = false

    var successObservers: [@Sendable (Success) throws -> Void] = []
    var errorObservers: [@Sendable (any Error) -> Void] = []
    var cancellationObservers: [@Sendable () -> Void] = []
    var resultObservers: [@Sendable (Result<Success, any Error>) -> Void] = []
    var completionObservers: [@Sendable () -> Void] = []
    var updateObservers: [@Sendable (TransferProgress) -> Void] = []

    /// Internal listeners called synchronously on the settling thread (transforms, joins, async bridge).
    var outcomeListeners = InlineFirstList<@Sendable (FutureOutcome<Success>) -> Void>()
    /// Internal listeners that forward progress synchronously (transforms).
    var progressListeners: [@Sendable (TransferProgress) -> Void] = []
    /// Producer hooks run synchronously, on the cancelling thread, when the future is cancelled.
    var cancelHooks = InlineFirstList<@Sendable () -> Void>()

    init(action: (@Sendable (ResponseFuture<Success>) throws -> Void)? = nil) {
        self.action = action
    }
}

/// The public observers taken out of the state when a future settles, delivered as one batch.
struct ObserverBatch<Success: Sendable>: Sendable {
    var success: [@Sendable (Success) throws -> Void]
    var error: [@Sendable (any Error) -> Void]
    var cancellation: [@Sendable () -> Void]
    var result: [@Sendable (Result<Success, any Error>) -> Void]
    var completion: [@Sendable () -> Void]

    /// Takes the observers out of `state`, leaving `errorObservers` in place (see `FutureState`).
    static func take(from state: inout FutureState<Success>) -> Self {
        let batch = Self(
            success: state.successObservers,
            error: state.errorObservers,
            cancellation: state.cancellationObservers,
            result: state.resultObservers,
            completion: state.completionObservers
        )
        state.successObservers = []
        state.cancellationObservers = []
        state.resultObservers = []
        state.completionObservers = []
        state.updateObservers = []
        state.progressListeners = []
        return batch
    }

    /// Calls the observers in the documented order: `success` (a throw is routed to `error`),
    /// or `error`, or `cancellation`; then `result`; then `completion`, last.
    func deliver(_ outcome: FutureOutcome<Success>) {
        var thrown: (any Error)?
        switch outcome {
        case .success(let value) where !success.isEmpty:
            for observer in success {
                do {
                    try observer(value)
                } catch {
                    thrown = thrown ?? error
                }
            }
            if let thrown {
                for observer in self.error { observer(thrown) }
            }
        case .success:
            break
        case .failure(let failure):
            for observer in error { observer(failure) }
        case .cancelled:
            for observer in cancellation { observer() }
        }
        if !result.isEmpty {
            // The `Result` is made only when someone asked for one.
            let effective: Result<Success, any Error> = thrown.map { .failure($0) } ?? outcome.result
            for observer in result { observer(effective) }
        }
        for observer in completion { observer() }
    }
}

/// A settled outcome in a box, shared by reference.
final class SettledOutcome<Success: Sendable>: Sendable {
    let outcome: FutureOutcome<Success>

    init(_ outcome: consuming FutureOutcome<Success>) {
        self.outcome = outcome
    }
}
