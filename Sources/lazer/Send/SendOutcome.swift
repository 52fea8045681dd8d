import Synchronization

/// Hands a result from the network thread to the waiting main thread (a response in `lazer send`,
/// a fetched document in `lazer import URL`).
final class SendOutcome<Value: Sendable>: Sendable {
    private let value = Mutex<Result<Value, any Error>?>(nil)

    func store(_ result: Result<Value, any Error>) { value.withLock { $0 = result } }

    func load() -> Result<Value, any Error>? { value.withLock { $0 } }
}
