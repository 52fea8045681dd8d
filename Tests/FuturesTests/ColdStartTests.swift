import Futures
import FuturesTesting
import Testing

@Suite struct ColdStartTests {
    @Test func nothingRunsBeforeSend() {
        let runs = Counter()
        let future = ResponseFuture<Int>(scheduler: ManualScheduler()) { _ in runs.increment() }
        #expect(runs.value == 0)
        #expect(!future.isStarted)
        future.send()
        #expect(runs.value == 1)
        #expect(future.isStarted)
    }

    @Test func sendAndStartTwiceRunTheActionOnce() {
        let runs = Counter()
        let future = ResponseFuture<Int>(scheduler: ManualScheduler()) { _ in runs.increment() }
        future.send()
        future.send()
        future.start()
        #expect(runs.value == 1)
    }

    @Test func startAloneRunsTheAction() {
        let runs = Counter()
        ResponseFuture<Int>(scheduler: ManualScheduler()) { _ in runs.increment() }.start()
        #expect(runs.value == 1)
    }

    @Test func transformsAreColdToo() {
        let runs = Counter()
        let scheduler = ManualScheduler()
        let source = ResponseFuture<Int>(scheduler: scheduler) { future in
            runs.increment()
            future.succeed(with: 1)
        }
        let chain = source.then { $0 + 1 }.replace { ResponseFuture<Int>(scheduler: scheduler, result: .success($0)) }
        scheduler.runAll()
        #expect(runs.value == 0)
        #expect(!source.isStarted)
        chain.send()
        scheduler.runAll()
        #expect(runs.value == 1)
        #expect(chain.isCompleted)
    }

    @Test func sendingACancelledFutureDoesNotRunIt() {
        let runs = Counter()
        let future = ResponseFuture<Int>(scheduler: ManualScheduler()) { _ in runs.increment() }
        future.cancel()
        future.send()
        #expect(runs.value == 0)
        #expect(future.isCancelled)
    }
}
