import HTTPCore

/// What a `CurlTransfer` reports to, on the network thread: throttled progress and, once, the result.
/// Both must be quick (see `CurlEngine`).
protocol CurlTransferObserver: AnyObject, Sendable {
    /// Whether to report progress at all; read once, when the transfer is made.
    var wantsProgress: Bool { get }
    func transferDidProgress(_ counts: TransferCounts)
    func transferDidComplete(_ result: Result<TransferOutcome, CurlFailure>)
    /// Whether to find out and report `ExchangeEvent`s (read once, when the transfer is made): only
    /// then does the transfer turn on libcurl's verbose text and the callbacks that need.
    var observesEvents: Bool { get }
    /// One event, when it happens; `stage` is the stage from then on when not the one it implies.
    func transferDidReport(_ kind: ExchangeEvent.Kind, stage: ExchangeStage?)
}

extension CurlTransferObserver {
    var observesEvents: Bool { false }
    func transferDidReport(_ kind: ExchangeEvent.Kind, stage: ExchangeStage?) {}
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
