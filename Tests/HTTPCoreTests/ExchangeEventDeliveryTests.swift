import Dispatch
import Foundation
import Futures
import HTTPCore
import Synchronization
import Testing

/// An observer that fails the test if it is ever called while already running (for one exchange).
private final class SerialCheck: ExchangeObserver {
    let inside = Atomic<Bool>(false)
    let overlaps = Atomic<Int>(0)
    let terminals = Atomic<Int>(0)
    let count = Atomic<Int>(0)
    let lastOffset = Mutex(Duration.zero)
    let backwards = Atomic<Int>(0)
    let afterTerminal = Atomic<Int>(0)

    func observe(_ event: ExchangeEvent) {
        if inside.exchange(true, ordering: .acquiringAndReleasing) { overlaps.add(1, ordering: .relaxed) }
        count.add(1, ordering: .relaxed)
        if terminals.load(ordering: .relaxed) > 0 { afterTerminal.add(1, ordering: .relaxed) }
        if event.kind.isTerminal { terminals.add(1, ordering: .relaxed) }
        lastOffset.withLock { last in
            if event.offset < last { backwards.add(1, ordering: .relaxed) }
            last = event.offset
        }
        inside.store(false, ordering: .releasing)
    }
}

@Suite("Exchange event delivery")
struct ExchangeEventDeliveryTests {
    @Test(
        "reports from many threads and a cancel race: delivered one at a time, offsets never back, one terminal event")
    func concurrentReports() throws {
        for _ in 0..<50 {
            let check = SerialCheck()
            var request = HTTPRequest(url: URL(fileURLWithPath: "/"))
            request.target = .url(try #require(URL(string: "http://delivery.test/")))
            request.exchangeObserver = check
            let reporters = DispatchGroup()
            let future = DispatchPipeline().future(for: request, scheduler: ImmediateScheduler()) { _, handle in
                for _ in 0..<4 {
                    DispatchQueue.global().async(group: reporters) {
                        for index in 0..<50 {
                            handle.report(.bodyProgress(.init(bytes: Int64(index), expected: nil, bytesPerSecond: nil)))
                        }
                    }
                }
            }
            future.send()
            // The cancel races the reporters; whichever thread is delivering when it comes delivers
            // its event too, so once the group is done everything was delivered.
            DispatchQueue.global().async(group: reporters) { future.cancel() }
            reporters.wait()
            #expect(check.overlaps.load(ordering: .relaxed) == 0)
            #expect(check.backwards.load(ordering: .relaxed) == 0)
            #expect(check.terminals.load(ordering: .relaxed) == 1)
            #expect(check.afterTerminal.load(ordering: .relaxed) == 0)
            #expect(check.count.load(ordering: .relaxed) <= 1 + 200 + 1)
        }
    }
}
