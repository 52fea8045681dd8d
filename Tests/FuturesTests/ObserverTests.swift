import Dispatch
import Futures
import FuturesTesting
import Testing

@Suite struct ObserverTests {
    @Test func manyObserversOfEachKindRunInRegistrationOrder() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let future = ResponseFuture<Int>(scheduler: scheduler)
        future.completion { log.append("completion 1") }
            .result { _ in log.append("result 1") }
            .success { _ in log.append("success 1") }
            .completion { log.append("completion 2") }
            .success { _ in log.append("success 2") }
            .result { _ in log.append("result 2") }
            .success { _ in log.append("success 3") }
        future.succeed(with: 1)
        scheduler.runAll()
        #expect(
            log.events == [
                "success 1", "success 2", "success 3", "result 1", "result 2", "completion 1", "completion 2",
            ])
    }

    @Test func errorObserversRunInOrderBeforeCompletion() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let future = ResponseFuture<Int>(scheduler: scheduler)
        future.completion { log.append("completion") }
            .error { log.append("error 1 \(($0 as? TestError)?.name ?? "?")") }
            .error { _ in log.append("error 2") }
            .success { _ in log.append("success") }
        future.fail(with: TestError("e"))
        scheduler.runAll()
        #expect(log.events == ["error 1 e", "error 2", "completion"])
    }

    @Test func throwInSuccessRoutesToErrorAndResult() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let future = ResponseFuture<Int>(scheduler: scheduler)
        future.error { log.append("error \(($0 as? TestError)?.name ?? "?")") }
            .success { _ in throw TestError("decode") }
            .success { _ in log.append("second success still runs") }
            .success { _ in throw TestError("ignored") }
            .result { result in
                if case .failure(let error) = result {
                    log.append("result failure \((error as? TestError)?.name ?? "?")")
                }
            }
            .completion { log.append("completion") }
        future.succeed(with: 1)
        scheduler.runAll()
        #expect(
            log.events == [
                "second success still runs", "error decode", "result failure decode", "completion",
            ])
    }

    @Test func completionRunsExactlyOnceWhateverHappened() {
        let scheduler = ManualScheduler()
        let completions = Counter()
        let outcomes: [@Sendable (ResponseFuture<Int>) -> Void] = [
            { $0.succeed(with: 1) },
            { $0.fail(with: TestError("x")) },
            { $0.cancel() },
            { future in
                future.succeed(with: 1)
                future.cancel()
                future.fail(with: TestError("y"))
            },
        ]
        for settle in outcomes {
            let future = ResponseFuture<Int>(scheduler: scheduler)
            future.success { _ in throw TestError("z") }.completion { completions.increment() }
            settle(future)
            settle(future)
        }
        scheduler.runAll()
        #expect(completions.value == outcomes.count)
    }

    @Test func observersWaitForTheScheduler() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let future = ResponseFuture<Int>(scheduler: scheduler)
        future.completion { log.append("completion") }
        future.succeed(with: 1)
        #expect(log.events.isEmpty)
        #expect(scheduler.pendingCount == 1)
        scheduler.runNext()
        #expect(log.events == ["completion"])
    }

    @Test func progressArrivesInOrderBeforeCompletionAndNotAfter() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let future = ResponseFuture<Int>(scheduler: scheduler)
        future.updated { log.append("a \($0.bytesReceived)") }
            .updated { log.append("b \($0.bytesReceived)") }
            .completion { log.append("completion") }
        future.update(with: TransferProgress(bytesReceived: 1))
        future.update(with: TransferProgress(bytesReceived: 2, totalBytesToReceive: 2))
        future.succeed(with: 1)
        future.update(with: TransferProgress(bytesReceived: 3))
        scheduler.runAll()
        #expect(log.events == ["a 1", "b 1", "a 2", "b 2", "completion"])
    }

    @Test func lateObserversAreCalledOnce() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let future = ResponseFuture<Int>(scheduler: scheduler)
        future.succeed(with: 4)
        scheduler.runAll()
        future.success { log.append("success \($0)") }
            .error { _ in log.append("error") }
            .cancellation { log.append("cancellation") }
            .result { log.append("result \((try? $0.get()) ?? -1)") }
            .completion { log.append("completion") }
            .updated { _ in log.append("updated") }
        #expect(log.events.isEmpty)
        scheduler.runAll()
        #expect(log.events == ["success 4", "result 4", "completion"])
    }

    @Test func lateObserversOfFailureAndCancellation() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let failed = ResponseFuture<Int>(scheduler: scheduler)
        failed.fail(with: TestError("f"))
        failed.error { log.append("error \(($0 as? TestError)?.name ?? "?")") }.success { _ in log.append("success") }
        let cancelled = ResponseFuture<Int>(scheduler: scheduler)
        cancelled.cancel()
        cancelled.cancellation { log.append("cancellation") }.error { _ in log.append("error on cancel") }
        scheduler.runAll()
        #expect(log.events == ["error f", "cancellation"])
    }

    @Test func lateSuccessObserverThatThrowsReportsToErrorObservers() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let future = ResponseFuture<Int>(scheduler: scheduler)
        future.error { log.append("error \(($0 as? TestError)?.name ?? "?")") }
        future.succeed(with: 1)
        scheduler.runAll()
        future.success { _ in throw TestError("late") }
        scheduler.runAll()
        #expect(log.events == ["error late"])
    }

    @Test func observersRunOnTheInjectedScheduler() async {
        let scheduler = DispatchQueueScheduler(.init(label: "observers"))
        let future = ResponseFuture<Int>(scheduler: scheduler)
        let value: Int = await withCheckedContinuation { continuation in
            future.success { continuation.resume(returning: $0) }
            future.succeed(with: 9)
        }
        #expect(value == 9)
    }
}
