import Dispatch
import Futures
import Testing

/// Many futures completed, cancelled and observed from many threads at once. Run under
/// ThreadSanitizer by `make test-tsan`; the assertions check the exactly-once rules held.
@Suite struct FutureStressTests {
    static let count = 10_000

    @Test func tenThousandFuturesCompletedAndObservedFromManyThreads() {
        let scheduler = DispatchQueueScheduler(DispatchQueue(label: "stress.observers"))
        let futures = (0..<Self.count).map { _ in ResponseFuture<Int>(scheduler: scheduler) }
        let completions = (0..<Self.count).map { _ in Counter() }
        let successes = Counter()
        let cancellations = Counter()
        let hooks = Counter()
        let done = DispatchGroup()
        for _ in 0..<Self.count { done.enter() }

        // Registration, success, cancellation and progress race on different threads per future.
        DispatchQueue.concurrentPerform(iterations: Self.count * 3) { job in
            let index = job / 3
            let future = futures[index]
            switch job % 3 {
            case 0:
                future.success { _ in successes.increment() }
                    .cancellation { cancellations.increment() }
                    .completion {
                        completions[index].increment()
                        done.leave()
                    }
            case 1:
                future.onCancel { hooks.increment() }
                future.update(with: TransferProgress(bytesReceived: Int64(index)))
                future.succeed(with: index)
            default:
                if index.isMultiple(of: 2) { future.cancel() }
                future.succeed(with: -index)
            }
        }
        done.wait()

        #expect(completions.allSatisfy { $0.value == 1 })
        #expect(successes.value + cancellations.value == Self.count)
        #expect(hooks.value == cancellations.value)
        #expect(futures.allSatisfy { $0.isCompleted })
    }

    @Test func tenThousandChainsAwaitedConcurrently() async throws {
        let scheduler = ImmediateScheduler()
        let producers = DispatchQueue(label: "stress.producers", attributes: .concurrent)
        let total = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<Self.count {
                group.addTask {
                    let source = ResponseFuture<Int>(scheduler: scheduler) { future in
                        producers.async { future.succeed(with: index) }
                    }
                    let other = ResponseFuture<Int>(scheduler: scheduler) { future in
                        producers.async { future.succeed(with: 1) }
                    }
                    let chain = source.then { $0 * 2 }
                        .parallelJoin { other }
                        .replace { pair in ResponseFuture(scheduler: scheduler, result: .success(pair.0 + pair.1)) }
                    return try await chain.value
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(total == (0..<Self.count).reduce(0) { $0 + $1 * 2 + 1 })
    }

    @Test func cancellationRacesCompletionThroughChains() {
        let scheduler = DispatchQueueScheduler(DispatchQueue(label: "stress.chains"))
        let sources = (0..<Self.count).map { _ in ResponseFuture<Int>(scheduler: scheduler) { _ in } }
        let stopped = (0..<Self.count).map { _ in Counter() }
        let completions = (0..<Self.count).map { _ in Counter() }
        let cancelledChains = Counter()
        let succeededChains = Counter()
        let done = DispatchGroup()
        let chains = sources.enumerated().map { index, source in
            source.onCancel { stopped[index].increment() }
            done.enter()
            return source.then { $0 + 1 }
                .replace { ResponseFuture(scheduler: scheduler, result: .success($0)) }
                .cancellation { cancelledChains.increment() }
                .success { _ in succeededChains.increment() }
                .completion {
                    completions[index].increment()
                    done.leave()
                }
        }
        for chain in chains { chain.send() }

        // The producer completes the source while another thread cancels the end of the chain.
        DispatchQueue.concurrentPerform(iterations: Self.count * 2) { job in
            let index = job / 2
            if job.isMultiple(of: 2) {
                sources[index].succeed(with: index)
            } else {
                chains[index].cancel()
            }
        }
        done.wait()

        #expect(completions.allSatisfy { $0.value == 1 })
        // A hook ran exactly for the sources the cancel reached before they succeeded.
        #expect(zip(sources, stopped).allSatisfy { $0.isCancelled == ($1.value == 1) && $1.value <= 1 })
        #expect(succeededChains.value + cancelledChains.value == Self.count)
        #expect(chains.filter { $0.isCancelled }.count == cancelledChains.value)
    }
}
