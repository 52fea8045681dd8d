import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import Synchronization
import TUI
import Testing

/// A WebSocket request in the explorer (issue 25), on an in-memory echo peer: Send connects and
/// sends the saved messages, the Stream view lists them ↑ and their echoes ↓ (the newest as JSON),
/// Esc closes the connection cleanly and the response is the upgrade's 101, at 120×40 and 80×24.
@MainActor
struct WebSocketExplorerTests {
    nonisolated static let variants = [
        ScreenVariant(width: 120, height: 40, theme: .defaultDark),
        ScreenVariant(width: 80, height: 24, theme: .defaultDark),
    ]

    static let collection = FixtureFile.text(
        "sockets.json",
        """
        {
          "formatVersion": 1,
          "id": "sockets-0000-4000-8000-000000000001",
          "name": "Sockets",
          "defaultEnvironment": "dev",
          "environments": [{ "name": "dev", "kind": "live", "baseURL": "http://ws.test" }],
          "requests": [
            { "id": "chat", "name": "Chat", "url": "/chat", "websocket": { "messages": [
              { "name": "hello", "text": "hello" },
              { "name": "join", "json": { "op": "join", "room": 7 } }
            ] } }
          ]
        }
        """)

    /// Waits (real time, bounded at 60 s for a busy machine) until the echo peer's task, which
    /// runs in real time, has brought the explorer's state to `done`; then moves virtual time on
    /// by one tick, since while a send is in flight a stream's events are drawn at the next tick.
    private func waitUntil(_ harness: ExplorerHarness, _ done: (ExplorerState) -> Bool) async {
        for _ in 0..<6_000 where !done(harness.state) {
            try? await Task.sleep(for: .milliseconds(10))
            harness.settle()
        }
        harness.advance(by: ExplorerProgram.tickInterval)
    }

    @Test(arguments: variants) func sendOpensTheConnectionAndEscClosesIt(_ variant: ScreenVariant) async throws {
        let peer = EchoConnector()
        let harness = try ExplorerHarness(
            collections: [Self.collection], size: Size(width: variant.width, height: variant.height),
            theme: variant.theme, startup: StartupRequest(request: "chat"), webSockets: peer)
        harness.press("F5")
        await waitUntil(harness) { $0.exchange?.stream?.total == 4 }
        #expect(harness.shows("4 events"))
        #expect(harness.shows("↑ text  hello"))
        #expect(harness.shows(#"↓ text  {"op":"join","room":7}"#))
        #expect(harness.shows("● streaming"))
        #expect(peer.requests.first?.url.absoluteString == "ws://ws.test/chat")
        harness.assertScreen(named: "websocket-live-\(variant)")
        harness.press("Escape")
        await waitUntil(harness) { $0.exchange?.inFlight == nil }
        #expect(harness.shows("stopped"))
        #expect(harness.shows("101 Switching Protocols"))
        #expect(peer.closes == [1000])
        harness.assertScreen(named: "websocket-closed-\(variant)")
    }

    @Test func theTimelineHasTheConnectionTheUpgradeAndTheMessages() async throws {
        let harness = try ExplorerHarness(
            collections: [Self.collection], startup: StartupRequest(request: "chat"), webSockets: EchoConnector())
        harness.press("F5")
        await waitUntil(harness) { $0.exchange?.stream?.total == 4 }
        harness.press("Escape")
        await waitUntil(harness) { $0.exchange?.inFlight == nil }
        let events = try #require(harness.state.exchange?.result?.trace?.timeline.events)
        let names = events.map(\.kind.name)
        #expect(Array(names.prefix(3)) == ["queued", "connected", "head"])
        #expect(names.contains("body"))
        #expect(names.last == "completed")
        guard case .responseHead(let head)? = events.first(where: { $0.kind.name == "head" })?.kind else {
            Issue.record("no upgrade answer in \(names)")
            return
        }
        #expect(head.status.rawValue == 101)
        // The conversation's messages each way, as it ended (the Timeline's "messages" line).
        let messages = harness.state.exchange?.result?.trace?.bodyProgress?.messages
        #expect(messages == ExchangeEvent.MessageCounts(received: 2, sent: 2))
        #expect(messages?.description == "2 ↓ · 2 ↑")
        harness.press("g", "3", "]", "]", "]")
        #expect(harness.shows("upgrade    101 Switching Protocols"))
        #expect(harness.shows("messages   2 ↓ · 2 ↑"))
        #expect(harness.shows("close      1000"))
        guard case .queued(let queued)? = events.first?.kind else { return }
        #expect(queued.url.absoluteString == "ws://ws.test/chat")
    }
}

/// An in-memory WebSocket peer that echoes every message and answers a close.
final class EchoConnector: WebSocketConnecting, Sendable {
    private let state = Mutex<(requests: [WebSocketRequest], closes: [UInt16])>(([], []))

    var requests: [WebSocketRequest] { state.withLock { $0.requests } }
    var closes: [UInt16] { state.withLock { $0.closes } }

    func connect(_ request: WebSocketRequest) async throws(TransportError) -> any WebSocketSession {
        state.withLock { $0.requests.append(request) }
        return EchoSession { code in self.state.withLock { $0.closes.append(code) } }
    }
}

final class EchoSession: WebSocketSession {
    let handshake = WebSocketHandshake(status: 101, headers: HTTPHeaders([("Upgrade", "websocket")]), subprotocol: nil)
    let events: AsyncStream<WebSocketEvent>
    private let continuation: AsyncStream<WebSocketEvent>.Continuation
    private let onClose: @Sendable (UInt16) -> Void

