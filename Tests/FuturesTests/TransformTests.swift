import Dispatch
import Futures
import FuturesTesting
import Testing

@Suite struct TransformTests {
    @Test func thenAndMapTransformTheValue() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        ResponseFuture<Int>(scheduler: scheduler, result: .success(20))
            .then { $0 + 1 }
            .map(String.self) { "value \($0 * 2)" }
            .success { log.append($0) }
            .send()
        scheduler.runAll()
        #expect(log.events == ["value 42"])
    }

    @Test func thenRunsTheTransformOnTheGivenScheduler() {
        let main = ManualScheduler()
        let worker = ManualScheduler()
        let log = EventLog()
        let source = ResponseFuture<Int>(scheduler: main)
        source.then(on: worker) { value -> Int in
            log.append("transform")
            return value * 3
        }
        .success { log.append("success \($0)") }
        .send()
        source.succeed(with: 2)
        main.runAll()
        #expect(log.events.isEmpty)
        #expect(worker.pendingCount == 1)
        worker.runAll()
        #expect(log.events == ["transform"])
        main.runAll()
        #expect(log.events == ["transform", "success 6"])
    }

    @Test func thenOnADispatchQueue() async throws {
        let queue = DispatchQueue(label: "decode")
        let future = ResponseFuture<Int>(scheduler: .immediate, result: .success(5))
            .then(on: queue) { value -> String in
                dispatchPrecondition(condition: .onQueue(queue))
                return "\(value)"
            }
        #expect(try await future.value == "5")
    }

    @Test func aThrowInThenLandsInError() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        ResponseFuture<Int>(scheduler: scheduler, result: .success(1))
            .then { _ -> Int in throw TestError("parse") }
            .then { $0 + 1 }
            .success { _ in log.append("success") }
            .error { log.append("error \(($0 as? TestError)?.name ?? "?")") }
            .completion { log.append("completion") }
            .send()
        scheduler.runAll()
        #expect(log.events == ["error parse", "completion"])
    }

    @Test func failurePassesThroughTransforms() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let transforms = Counter()
        ResponseFuture<Int>(scheduler: scheduler, result: .failure(TestError("dns")))
            .then { value -> Int in
                transforms.increment()
                return value
            }
            .replace { ResponseFuture<Int>(scheduler: scheduler, result: .success($0)) }
            .error { log.append("error \(($0 as? TestError)?.name ?? "?")") }
            .send()
        scheduler.runAll()
        #expect(transforms.value == 0)
        #expect(log.events == ["error dns"])
    }

    @Test func replaceContinuesWithAnotherFuture() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let inner = ResponseFuture<String>(scheduler: scheduler)
        ResponseFuture<Int>(scheduler: scheduler, result: .success(3))
            .replace { value -> ResponseFuture<String>? in
                log.append("replace \(value)")
                return inner
            }
            .success { log.append("success \($0)") }
            .send()
        scheduler.runAll()
        #expect(log.events == ["replace 3"])
        #expect(inner.isStarted)
        inner.succeed(with: "done")
        scheduler.runAll()
        #expect(log.events == ["replace 3", "success done"])
    }

    @Test func replaceReturningNilCancels() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        ResponseFuture<Int>(scheduler: scheduler, result: .success(3))
            .replace(String.self) { _ in nil }
            .success { _ in log.append("success") }
            .cancellation { log.append("cancellation") }
            .completion { log.append("completion") }
            .send()
        scheduler.runAll()
        #expect(log.events == ["cancellation", "completion"])
    }

    @Test func aThrowInReplaceLandsInError() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        ResponseFuture<Int>(scheduler: scheduler, result: .success(3))
            .replace(String.self) { _ in throw TestError("no") }
            .error { log.append("error \(($0 as? TestError)?.name ?? "?")") }
            .send()
        scheduler.runAll()
        #expect(log.events == ["error no"])
    }

    @Test func cancellingAChainCancelsTheSourceTransfer() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let source = ResponseFuture<Int>(scheduler: scheduler) { future in
            future.onCancel { log.append("transfer stopped") }
        }
        let chain = source.then { $0 + 1 }.map { $0 * 2 }
        chain.cancellation { log.append("chain cancelled") }
        source.cancellation { log.append("source cancelled") }
        chain.send()
        chain.cancel()
        #expect(log.events == ["transfer stopped"])
        #expect(source.isCancelled)
        scheduler.runAll()
        #expect(log.events == ["transfer stopped", "source cancelled", "chain cancelled"])
    }

    @Test func cancellingAReplaceCancelsTheInnerFuture() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let inner = ResponseFuture<Int>(scheduler: scheduler) { future in
            future.onCancel { log.append("inner stopped") }
        }
        let chain = ResponseFuture<Int>(scheduler: scheduler, result: .success(1)).replace { _ in inner }
        chain.send()
        scheduler.runAll()
        #expect(inner.isStarted)
        chain.cancel()
        #expect(inner.isCancelled)
        #expect(log.events == ["inner stopped"])
    }

    @Test func sourceCancellationReachesTheEndOfTheChain() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let source = ResponseFuture<Int>(scheduler: scheduler) { _ in }
        source.then { $0 }.replace { ResponseFuture<Int>(scheduler: scheduler, result: .success($0)) }
            .cancellation { log.append("cancelled") }
            .send()
        source.cancel()
        scheduler.runAll()
        #expect(log.events == ["cancelled"])
    }

    @Test func cancelledWhileTheTransformIsQueuedSkipsIt() {
        let scheduler = ManualScheduler()
        let transforms = Counter()
        let source = ResponseFuture<Int>(scheduler: scheduler)
        let chain = source.then { value -> Int in
            transforms.increment()
            return value
        }
        chain.send()
        source.succeed(with: 1)
        chain.cancel()
        scheduler.runAll()
        #expect(transforms.value == 0)
        #expect(chain.isCancelled)
        #expect(!source.isCancelled)
    }

    @Test func progressIsForwardedDownTheChain() {
        let scheduler = ManualScheduler()
        let log = EventLog()
        let inner = ResponseFuture<Int>(scheduler: scheduler)
        let source = ResponseFuture<Int>(scheduler: scheduler)
        source.then { $0 }.replace { _ in inner }
            .updated { log.append("progress \($0.bytesReceived)") }
            .send()
        source.update(with: TransferProgress(bytesReceived: 1))
        source.succeed(with: 1)
        scheduler.runAll()
        inner.update(with: TransferProgress(bytesReceived: 2))
        inner.succeed(with: 1)
        scheduler.runAll()
        #expect(log.events == ["progress 1", "progress 2"])
    }
}
