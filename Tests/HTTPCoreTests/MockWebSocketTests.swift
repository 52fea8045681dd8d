import Foundation
import HTTPCore
import HTTPCoreTesting
import Testing

/// WebSocket routes in the in-process mock (issue 25): the script's first matching reply answers
/// (a substring, a JSON subset, any), unmatched messages are echoed only when asked, delays run on
/// the dispatcher's clock, a reply's close ends the conversation as a server close, and a route
/// without a script refuses the upgrade in the words the NIO transport uses.
@Suite struct MockWebSocketTests {
    static let script = MockWebSocketScript(
        replies: [
            .init(match: .json(.object(["op": .string("sub")])), messages: [.init(.text(#"{"ok":true}"#))]),
            .init(
                match: .substring("ping"),
                messages: [.init(.text("pong")), .init(.text("late"), delay: .milliseconds(200))]),
            .init(match: .substring("bye"), messages: [.init(.text("see you"))], close: 4000),
        ], echo: false)

    @Test func theFirstMatchingReplyAnswers() {
        let script = Self.script
        #expect(
            script.reply(to: .text(#"{"op":"sub","topic":"a"}"#))?.messages.first?.message == .text(#"{"ok":true}"#))
        #expect(script.reply(to: .text("say ping please"))?.messages.count == 2)
        // JSON that is not a subset, text that is not JSON, binary: none of them matches these replies.
        #expect(script.reply(to: .text(#"{"op":"unsub"}"#)) == nil)
        #expect(script.reply(to: .text("{op")) == nil)
        #expect(script.reply(to: .binary([1, 2])) == nil)
        var echoing = script
        echoing.echo = true
        #expect(echoing.reply(to: .binary([1, 2]))?.messages == [.init(.binary([1, 2]))])
        #expect(MockWebSocketScript.echo.reply(to: .text("x"))?.messages == [.init(.text("x"))])
    }

    /// The next `count` events (fewer when the connection ends first), from one iterator.
    private func collect(_ events: inout AsyncStream<WebSocketEvent>.Iterator, count: Int) async -> [WebSocketEvent] {
        var collected: [WebSocketEvent] = []
        while collected.count < count, let event = await events.next() { collected.append(event) }
        return collected
    }

    @Test func theMockDispatcherPlaysTheRouteOverAConnection() async throws {
        let clock = ManualClock()
        let mock = MockDispatcher(delays: clock)
        // A recorded agreement to an extension is not replayed: a mock speaks none (a client told
        // permessage-deflate was agreed would send frames the mock cannot read).
        var answer = MockResponse(
            status: StatusCode(426),
            headers: [
                "X-Room": "7", "Content-Type": "text/plain", "Sec-WebSocket-Extensions": "permessage-deflate",
            ])
        answer.webSocket = Self.script
        try mock.register(.get, "/chat", responses: answer)
        let url = try #require(URL(string: "ws://mock.test/chat"))
        let session = try await mock.connect(WebSocketRequest(url: url, subprotocols: ["chat.v2", "json"]))
        #expect(session.handshake.status == 101)
        #expect(session.handshake.subprotocol == "chat.v2")
        #expect(session.handshake.headers["X-Room"] == "7")
        #expect(session.handshake.headers["Content-Type"] == nil)
        #expect(session.handshake.headers["Sec-WebSocket-Extensions"] == nil)
        #expect(mock.recordedRequests.first?.request.headers["Upgrade"] == "websocket")
        var events = session.events.makeAsyncIterator()
        session.send(.text("ping"))
        session.send(.text("nothing matches"))
        // The late reply waits for the clock.
        let first = await collect(&events, count: 3)
        #expect(first == [.sent(.text("ping")), .received(.text("pong")), .sent(.text("nothing matches"))])
        _ = clock.advance(by: .milliseconds(200))
        session.send(.text("bye"))
        let rest = await collect(&events, count: 4)
        #expect(
            rest == [
                .received(.text("late")), .sent(.text("bye")), .received(.text("see you")),
                .closed(WebSocketClose(code: 4000, initiator: .server)),
            ])
        // Closed: nothing more is sent or listed.
        session.send(.text("ping"))
        session.close()
        #expect(await collect(&events, count: 1).isEmpty)
    }

    @Test func aRouteWithoutAScriptRefusesTheUpgrade() async throws {
        let mock = MockDispatcher()
        try mock.register(.get, "/plain", responses: .text("not a socket", status: StatusCode(403)))
        let plain = try #require(URL(string: "ws://mock.test/plain"))
        await #expect(throws: TransportError.self) {
            _ = try await mock.connect(WebSocketRequest(url: plain))
        }
        do {
            _ = try await mock.connect(WebSocketRequest(url: plain))
        } catch {
            #expect(error.message == "the upgrade was answered 403 Forbidden: not a socket")
            #expect(error.code == 403)
        }
        let none = try #require(URL(string: "ws://mock.test/none"))
        do {
            _ = try await mock.connect(WebSocketRequest(url: none))
        } catch {
            #expect(error.message.hasPrefix("the upgrade was answered 404 Not Found: "))
        }
    }

    @Test func aClientCloseEndsTheEvents() async throws {
        let mock = MockDispatcher()
        var answer = MockResponse(status: StatusCode(426))
        answer.webSocket = .echo
        try mock.register(.get, "/echo", responses: answer)
        let session = try await mock.connect(WebSocketRequest(url: try #require(URL(string: "ws://m.test/echo"))))
        var events = session.events.makeAsyncIterator()
        session.send(.binary([0, 255]))
        session.close(code: 1001, reason: "going")
        #expect(
            await collect(&events, count: 10) == [
                .sent(.binary([0, 255])), .received(.binary([0, 255])),
                .closed(WebSocketClose(code: 1001, reason: "going", initiator: .client)),
            ])
    }
}
