import Futures
import Synchronization

/// Captures how a future settles, for tests driven by a `ManualScheduler`.
final class Outcome<Value: Sendable>: Sendable {
    private let result = Mutex<Result<Value, any Error>?>(nil)

    init(_ future: ResponseFuture<Value>) {
        _ = future.result { outcome in self.result.withLock { $0 = outcome } }.send()
    }

    var value: Value? {
        result.withLock { if case .success(let value)? = $0 { value } else { nil } }
    }

    var error: (any Error)? {
        result.withLock { if case .failure(let error)? = $0 { error } else { nil } }
    }

    var isSettled: Bool { result.withLock { $0 != nil } }
}
