import HTTPCore
import Synchronization

/// Hands the response from the network thread to the waiting main thread.
final class SendOutcome: Sendable {
    private let value = Mutex<Result<Response<ResponseBody>, any Error>?>(nil)

    func store(_ result: Result<Response<ResponseBody>, any Error>) { value.withLock { $0 = result } }

    func load() -> Result<Response<ResponseBody>, any Error>? { value.withLock { $0 } }
}
