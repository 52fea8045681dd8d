import Dispatch
import Futures
import FuturesTesting
import Testing

@Suite struct ManualSchedulerTests {
    @Test func runsNothingUntilStepped() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        scheduler.schedule { log.append("a") }
        scheduler.schedule { log.append("b") }
        #expect(log.events.isEmpty)
        #expect(scheduler.pendingCount == 2)
        #expect(scheduler.runNext())
        #expect(log.events == ["a"])
        #expect(scheduler.runAll() == 1)
        #expect(log.events == ["a", "b"])
        #expect(!scheduler.runNext())
    }

    @Test func runAllIncludesWorkScheduledWhileRunning() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        scheduler.schedule {
            log.append("outer")
            scheduler.schedule { log.append("inner") }
        }
        #expect(scheduler.runAll() == 2)
        #expect(log.events == ["outer", "inner"])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func keepsOrderAcrossManyStepsAndInterleavedScheduling() {
        let scheduler = ManualScheduler()
        let order = EventLog()
        for index in 0..<3000 {
            scheduler.schedule { order.append("\(index)") }
        }
        for _ in 0..<2000 { scheduler.runNext() }
        for index in 3000..<5000 {
            scheduler.schedule { order.append("\(index)") }
        }
        #expect(scheduler.pendingCount == 3000)
        #expect(scheduler.runAll() == 3000)
        #expect(order.events == (0..<5000).map { "\($0)" })
    }

    @Test func immediateSchedulerRunsInline() {
        let log = EventLog()
        ImmediateScheduler().schedule { log.append("now") }
        #expect(log.events == ["now"])
    }

    @Test func transferProgressFractions() {
        let progress = TransferProgress(
            bytesSent: 5, totalBytesToSend: 10, bytesReceived: 30, totalBytesToReceive: nil)
        #expect(progress.fractionSent == 0.5)
        #expect(progress.fractionReceived == nil)
        #expect(TransferProgress(bytesReceived: 1, totalBytesToReceive: 0).fractionReceived == nil)
        #expect(TransferProgress(bytesReceived: 20, totalBytesToReceive: 10).fractionReceived == 1)
    }
}

@Suite struct MainQueueSchedulerTests {
    // A guard against a hang only. The callback waits behind every main-actor test queued before
    // it (60 s in a plain CI run, over 10 minutes under ThreadSanitizer), so the limit is the
    // length of a whole sanitized suite.
    @Test(.timeLimit(.minutes(40))) func observersRunOnTheMainQueue() async {
        let future = ResponseFuture<Int>(scheduler: .main)
        let onMain: Bool = await withCheckedContinuation { continuation in
            future.success { _ in
                dispatchPrecondition(condition: .onQueue(.main))
                continuation.resume(returning: true)
            }
            future.succeed(with: 1)
        }
        #expect(onMain)
    }
}
