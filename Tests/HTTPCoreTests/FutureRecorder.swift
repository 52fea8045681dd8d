import Futures
import HTTPCore
import Synchronization

/// Collects what a future reports, for assertions after the scheduler ran.
final class FutureRecorder<Value: Sendable>: Sendable {
    private let state = Mutex<(result: Result<Value, any Error>?, progress: [TransferProgress], cancelled: Bool)>(
        (nil, [], false))

    /// Observes `future`, sends it, and returns the recorder.
    @discardableResult
    init(_ future: ResponseFuture<Value>, send: Bool = true) {
        future.result { [self] result in state.withLock { $0.result = result } }
            .updated { [self] progress in state.withLock { $0.progress.append(progress) } }
            .cancellation { [self] in state.withLock { $0.cancelled = true } }
        if send { future.send() }
    }

    var result: Result<Value, any Error>? { state.withLock { $0.result } }
    var progress: [TransferProgress] { state.withLock { $0.progress } }
    var wasCancelled: Bool { state.withLock { $0.cancelled } }

    var value: Value? {
        if case .success(let value) = result { return value }
        return nil
    }

    var error: (any Error)? {
        if case .failure(let error) = result { return error }
        return nil
    }
}

/// Collects exchanges seen by a monitor.
final class ExchangeLog: ExchangeMonitor {
    private let exchanges = Mutex<[Exchange]>([])

    func exchangeDidFinish(_ exchange: Exchange) {
        exchanges.withLock { $0.append(exchange) }
    }

    var all: [Exchange] { exchanges.withLock { $0 } }
}
