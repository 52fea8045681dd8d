import Dispatch
import Foundation
import Futures
import HTTPCore
import Synchronization
import Testing

/// Concurrency checks for the mock's shared route table (also run under ThreadSanitizer by
/// `make test-tsan`, which filters on "Stress").
@Suite("MockDispatcher Stress")
struct MockDispatcherStressTests {
    @Test("requests sent from many threads are each answered once; a consumable sequence is never served twice")
    func concurrentSends() throws {
        let count = 400
        let mock = MockDispatcher(scheduler: ImmediateScheduler())
        let tickets = (0..<count).map { MockResponse.text("ticket \($0)") }
        mock.register(try MockRoute(.get, "/ticket", responses: tickets, persistence: .consumable, name: "tickets"))
        try mock.register(.get, "/ping", responses: .text("pong"))
        let answers = Mutex<[String]>([])
        let statuses = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: count * 2) { index in
            let path = index.isMultiple(of: 2) ? "/ticket" : "/ping"
            mock.dataFuture(from: HTTPRequest(path: path, serverProvider: nil))
                .success { response in
                    statuses.withLock { $0.append(response.statusCode.rawValue) }
                    if path == "/ticket" {
                        answers.withLock { $0.append((try? response.decodeString()) ?? "") }
                    }
                }
                .send()
        }
        #expect(statuses.withLock { $0.count } == count * 2)
        #expect(statuses.withLock { $0.allSatisfy { $0 == 200 } })
        #expect(Set(answers.withLock { $0 }) == Set((0..<count).map { "ticket \($0)" }))
        #expect(mock.recordedRequests.count == count * 2)
        #expect(mock.routes.map(\.description) == ["GET /ping"])
    }
}
