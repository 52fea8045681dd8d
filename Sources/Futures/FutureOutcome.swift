/// How a future ended. Internal: observers see it through `success`/`error`/`cancellation`/`result`.
enum FutureOutcome<Success: Sendable>: Sendable {
    case success(Success)
    case failure(any Error)
    case cancelled

    /// The outcome as a `Result`; cancellation becomes `CancellationError`.
    var result: Result<Success, any Error> {
        switch self {
        case .success(let value): .success(value)
        case .failure(let error): .failure(error)
        case .cancelled: .failure(CancellationError())
        }
    }

    var isCancelled: Bool {
        if case .cancelled = self { return true }
        return false
    }
}

extension FutureOutcome {
    /// The outcome with its success value transformed.
    func map<U: Sendable>(_ transform: (Success) -> U) -> FutureOutcome<U> {
        switch self {
        case .success(let value): .success(transform(value))
        case .failure(let error): .failure(error)
        case .cancelled: .cancelled
        }
    }
}
