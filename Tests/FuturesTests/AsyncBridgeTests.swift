import Futures
import FuturesTesting
import Testing

@Suite struct AsyncBridgeTests {
    @Test func valueSendsAndReturnsTheValue() async throws {
        let runs = Counter()
        let future = ResponseFuture<Int>(scheduler: ManualScheduler()) { future in
            runs.increment()
            future.succeed(with: 11)
        }
        #expect(try await future.value == 11)
        #expect(try await future.value == 11)
        #expect(runs.value == 1)
    }

    @Test func valueThrowsTheFailure() async {
        let future = ResponseFuture<Int>(scheduler: ManualScheduler(), result: .failure(TestError("e")))
        await #expect(throws: TestError("e")) { try await future.value }
    }

    @Test func fetchResultReturnsTheOutcome() async throws {
        let future = ResponseFuture<Int>(scheduler: .immediate, result: .success(2)).then { $0 * 2 }
        #expect(try await future.fetchResult().get() == 4)
        let failing = ResponseFuture<Int>(scheduler: .immediate, result: .failure(TestError("f")))
        await #expect(throws: TestError("f")) { try await failing.fetchResult().get() }
    }

    @Test func cancelledFutureThrowsCancellationError() async {
        let future = ResponseFuture<Int>(scheduler: ManualScheduler()) { _ in }
        future.cancel()
        await #expect(throws: CancellationError.self) { try await future.value }
    }

    @Test func cancellingTheTaskCancelsTheFutureAndItsSource() async {
        let log = EventLog()
        let source = ResponseFuture<Int>(scheduler: ManualScheduler()) { future in
            future.onCancel { log.append("transfer stopped") }
        }
        let chain = source.then { $0 }
        // Sent up front so the transfer is running whether or not the task starts before the cancel.
        chain.send()
        let task = Task { try await chain.value }
        task.cancel()
        let result = await task.result
        #expect(result.isCancellation)
        #expect(chain.isCancelled)
        #expect(source.isCancelled)
        #expect(log.events == ["transfer stopped"])
    }

    @Test func cancellingTheTaskAfterSuccessChangesNothing() async throws {
        let future = ResponseFuture<Int>(scheduler: ManualScheduler(), result: .success(1))
        let task = Task { try await future.value }
        #expect(try await task.value == 1)
        task.cancel()
        #expect(!future.isCancelled)
    }
}
