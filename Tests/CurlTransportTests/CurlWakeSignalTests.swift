import Foundation
import Testing

@testable import CurlTransport

@Suite("CurlWakeSignal: what wakes the network thread")
struct CurlWakeSignalTests {
    /// Whether `descriptor` is readable right now (a zero-timeout poll, as `curl_multi_poll` sees it).
    private func isReadable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLIN) != 0
    }

    @Test("a wake-up stays pending until consumed, however many were sent")
    func wakeAndConsume() throws {
        let signal = CurlWakeSignal()
        try #require(signal.descriptor >= 0)
        #expect(!isReadable(signal.descriptor))
        signal.wake()
        signal.wake()
        #expect(isReadable(signal.descriptor))
        signal.consume()
        #expect(!isReadable(signal.descriptor))
    }
}
