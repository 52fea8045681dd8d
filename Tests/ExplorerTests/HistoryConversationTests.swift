import Foundation
import HTTPCore
import Testing
import Workspace

@testable import Explorer

/// A WebSocket conversation opened from history (issue 25): every row as it was listed live —
/// both directions, steps, the close — with its time; a binary message as its size and hex again.
@Suite struct HistoryConversationTests {
    @Test func theConversationComesBackRowByRow() {
        var bytes: [UInt8] = []
        let rows = [
            WebSocketTranscript.Entry(offset: .milliseconds(5), row: "↑ text", data: #"{"op":"login"}"#),
            WebSocketTranscript.Entry(offset: .milliseconds(5), row: "✓ step", data: "step 1 ↑ login: sent"),
            WebSocketTranscript.Entry(
                offset: .milliseconds(305), row: "↓ text", data: #"{"type":"welcome"}"#, received: true),
            WebSocketTranscript.Entry(
                offset: .milliseconds(400), row: "↓ binary", data: "3q2+7w==", received: true, base64: true),
            WebSocketTranscript.Entry(offset: .milliseconds(900), row: "close", data: "this client closed (1000)"),
        ]
        for row in rows { WebSocketTranscript.appendEntry(row, to: &bytes) }
        let events = HistoryStream.conversation(bytes)
        #expect(events.map(\.name) == ["↑ text", "✓ step", "↓ text", "↓ binary", "close"])
        #expect(events.map(\.index) == [0, 1, 2, 3, 4])
        #expect(events[2].offset == .milliseconds(305))
        #expect(events[3].data == "4 bytes de ad be ef")
        #expect(events[3].byteCount == 4)
        #expect(events[4].data == "this client closed (1000)")
    }
}
