/// What a `CurlTransfer` reports to, on the network thread: throttled progress and, once, the result.
/// Both must be quick (see `CurlEngine`).
protocol CurlTransferObserver: AnyObject, Sendable {
    /// Whether to report progress at all; read once, when the transfer is made.
    var wantsProgress: Bool { get }
    func transferDidProgress(_ counts: TransferCounts)
    func transferDidComplete(_ result: Result<TransferOutcome, CurlFailure>)
}

/// An observer made of two closures, for callers that have no object of their own (engine tests).
final class ClosureTransferObserver: CurlTransferObserver {
    private let onProgress: (@Sendable (TransferCounts) -> Void)?
    private let onComplete: @Sendable (Result<TransferOutcome, CurlFailure>) -> Void

    init(
        onProgress: (@Sendable (TransferCounts) -> Void)?,
        onComplete: @escaping @Sendable (Result<TransferOutcome, CurlFailure>) -> Void
    ) {
        self.onProgress = onProgress
        self.onComplete = onComplete
    }

    var wantsProgress: Bool { onProgress != nil }

    func transferDidProgress(_ counts: TransferCounts) {
        onProgress?(counts)
    }

    func transferDidComplete(_ result: Result<TransferOutcome, CurlFailure>) {
        onComplete(result)
    }
}
