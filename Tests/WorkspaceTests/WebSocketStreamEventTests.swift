import Foundation
import HTTPCore
import Synchronization
import Testing
import Workspace

/// How the Stream view lists a WebSocket event: a binary message as its size and first 1 KiB in
/// hex, with the message's own size kept (the list's size column showed the preview's length).
struct WebSocketStreamEventTests {
    @Test func aBinaryMessageKeepsItsSizeBesideItsPreview() {
        let bytes = [UInt8](repeating: 0xAB, count: 100_000)
        for event in [WebSocketEvent.received(.binary(bytes)), .sent(.binary(bytes))] {
            let shown = WebSocketExchange.streamEvent(event, index: 0)
            #expect(shown.data.hasPrefix("100000 bytes ab ab"))
            // The hex of the first 1 KiB (the detail's hex dump), not of the whole message.
            #expect(shown.data.utf8.count == "100000 bytes ".utf8.count + 1024 * 3 - 1 + " …".utf8.count)
            #expect(shown.byteCount == 100_000)
        }
        let text = WebSocketExchange.streamEvent(.received(.text("héllo")), index: 1)
        #expect(text.size == nil)
        #expect(text.byteCount == 6)
    }

    @Test("the Timeline's progress of a conversation says its rate since the connection opened")
    func progressCarriesTheRate() throws {
        let now = Mutex<Duration>(.zero)
        let log = ExchangeEventLog()
        let url = try #require(URL(string: "ws://h/chat"))
        let events = WebSocketExchangeEvents(observer: log, url: url, clock: { now.withLock { $0 } })
        now.withLock { $0 = .seconds(3) }
        var last: Duration?
        events.received(bytes: 2_000, opened: .seconds(1), last: &last)
        guard case .bodyProgress(let progress)? = log.events.last?.kind else {
            Issue.record("no progress in \(log.names)")
            return
        }
        #expect(progress.bytes == 2_000)
        #expect(progress.bytesPerSecond == 1_000)
    }
}
