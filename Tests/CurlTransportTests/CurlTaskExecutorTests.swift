import CurlTransport
import Foundation
import Futures
import HTTPCore
import LoopbackTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Thread identities seen by a test, kept behind a lock.
private final class ThreadLog: @unchecked Sendable {
    private let lock = NSLock()
    private var threads: [pthread_t] = []

    func add(_ thread: pthread_t) { lock.withLock { threads.append(thread) } }
    var all: [pthread_t] { lock.withLock { threads } }
}

@Suite("CurlDispatcher.taskExecutor: a sequential task lives on the network thread")
struct CurlTaskExecutorTests {
    @Test("a task preferring the executor sends requests one after another and resumes on the network thread each time")
    func sequentialRequestsStayOnTheNetworkThread() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        defer { dispatcher.shutdown() }
        let url = server.url("/echo")
        // Where completions run (the immediate scheduler: the network thread), and where the task ran.
        let network = ThreadLog()
        let task = ThreadLog()
        let statuses = await Task(executorPreference: dispatcher.taskExecutor) {
            var statuses: [Int] = []
            for _ in 0..<50 {
                task.add(pthread_self())
                let future = dispatcher.dataFuture(from: DispatcherSupport.request(url))
                    .completion { network.add(pthread_self()) }
                let result = await future.fetchResult()
                task.add(pthread_self())
                statuses.append((try? result.get())?.statusCode.rawValue ?? 0)
            }
            return statuses
        }.value
        #expect(statuses == Array(repeating: 200, count: 50))
        let networkThread = try #require(network.all.first)
        #expect(network.all.allSatisfy { pthread_equal($0, networkThread) != 0 })
        #expect(task.all.count == 100)
        #expect(task.all.allSatisfy { pthread_equal($0, networkThread) != 0 })
    }

    @Test("a task still preferring the executor after shutdown runs elsewhere and its requests fail, not hang")
    func afterShutdown() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        let executor = dispatcher.taskExecutor
        dispatcher.shutdown()
        let outcome = await Task(executorPreference: executor) {
            let result = await dispatcher.dataFuture(from: DispatcherSupport.request(server.url("/echo"))).fetchResult()
            return result
        }.value
        guard case .failure(let error) = outcome else {
            Issue.record("a request after shutdown answered")
            return
        }
        #expect(error is TransportError)
    }
}
