import Futures
import FuturesTesting
import Testing

@Suite struct JoinTests {
    @Test func seriesJoinPassesTheFirstValueAndPairsBoth() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        ResponseFuture<Int>(scheduler: scheduler, result: .success(2))
            .seriesJoin(String.self) { ResponseFuture(scheduler: scheduler, result: .success("x\($0)")) }
            .success { log.append("\($0.0) \($0.1)") }
            .send()
        scheduler.runAll()
        #expect(log.events == ["2 x2"])
    }

    @Test func seriesJoinIsSequential() {
        let scheduler = ManualScheduler()
        let first = ResponseFuture<Int>(scheduler: scheduler)
        let second = ResponseFuture<Int>(scheduler: scheduler)
        let joined = first.seriesJoin { _ in second }
        joined.send()
        #expect(first.isStarted)
        #expect(!second.isStarted)
        first.succeed(with: 1)
        scheduler.runAll()
        #expect(second.isStarted)
    }

    @Test func seriesJoinNilCancelsAndFailuresFail() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        ResponseFuture<Int>(scheduler: scheduler, result: .success(1))
            .seriesJoin(Int.self) { _ in nil }
            .cancellation { log.append("nil cancels") }
            .send()
        ResponseFuture<Int>(scheduler: scheduler, result: .success(1))
            .seriesJoin(Int.self) { _ in ResponseFuture(scheduler: scheduler, result: .failure(TestError("second"))) }
            .error { log.append("error \(($0 as? TestError)?.name ?? "?")") }
            .send()
        ResponseFuture<Int>(scheduler: scheduler, result: .success(1))
            .seriesJoin(Int.self) { _ in throw TestError("thrown") }
            .error { log.append("error \(($0 as? TestError)?.name ?? "?")") }
            .send()
        scheduler.runAll()
        #expect(log.events.sorted() == ["error second", "error thrown", "nil cancels"])
    }

    @Test func parallelJoinSendsBothAtOnce() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let first = ResponseFuture<Int>(scheduler: scheduler) { _ in }
        let second = ResponseFuture<String>(scheduler: scheduler) { _ in }
        first.parallelJoin { second }
            .success { log.append("\($0.0) \($0.1)") }
            .send()
        #expect(first.isStarted)
        #expect(second.isStarted)
        second.succeed(with: "b")
        scheduler.runAll()
        #expect(log.events.isEmpty)
        first.succeed(with: 1)
        scheduler.runAll()
        #expect(log.events == ["1 b"])
    }

    @Test func parallelJoinFirstFailureFailsAndCancelsTheSibling() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let first = ResponseFuture<Int>(scheduler: scheduler) { future in
            future.onCancel { log.append("first stopped") }
        }
        let second = ResponseFuture<Int>(scheduler: scheduler) { _ in }
        first.parallelJoin { second }
            .error { log.append("error \(($0 as? TestError)?.name ?? "?")") }
            .completion { log.append("completion") }
            .send()
        second.fail(with: TestError("second"))
        #expect(first.isCancelled)
        first.fail(with: TestError("too late"))
        scheduler.runAll()
        #expect(log.events == ["first stopped", "error second", "completion"])
    }

    @Test func cancellingAParallelJoinCancelsBoth() {
        let scheduler = ManualScheduler()
        let first = ResponseFuture<Int>(scheduler: scheduler) { _ in }
        let second = ResponseFuture<Int>(scheduler: scheduler) { _ in }
        let joined = first.parallelJoin { second }
        joined.send()
        joined.cancel()
        #expect(first.isCancelled)
        #expect(second.isCancelled)
    }

    @Test func aThrowCreatingTheParallelSiblingFails() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        ResponseFuture<Int>(scheduler: scheduler, result: .success(1))
            .parallelJoin(Int.self) { throw TestError("make") }
            .error { log.append("error \(($0 as? TestError)?.name ?? "?")") }
            .send()
        scheduler.runAll()
        #expect(log.events == ["error make"])
    }

    @Test func safeResultTurnsFailureIntoAValue() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        ResponseFuture<Int>(scheduler: scheduler, result: .failure(TestError("e")))
            .safeResult()
            .success { result in
                if case .failure(let error) = result { log.append("captured \((error as? TestError)?.name ?? "?")") }
            }
            .error { _ in log.append("error") }
            .send()
        ResponseFuture<Int>(scheduler: scheduler, result: .success(5))
            .safeResult()
            .success { log.append("value \((try? $0.get()) ?? -1)") }
            .send()
        scheduler.runAll()
        #expect(log.events == ["captured e", "value 5"])
    }

    @Test func safeResultStillCancels() {
        let scheduler = ManualScheduler()
        let source = ResponseFuture<Int>(scheduler: scheduler) { _ in }
        let safe = source.safeResult()
        safe.send()
        safe.cancel()
        #expect(source.isCancelled)
    }

    @Test func safeJoinsCaptureTheSecondFailure() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let failing: @Sendable () -> ResponseFuture<Int> = {
            ResponseFuture(scheduler: scheduler, result: .failure(TestError("second")))
        }
        ResponseFuture<Int>(scheduler: scheduler, result: .success(1))
            .safeSeriesJoin { _ in failing() }
            .success { log.append("series \($0.0) \(($0.1.failureName))") }
            .send()
        scheduler.runAll()
        ResponseFuture<Int>(scheduler: scheduler, result: .success(2))
            .safeParallelJoin { failing() }
            .success { log.append("parallel \($0.0) \(($0.1.failureName))") }
            .send()
        scheduler.runAll()
        #expect(log.events == ["series 1 second", "parallel 2 second"])
    }

    @Test func fanOutKeepsTheOrderOfTheSequence() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let futures = (0..<4).map { _ in ResponseFuture<Int>(scheduler: scheduler) { _ in } }
        ResponseFuture(joining: futures)
            .success { log.append("\($0)") }
            .send()
        #expect(futures.allSatisfy { $0.isStarted })
        for (index, future) in futures.enumerated().reversed() {
            future.succeed(with: index * 10)
        }
        scheduler.runAll()
        #expect(log.events == ["[0, 10, 20, 30]"])
    }

    @Test func fanOutOfNothingIsEmpty() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        ResponseFuture(joining: [ResponseFuture<Int>](), scheduler: scheduler)
            .success { log.append("\($0.count)") }
            .send()
        scheduler.runAll()
        #expect(log.events == ["0"])
    }

    @Test func fanOutFirstFailureCancelsTheRest() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let futures = (0..<3).map { _ in ResponseFuture<Int>(scheduler: scheduler) { _ in } }
        let joined = ResponseFuture(joining: futures)
        joined.error { log.append("error \(($0 as? TestError)?.name ?? "?")") }.send()
        futures[0].succeed(with: 0)
        futures[1].fail(with: TestError("one"))
        #expect(futures[2].isCancelled)
        #expect(!futures[0].isCancelled)
        scheduler.runAll()
        #expect(log.events == ["error one"])

        let others = (0..<2).map { _ in ResponseFuture<Int>(scheduler: scheduler) { _ in } }
        let cancelled = ResponseFuture(joining: others)
        cancelled.send()
        cancelled.cancel()
        #expect(others.allSatisfy { $0.isCancelled })
    }
}

extension Result {
    /// The `TestError` name of a failure, or "success".
    var failureName: String {
        if case .failure(let error) = self { return (error as? TestError)?.name ?? "?" }
        return "success"
    }
}
