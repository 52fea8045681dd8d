import Synchronization

/// The bridge to Swift concurrency. Awaiting sends the future; cancelling the awaiting task
/// cancels the future (and, through it, the chain and the transfer behind it).
extension ResponseFuture {
    /// The value, or the failure thrown; `CancellationError` if the future or the task was cancelled.
    public var value: Success {
        get async throws {
            try await fetchResult().get()
        }
    }

    /// Sends the future and waits for its outcome. Cancellation (of the future or of the
    /// awaiting task) arrives as `.failure(CancellationError())`. Does not go through the
    /// scheduler, so awaiting works whatever scheduler the future uses.
    public func fetchResult() async -> Result<Success, any Error> {
        await withTaskCancellationHandler {
            // Unsafe (no checking box per call): an outcome listener runs exactly once.
            await withUnsafeContinuation { continuation in
                addOutcomeListener { outcome in
                    continuation.resume(returning: outcome.result)
                }
                send()
            }
        } onCancel: {
            cancel()
        }
    }
}
