import HTTPCore
import Testing

@testable import Explorer

/// A stream's events are coalesced on their way to the program loop: one delivery waits at a
/// time and takes everything gathered, in order (a WebSocket flood once queued a delivery per
/// message, froze the screen and grew by gigabytes).
struct StreamEventInboxTests {
    private func event(_ index: Int) -> StreamEvent {
        StreamEvent(index: index, name: "↓ text", data: "\(index)")
    }

    @Test func oneDeliveryWaitsAtATimeAndTakesEverythingInOrder() {
        let inbox = StreamEventInbox()
        #expect(inbox.add([event(0)]))
        for index in 1..<10_000 { #expect(!inbox.add([event(index)])) }
        let taken = inbox.take()
        #expect(taken.map(\.index) == Array(0..<10_000))
        #expect(inbox.take().isEmpty)
        // Taken: the next event schedules a delivery again.
        #expect(inbox.add([event(10_000), event(10_001)]))
        #expect(inbox.take().map(\.index) == [10_000, 10_001])
    }
}
