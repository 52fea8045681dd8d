import Foundation
import Synchronization
import Testing

@testable import CurlTransport

/// A cancel that races the end of a transfer, forced deterministically: the transfer has failed
/// (its result kept for the end of the loop round, as the engine keeps it) and the user cancels
/// before that result is handed over. Under ThreadSanitizer's slower timing this race happened in
/// "cancel while waiting for the first byte": the user was told the request failed.
@Suite("A cancel asked for before a failure is handed over is a cancel")
struct CancelClassificationTests {
    final class Outcomes: CurlTransferObserver {
        let results = Mutex<[Result<TransferOutcome, CurlFailure>]>([])
        var wantsProgress: Bool { false }
        func transferDidProgress(_ counts: TransferCounts) {}
        func transferDidComplete(_ result: Result<TransferOutcome, CurlFailure>) {
            results.withLock { $0.append(result) }
        }

        var causes: [CurlFailure.Cause?] {
            results.withLock { $0 }.map { result in
                if case .failure(let failure) = result { return failure.cause }
                return nil
            }
        }
    }

    @Test("failed in the loop round, cancelled before the round hands results over: delivered as cancelled")
    func cancelBeforeDelivery() {
        let observer = Outcomes()
        let transfer = CurlTransfer(spec: TransferSpec(url: "http://127.0.0.1:9/"), observer: observer)
        let batch = CurlCompletionBatch()
        transfer.batch = batch
        // The transfer fails (here: no easy handle) and its result waits for the end of the round…
        transfer.completeWithoutHandle()
        #expect(observer.causes.isEmpty)
        // …the user cancels meanwhile…
        transfer.cancel()
        // …and the round hands its results over.
        batch.deliver()
        #expect(observer.causes == [.cancelled])
    }

    @Test("cancelled after the failure was handed over: the failure stands, and nothing more is delivered")
    func cancelAfterDelivery() {
        let observer = Outcomes()
        let transfer = CurlTransfer(spec: TransferSpec(url: "http://127.0.0.1:9/"), observer: observer)
        let batch = CurlCompletionBatch()
        transfer.batch = batch
        transfer.completeWithoutHandle()
        batch.deliver()
        transfer.cancel()
        batch.deliver()
        #expect(observer.causes == [.curl(27)])
    }
}
