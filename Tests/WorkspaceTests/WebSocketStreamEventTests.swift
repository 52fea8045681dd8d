import HTTPCore
import Testing
import Workspace

/// How the Stream view lists a WebSocket event: a binary message as its size and first bytes in
/// hex, with the message's own size kept (the list's size column showed the preview's length).
struct WebSocketStreamEventTests {
    @Test func aBinaryMessageKeepsItsSizeBesideItsPreview() {
        let bytes = [UInt8](repeating: 0xAB, count: 100_000)
        for event in [WebSocketEvent.received(.binary(bytes)), .sent(.binary(bytes))] {
            let shown = WebSocketExchange.streamEvent(event, index: 0)
            #expect(shown.data.hasPrefix("100000 bytes ab ab"))
            #expect(shown.data.utf8.count < 300)
            #expect(shown.byteCount == 100_000)
        }
        let text = WebSocketExchange.streamEvent(.received(.text("héllo")), index: 1)
        #expect(text.size == nil)
        #expect(text.byteCount == 6)
    }
}
