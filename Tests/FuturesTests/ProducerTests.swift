import Futures
import FuturesTesting
import Testing

@Suite struct ProducerTests {
    @Test func succeedDeliversTheValueThroughTheScheduler() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let future = ResponseFuture<Int>(scheduler: scheduler)
        future.success { log.append("success \($0)") }
        future.succeed(with: 7)
        #expect(future.isCompleted)
        #expect(log.events.isEmpty)
        scheduler.runAll()
        #expect(log.events == ["success 7"])
    }

    @Test func actionCompletesTheFuture() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        ResponseFuture<String>(scheduler: scheduler) { $0.succeed(with: "hi") }
            .success { log.append($0) }
            .send()
        scheduler.runAll()
        #expect(log.events == ["hi"])
    }

    @Test func throwingActionFails() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        ResponseFuture<Int>(scheduler: scheduler) { _ in throw TestError("boom") }
            .error { log.append("error \(($0 as? TestError)?.name ?? "?")") }
            .send()
        scheduler.runAll()
        #expect(log.events == ["error boom"])
    }

    @Test func initWithResultCompletesOnSend() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let ok = ResponseFuture<Int>(scheduler: scheduler, result: .success(1))
        let bad = ResponseFuture<Int>(scheduler: scheduler, result: .failure(TestError("bad")))
        ok.success { log.append("ok \($0)") }
        bad.error { log.append("bad \(($0 as? TestError)?.name ?? "?")") }
        #expect(!ok.isCompleted)
        ok.send()
        bad.send()
        scheduler.runAll()
        #expect(log.events == ["ok 1", "bad bad"])
    }

    @Test func completeWithResult() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let future = ResponseFuture<Int>(scheduler: scheduler)
        future.result { log.append("result \((try? $0.get()) ?? -1)") }
        future.complete(with: .success(3))
        scheduler.runAll()
        #expect(log.events == ["result 3"])
    }

    @Test func secondCompletionIsANoOp() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let future = ResponseFuture<Int>(scheduler: scheduler)
        future.success { log.append("success \($0)") }
            .error { _ in log.append("error") }
            .cancellation { log.append("cancel") }
            .completion { log.append("completion") }
        future.succeed(with: 1)
        future.succeed(with: 2)
        future.fail(with: TestError("late"))
        future.complete(with: .success(3))
        future.cancel()
        scheduler.runAll()
        #expect(log.events == ["success 1", "completion"])
        #expect(!future.isCancelled)
    }

    @Test func cancelAfterFailureIsANoOp() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let future = ResponseFuture<Int>(scheduler: scheduler)
        future.error { _ in log.append("error") }.cancellation { log.append("cancel") }
        future.fail(with: TestError("x"))
        future.cancel()
        scheduler.runAll()
        #expect(log.events == ["error"])
    }

    @Test func cancelNotifiesCancellationResultAndCompletion() throws {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let future = ResponseFuture<Int>(scheduler: scheduler) { _ in }
        future.success { _ in log.append("success") }
            .error { _ in log.append("error") }
            .cancellation { log.append("cancellation") }
            .result { log.append($0.isCancellation ? "result cancelled" : "result other") }
            .completion { log.append("completion") }
            .send()
        future.cancel()
        future.cancel()
        #expect(future.isCancelled)
        scheduler.runAll()
        #expect(log.events == ["cancellation", "result cancelled", "completion"])
    }

    @Test func onCancelHookRunsSynchronouslyOnceAndOnlyOnCancel() {
        let scheduler = ManualScheduler()
        let hooks = Counter()
        let cancelled = ResponseFuture<Int>(scheduler: scheduler) { future in
            future.onCancel { hooks.increment() }
        }
        cancelled.send()
        cancelled.cancel()
        cancelled.cancel()
        #expect(hooks.value == 1)
        #expect(scheduler.pendingCount == 1)

        let succeeded = ResponseFuture<Int>(scheduler: scheduler)
        succeeded.onCancel { hooks.increment() }
        succeeded.succeed(with: 1)
        succeeded.cancel()
        succeeded.onCancel { hooks.increment() }
        #expect(hooks.value == 1)

        cancelled.onCancel { hooks.increment() }
        #expect(hooks.value == 2)
    }

    @Test func everyCancelHookRunsInTheOrderItWasAdded() {
        let log = EventLog()
        let future = ResponseFuture<Int>(scheduler: ManualScheduler()) { future in
            for name in ["first", "second", "third"] { future.onCancel { log.append(name) } }
        }
        future.send()
        future.cancel()
        #expect(log.events == ["first", "second", "third"])
    }

    @Test func everyChainedFutureSettlesInTheOrderItWasAdded() {
        // Transforms listen to their source's outcome (the internal listeners): three on one
        // source each see it, in the order they were made.
        let log = EventLog()
        let scheduler = ImmediateScheduler()
        let source = ResponseFuture<Int>(scheduler: scheduler)
        for name in ["first", "second", "third"] {
            source.then { "\(name) \($0)" }.success { log.append($0) }.send()
        }
        source.succeed(with: 7)
        #expect(log.events == ["first 7", "second 7", "third 7"])
    }

    @Test func fulfillForwardsOutcomeAndProgress() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let source = ResponseFuture<Int>(scheduler: scheduler)
        let target = ResponseFuture<Int>(scheduler: scheduler)
        target.updated { log.append("progress \($0.bytesReceived)") }
            .success { log.append("target \($0)") }
        source.fulfill(target)
        #expect(source.isStarted)
        source.update(with: TransferProgress(bytesReceived: 10))
        source.succeed(with: 5)
        scheduler.runAll()
        #expect(log.events == ["progress 10", "target 5"])
    }

    @Test func cancellingTheFulfilledTargetCancelsTheSource() {
        let scheduler = ManualScheduler()
        let hooks = Counter()
        let source = ResponseFuture<Int>(scheduler: scheduler) { future in
            future.onCancel { hooks.increment() }
        }
        let target = ResponseFuture<Int>(scheduler: scheduler)
        source.fulfill(target)
        target.cancel()
        #expect(source.isCancelled)
        #expect(hooks.value == 1)
    }

    @Test func fulfillPassesFailureAndCancellation() {
        let scheduler = ManualScheduler()
        let failing = ResponseFuture<Int>(scheduler: scheduler)
        let failedTarget = ResponseFuture<Int>(scheduler: scheduler)
        failing.fulfill(failedTarget)
        failing.fail(with: TestError("f"))
        #expect(failedTarget.isCompleted && !failedTarget.isCancelled)

        let cancelling = ResponseFuture<Int>(scheduler: scheduler)
        let cancelledTarget = ResponseFuture<Int>(scheduler: scheduler)
        cancelling.fulfill(cancelledTarget)
        cancelling.cancel()
        #expect(cancelledTarget.isCancelled)
    }
}

extension Result {
    /// Whether this is the failure a cancelled future reports.
    var isCancellation: Bool {
        if case .failure(let error) = self { return error is CancellationError }
        return false
    }
}
