import Foundation
import LoopbackTesting
import Testing

@testable import CurlTransport

/// Where completions run: on the network thread, once each, after the loop round they finished in.
@Suite("CurlCompletionBatch: completion delivery")
struct CurlCompletionBatchTests {
    @Test("a lone transfer completes on the network thread (no hop for a single request)")
    func loneTransferInline() async throws {
        let harness = try EngineHarness()
        let onNetworkThread = await withCheckedContinuation { continuation in
            let engine = harness.engine
            engine.submit(
                CurlTransfer(spec: harness.spec("/json")) { result in
                    continuation.resume(returning: (try? result.get()) != nil && engine.isOnNetworkThread)
                })
        }
        #expect(onNetworkThread)
        harness.engine.shutdown()
    }

    @Test("transfers finishing while another runs complete once each, on the network thread")
    func concurrentTransfersOffThread() async throws {
        let harness = try EngineHarness()
        let engine = harness.engine
        // Submitted first, so the loop adds it before the others: it is in flight whenever they finish.
        let slowDone = LockedValue(false)
        // In flight for the whole test (cancelled at its end), however long a starved test takes.
        var slowSpec = harness.spec("/slow?seconds=600")
        slowSpec.totalTimeoutMilliseconds = nil
        let slow = CurlTransfer(spec: slowSpec) { _ in slowDone.update { $0 = true } }
        engine.submit(slow)
        let count = 20
        let deliveries = LockedValue<[Int: Bool]>([:])
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<count {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        engine.submit(
                            CurlTransfer(spec: harness.spec("/echo?n=\(index)")) { result in
                                let ok = (try? result.get())?.status == 200
                                deliveries.update { seen in
                                    #expect(seen[index] == nil, "completed twice")
                                    seen[index] = ok && engine.isOnNetworkThread
                                }
                                continuation.resume()
                            })
                    }
                }
            }
        }
        let seen = deliveries.value
        #expect(seen.count == count)
        #expect(seen.values.allSatisfy { $0 })
        #expect(!slowDone.value)
        engine.cancel(slow)
        engine.shutdown()
        #expect(slowDone.value)
    }

    @Test("transfers cancelled by shutdown have completed when shutdown returns")
    func shutdownDeliversCancellations() async throws {
        let harness = try EngineHarness()
        let completed = LockedValue(0)
        let started = DispatchSemaphore(value: 0)
        for _ in 0..<3 {
            harness.engine.submit(
                CurlTransfer(
                    spec: harness.spec("/slow?seconds=600"),
                    onProgress: { counts in if counts.received > 0 { started.signal() } },
                    onComplete: { _ in completed.update { $0 += 1 } }))
        }
        // Wait (bounded) until the responses are under way, then stop the engine.
        for _ in 0..<3 { _ = started.wait(timeout: .now() + 30) }
        harness.engine.shutdown()
        #expect(completed.value == 3)
    }
}