    init(onClose: @escaping @Sendable (UInt16) -> Void) {
        (events, continuation) = AsyncStream.makeStream()
        self.onClose = onClose
    }

    func send(_ message: WebSocketMessage) {
        continuation.yield(.sent(message))
        continuation.yield(.received(message))
    }

    func close(code: UInt16, reason: String) {
        onClose(code)
        continuation.yield(.closed(WebSocketClose(code: code, reason: reason, initiator: .client)))
        continuation.finish()
    }
}

/// A WebSocket request in a mock environment, in process (issue 25): no transport is given, the
/// environment's route answers the upgrade and plays its script (a JSON subset reply, an echo of
/// what nothing matches).
@MainActor
struct WebSocketMockExplorerTests {
    static let collection = FixtureFile.text(
        "mocked.json",
        """
        {
          "formatVersion": 1,
          "id": "sockets-0000-4000-8000-000000000002",
          "name": "Mocked sockets",
          "defaultEnvironment": "mock",
          "environments": [{ "name": "mock", "kind": "mock", "baseURL": "http://mock.test", "routes": [
            { "method": "GET", "path": "/chat", "response": { "websocket": { "echo": true, "replies": [
              { "match": { "op": "join" }, "json": { "joined": 7 } }
            ] } } }
          ] }],
          "requests": [
            { "id": "chat", "name": "Chat", "url": "/chat", "websocket": { "messages": [
              { "name": "hello", "text": "hello" },
              { "name": "join", "json": { "op": "join", "room": 7 } }
            ] } }
          ]
        }
        """)

    @Test func theMockEnvironmentAnswersInProcess() async throws {
        let harness = try ExplorerHarness(
            collections: [Self.collection], size: Size(width: 120, height: 40), theme: .defaultDark,
            startup: StartupRequest(request: "chat"))
        harness.press("F5")
        for _ in 0..<6_000 where harness.state.exchange?.stream?.total != 4 {
            try? await Task.sleep(for: .milliseconds(10))
            harness.settle()
        }
        harness.advance(by: ExplorerProgram.tickInterval)
        #expect(harness.state.exchange?.stream?.total == 4)
        #expect(harness.shows("↑ text  hello"))
        #expect(harness.shows("↓ text  hello"))
        #expect(harness.shows(#"↓ text  {"joined":7}"#))
        harness.press("Escape")
        for _ in 0..<6_000 where harness.state.exchange?.inFlight != nil {
            try? await Task.sleep(for: .milliseconds(10))
            harness.settle()
        }
        harness.advance(by: ExplorerProgram.tickInterval)
        #expect(harness.shows("101 Switching Protocols"))
    }
}

/// A connection the server cuts after messages came (1006, no close frame): the error card's
/// title and explanation sit above the messages that arrived — the card alone hid them for good —
/// the list still moves, and `t` opens the whole card.
@MainActor
struct DroppedStreamExplorerTests {
    @Test func theMessagesThatCameStayAboveTheCard() async throws {
        let harness = try ExplorerHarness(
            collections: [WebSocketExplorerTests.collection], startup: StartupRequest(request: "chat"),
            webSockets: DroppingConnector())
        harness.press("F5")
        for _ in 0..<6_000 where harness.state.exchange?.inFlight != nil || harness.state.exchange?.result == nil {
            try? await Task.sleep(for: .milliseconds(10))
            harness.settle()
        }
        harness.advance(by: ExplorerProgram.tickInterval)
        #expect(harness.state.exchange?.result?.response == nil)
        #expect(harness.shows("✖ Connection dropped"), "\(harness.screen)")
        #expect(harness.shows("t the whole card"))
        #expect(harness.shows(#"↓ text  {"n":1}"#), "\(harness.screen)")
        #expect(harness.shows(#"↓ text  {"n":2}"#))
        #expect(harness.shows("3 events · ended by an error"), "\(harness.screen)")
        // The list is the stream's: moving up selects an earlier message and shows its data.
        harness.press("g", "3")
        harness.press("k", "k")
        #expect(harness.state.response.streamSelected == 0)
        #expect(harness.shows("─ event 1"), "\(harness.screen)")
        harness.press("t")
        #expect(harness.shows("▾ Details"), "\(harness.screen)")
        #expect(!harness.shows(#"{"n":2}"#))
    }
}

/// A server that sends two messages, then cuts the connection without a close frame.
final class DroppingConnector: WebSocketConnecting, Sendable {
    func connect(_ request: WebSocketRequest) async throws(TransportError) -> any WebSocketSession {
        DroppingSession()
    }
}

final class DroppingSession: WebSocketSession {
    let handshake = WebSocketHandshake(status: 101, headers: HTTPHeaders([("Upgrade", "websocket")]), subprotocol: nil)
    let events: AsyncStream<WebSocketEvent>

    init() {
        let (events, continuation) = AsyncStream<WebSocketEvent>.makeStream()
        self.events = events
        continuation.yield(.received(.text(#"{"n":1}"#)))
        continuation.yield(.received(.text(#"{"n":2}"#)))
        continuation.yield(.closed(WebSocketClose(code: 1006, initiator: .connection)))
        continuation.finish()
    }

    func send(_ message: WebSocketMessage) {}
    func close(code: UInt16, reason: String) {}
}
