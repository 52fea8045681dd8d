import Dispatch
import Foundation
import Futures
import HTTPCore
import Synchronization
import Testing

/// Concurrency checks for the mock's shared route table (also run under ThreadSanitizer by
/// `make test-tsan`, which filters on "Stress"). Counters are `Atomic`, which ThreadSanitizer
/// understands (see docs/futures.md on `Mutex`).
@Suite("MockDispatcher Stress")
struct MockDispatcherStressTests {
    @Test("requests sent from many threads are each answered once; a consumable sequence is never served twice")
    func concurrentSends() throws {
        let count = 400
        let mock = MockDispatcher(scheduler: ImmediateScheduler())
        let tickets = (0..<count).map { MockResponse.text("\($0)") }
        mock.register(try MockRoute(.get, "/ticket", responses: tickets, persistence: .consumable, name: "tickets"))
        try mock.register(.get, "/ping", responses: .text("pong"))
        let answered = Atomic(0)
        let ticketCount = Atomic(0)
        let ticketSum = Atomic(0)
        let ticketSquares = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: count * 2) { index in
            let path = index.isMultiple(of: 2) ? "/ticket" : "/ping"
            mock.dataFuture(from: HTTPRequest(path: path, serverProvider: nil))
                .success { response in
                    guard response.statusCode == .ok else { return }
                    answered.add(1, ordering: .relaxed)
                    if path == "/ticket", let ticket = Int((try? response.decodeString()) ?? "") {
                        ticketCount.add(1, ordering: .relaxed)
                        ticketSum.add(ticket, ordering: .relaxed)
                        ticketSquares.add(ticket * ticket, ordering: .relaxed)
                    }
                }
                .send()
        }
        #expect(answered.load(ordering: .relaxed) == count * 2)
        // Every ticket 0..<count served exactly once: the count, sum and sum of squares all match.
        #expect(ticketCount.load(ordering: .relaxed) == count)
        #expect(ticketSum.load(ordering: .relaxed) == (0..<count).reduce(0, +))
        #expect(ticketSquares.load(ordering: .relaxed) == (0..<count).reduce(0) { $0 + $1 * $1 })
        #expect(mock.recordedRequests.count == count * 2)
        #expect(mock.routes.map(\.description) == ["GET /ping"])
    }

    @Test("routes replaced while requests are answered: each answer comes whole from the old or the new routes")
    func replaceWhileAnswering() throws {
        let table = MockRouteTable([try MockRoute(.get, "/v", responses: [.text("old")], name: "old")])
        let newRoutes = [
            try MockRoute(
                .get, "/v", responses: [.text("new-1"), .text("new-2")], persistence: .consumable, name: "new"),
            try MockRoute(.get, "/v", responses: [.text("fallback")], name: "fallback"),
        ]
        let unexpected = Atomic(0)
        let newOnes = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 2_000) { index in
            if index == 500 { table.replace(with: newRoutes) }
            let answer = table.answer(HTTPRequest(path: "/v", serverProvider: nil))
            guard case .data(let data) = answer.response.body else {
                unexpected.add(1, ordering: .relaxed)
                return
            }
            switch String(decoding: data, as: UTF8.self) {
            case "old", "fallback": break
            case "new-1", "new-2": newOnes.add(1, ordering: .relaxed)
            default: unexpected.add(1, ordering: .relaxed)
            }
        }
        #expect(unexpected.load(ordering: .relaxed) == 0)
        // The consumable sequence of the new routes answered exactly twice, then fell through.
        #expect(newOnes.load(ordering: .relaxed) == 2)
        #expect(table.routes.map(\.description) == ["GET /v (fallback)"])
    }

    @Test("a long run keeps only the most recent requests recorded, in order (memory stays bounded)")
    func recordingIsBounded() throws {
        let mock = MockDispatcher(scheduler: ImmediateScheduler())
        try mock.register(.get, "/n", responses: .text("ok"))
        let total = MockDispatcher.recordLimit * 2 + 5
        for index in 0..<total {
            mock.dataFuture(
                from: HTTPRequest(
                    path: "/n", serverProvider: nil, queryItems: [URLQueryItem(name: "i", value: "\(index)")])
            )
            .send()
        }
        let recorded = mock.recordedRequests
        #expect(recorded.count == MockDispatcher.recordLimit)
        #expect(recorded.first?.request.queryItems.first?.value == "\(total - MockDispatcher.recordLimit)")
        #expect(recorded.last?.request.queryItems.first?.value == "\(total - 1)")
    }
}
