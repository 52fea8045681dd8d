import Foundation
import Futures
import HTTPCore
import JSONTree
import Synchronization
import Testing
import Workspace

/// A WebSocket conversation's transcript (its response body) stays in memory while small and moves
/// to a temporary file past its limit, with the same bytes, so an hour-long conversation does not
/// hold every message it received (issue 25).
struct WebSocketTranscriptWriterTests {
    let messages: [WebSocketMessage] = (0..<200).map { index in
        index % 10 == 9 ? .binary(Array(repeating: UInt8(index), count: 40)) : .text(#"{"n": \#(index)}"#)
    }

    @Test func aSmallTranscriptStaysInMemory() throws {
        let writer = WebSocketTranscriptWriter()
        for message in messages { writer.append(message) }
        let body = writer.finish()
        #expect(body.fileURL == nil)
        #expect(Array(try body.data()) == WebSocketTranscript.body(messages))
    }

    @Test func pastItsLimitTheTranscriptIsAFileWithTheSameBytes() throws {
        let writer = WebSocketTranscriptWriter(memoryLimit: 500)
        for message in messages { writer.append(message) }
        let body = writer.finish()
        let file = try #require(body.fileURL)
        defer { try? FileManager.default.removeItem(at: file) }
        // Named like a transport's spill: the explorer removes it once history has read it.
        #expect(ResponseBody.isTransportSpill(file))
        let expected = WebSocketTranscript.body(messages)
        #expect(body.byteCount == Int64(expected.count))
        #expect(Array(try body.data()) == expected)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
    }

    @Test func whereNoFileCanBeMadeTheTranscriptStaysWholeInMemory() throws {
        let writer = WebSocketTranscriptWriter(memoryLimit: 100, folder: URL(fileURLWithPath: "/nonexistent/lazer"))
        for message in messages { writer.append(message) }
        let body = writer.finish()
        #expect(body.fileURL == nil)
        #expect(Array(try body.data()) == WebSocketTranscript.body(messages))
    }

    @Test func aTranscriptNeverFinishedLeavesNoFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("transcript-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var writer: WebSocketTranscriptWriter? = WebSocketTranscriptWriter(memoryLimit: 100, folder: folder)
        for message in messages { writer?.append(message) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1)
        writer = nil
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// The conversation's response, as the explorer's send chain gets it: a peer that sends more
    /// than a MiB gives a file body holding every row (each message whole, marked received, and
    /// the close), whose received messages are the events checks read, in order.
    @Test(.timeLimit(.minutes(1))) func aLongConversationsResponseBodyIsAFile() async throws {
        let big = String(repeating: "x", count: 10_000)
        let sent = (0..<150).map { WebSocketMessage.text(#"{"n": \#($0), "pad": "\#(big)"}"#) }
        let request = WebSocketRequest(url: try #require(URL(string: "ws://peer.test/feed")))
        let future = WebSocketExchange.future(
            connector: ScriptedConnector(messages: sent), request: request,
            sent: HTTPRequest(url: request.url), outgoing: [], stream: ResponseStream { _ in },
            scheduler: ImmediateScheduler(), clock: { .zero }, onEvents: { _ in })
        let response = try await future.value
        let file = try #require(response.body.fileURL)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(response.statusCode.rawValue == 101)
        #expect(response.headers["Content-Type"] == WebSocketTranscript.conversationType)
        let entries = WebSocketTranscript.entries(in: JSONBytes(Array(try response.body.data())))
        #expect(entries.count == 151)
        #expect(entries.filter(\.received).map { WebSocketMessage.text($0.data) } == sent)
        #expect(entries.last?.row == "close")
        let facts = ResponseFacts(
            status: 101, headers: response.headers, body: Array(try response.body.data()), document: nil,
            duration: .zero)
        let events = ExpectationCheck(
            Expectation(subject: .eventCount, op: .equals, value: .integer(150)), against: facts)
        #expect(events.passed, "\(events.actual)")
    }

    @Test func aConversationKeepsEveryRowAndEscapesWhatJSONMust() {
        var bytes: [UInt8] = []
        let rows = [
            WebSocketTranscript.Entry(offset: .milliseconds(1), row: "↑ text", data: "a \"quoted\" \\ line\nnext"),
            WebSocketTranscript.Entry(
                offset: .milliseconds(1234), row: "↓ text", data: "with RS \u{1E} and NUL \u{0} inside",
                received: true),
            WebSocketTranscript.Entry(
                offset: .milliseconds(2000), row: "↓ binary", data: "3q2+7w==", received: true, base64: true),
            WebSocketTranscript.Entry(offset: .milliseconds(2500), row: "close", data: "the server closed (1000)"),
        ]
        for row in rows { WebSocketTranscript.appendEntry(row, to: &bytes) }
        #expect(WebSocketTranscript.entries(in: JSONBytes(bytes)) == rows)
    }
}

/// A peer that sends `messages` once connected, then closes normally.
private struct ScriptedConnector: WebSocketConnecting {
    let messages: [WebSocketMessage]

    func connect(_ request: WebSocketRequest) async throws(TransportError) -> any WebSocketSession {
        ScriptedSession(messages: messages)
    }
}

private final class ScriptedSession: WebSocketSession {
    let handshake = WebSocketHandshake(status: 101, headers: HTTPHeaders([("Upgrade", "websocket")]), subprotocol: nil)
    let events: AsyncStream<WebSocketEvent>

    init(messages: [WebSocketMessage]) {
        let (events, continuation) = AsyncStream<WebSocketEvent>.makeStream()
        self.events = events
        for message in messages { continuation.yield(.received(message)) }
        continuation.yield(.closed(WebSocketClose(code: 1000, reason: "", initiator: .server)))
        continuation.finish()
    }

    func send(_ message: WebSocketMessage) {}
    func close(code: UInt16, reason: String) {}
}
