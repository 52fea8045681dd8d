import Foundation
import HTTPCore
import LoopbackTesting
import Testing
import WebSocketTransport

/// The NIO WebSocket client against a real peer on loopback (`websocket_peer.py`, hand-written
/// frames): the handshake, echo both ways, fragments joined around a ping, the close handshake
/// both ways, and each protocol violation ending with its close code. Cases follow the Autobahn
/// testsuite's sections (framing, pings, reserved bits and opcodes, fragmentation, UTF-8, close).
@Suite struct WebSocketTransportTests {
    let server: LoopbackServer
    let connector = NIOWebSocketConnector()

    init() throws {
        server = try LoopbackServer.shared()
    }

    private func url(_ path: String) throws -> URL {
        try #require(URL(string: "ws://127.0.0.1:\(server.port)\(path)"))
    }

    private func connect(
        _ path: String, subprotocols: [String] = [], headers: HTTPHeaders = HTTPHeaders(), max: Int? = nil
    )
        async throws -> any WebSocketSession
    {
        var request = WebSocketRequest(
            url: try url(path), headers: headers, subprotocols: subprotocols, connectTimeout: .seconds(60))
        if let max { request.maxMessageBytes = max }
        return try await connector.connect(request)
    }

    /// Every event until `.closed` (which ends the stream).
    private func collect(_ session: any WebSocketSession) async -> [WebSocketEvent] {
        var events: [WebSocketEvent] = []
        for await event in session.events { events.append(event) }
        return events
    }

    /// The close frame the peer got on connection `id` (it waits a moment for it to come).
    private func closeSeenByServer(_ id: String) async throws -> (code: Int?, reason: String) {
        let session = try await connect("/ws/closes?id=\(id)")
        var text = ""
        for await event in session.events {
            if case .received(.text(let message)) = event { text = message }
        }
        let data = Data(text.utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (object["code"] as? Int, object["reason"] as? String ?? "")
    }

    @Test func echoBothWaysWithHeadersSubprotocolAndACleanClose() async throws {
        let id = UUID().uuidString
        let session = try await connect(
            "/ws/echo?id=\(id)", subprotocols: ["chat.v2", "json"],
            headers: HTTPHeaders([("Authorization", "Bearer t")]))
        #expect(session.handshake.status == 101)
        #expect(session.handshake.connectDuration != nil)
        #expect(session.handshake.tlsDuration == nil)
        #expect(session.handshake.subprotocol == "chat.v2")
        session.send(.text("hello?"))
        session.send(.text("héllo ✓"))
        session.send(.binary([0, 1, 2, 255]))
        var received: [WebSocketMessage] = []
        var seen: [WebSocketEvent] = []
        var iterator = session.events.makeAsyncIterator()
        while received.count < 3, let event = await iterator.next() {
            seen.append(event)
            if case .received(let message) = event { received.append(message) }
        }
        guard case .text(let greeting) = received.first else {
            Issue.record("no greeting; events: \(seen)")
            return
        }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(greeting.utf8)) as? [String: Any])
        #expect(object["path"] as? String == "/ws/echo")
        #expect(object["protocol"] as? String == "chat.v2")
        let headers = try #require(object["headers"] as? [[String]])
        #expect(headers.contains(["Authorization", "Bearer t"]))
        #expect(received.dropFirst() == [.text("héllo ✓"), .binary([0, 1, 2, 255])])
        session.close(code: 1000, reason: "done")
        var last: WebSocketEvent?
        while let event = await iterator.next() { last = event }
        #expect(last == .closed(WebSocketClose(code: 1000, reason: "done", initiator: .client)))
        let serverSaw = try await closeSeenByServer(id)
        #expect(serverSaw.code == 1000)
        #expect(serverSaw.reason == "done")
    }

    @Test func fragmentsAroundAPingAreJoinedAndThePingIsAnswered() async throws {
        let session = try await connect("/ws/fragmented")
        let events = await collect(session)
        #expect(
            events == [
                .ping(Array("p?".utf8)), .received(.text("Hello world")), .received(.text("pong: p?")),
                .closed(WebSocketClose(code: 1000, reason: "bye", initiator: .server)),
            ])
    }

    @Test func theServerClosingFirstIsAnsweredWithItsCode() async throws {
        let id = UUID().uuidString
        let session = try await connect("/ws/close?code=4001&reason=gone&id=\(id)")
        let events = await collect(session)
        #expect(events == [.closed(WebSocketClose(code: 4001, reason: "gone", initiator: .server))])
        #expect(try await closeSeenByServer(id).code == 4001)
    }

    @Test func aDroppedConnectionIs1006() async throws {
        let session = try await connect("/ws/drop")
        let events = await collect(session)
        #expect(events == [.closed(WebSocketClose(code: 1006, initiator: .connection))])
        #expect(
            WebSocketClose(code: 1006, initiator: .connection).description
                == "the server closed the connection without a close frame (1006)")
    }

    @Test(arguments: [
        ("bad-utf8", UInt16(1007)), ("masked", 1002), ("reserved-opcode", 1002), ("rsv", 1002),
    ])
    func aProtocolViolationClosesWithItsCode(_ name: String, _ code: UInt16) async throws {
        let id = UUID().uuidString
        let session = try await connect("/ws/\(name)?id=\(id)")
        let events = await collect(session)
        guard case .closed(let close) = events.last else {
            Issue.record("no close: \(events)")
            return
        }
        #expect(close.code == code)
        #expect(close.initiator == .connection)
        #expect(!events.contains { if case .received = $0 { true } else { false } })
        // The server got a close frame with that code.
        #expect(try await closeSeenByServer(id).code == Int(code))
    }

    @Test func aMessageOverTheCapCloses1009AndOneUnderItArrivesWhole() async throws {
        let small = try await connect("/ws/big?size=200000", max: 300_000)
        small.close()
        let smallEvents = await collect(small)
        let whole = smallEvents.contains(.received(.text(String(repeating: "a", count: 200_000))))
        #expect(whole, "\(smallEvents.count) events, last \(String(describing: smallEvents.last))")
        let big = try await connect("/ws/big?size=200000", max: 100_000)
        let events = await collect(big)
        guard case .closed(let close) = events.last else {
            Issue.record("no close: \(events)")
            return
        }
        #expect(close.code == 1009)
    }

    @Test func handshakeFailuresAreTranslated() async throws {
        await #expect {
            try await connect("/ws/refuse?status=401")
        } throws: { error in
            let error = error as? TransportError
            return error?.code == 401
                && error?.message == "the upgrade was answered 401 Unauthorized: no token, no socket"
        }
        await #expect {
            try await connect("/ws/bad-accept")
        } throws: { error in
            (error as? TransportError)?.message.contains("Sec-WebSocket-Accept does not match") == true
        }
        let refused = WebSocketRequest(url: URL(string: "ws://127.0.0.1:\(try closedPort())/")!)
        await #expect {
            try await connector.connect(refused)
        } throws: { error in
            (error as? TransportError)?.reason == .connectionRefused
        }
        let secure = WebSocketRequest(url: URL(string: "wss://127.0.0.1:\(server.port)/ws/echo")!)
        await #expect {
            try await connector.connect(secure)
        } throws: { error in
            (error as? TransportError)?.message == "wss:// needs a TLS tunnel, which this connector was not given"
        }
        let silent = WebSocketRequest(
            url: URL(string: "ws://127.0.0.1:\(server.port)/silent?seconds=5")!, connectTimeout: .milliseconds(300))
        await #expect {
            try await connector.connect(silent)
        } throws: { error in
            (error as? TransportError)?.reason == .connectTimeout
        }
    }

    /// A consumer on the connection's own event loop (`preferredExecutor`, as `lazer send` and the
    /// explorer consume): 200 echoes one after another, each sent from there, all come back.
    @Test(.timeLimit(.minutes(1))) func aConsumerOnTheConnectionsExecutorGetsEveryEcho() async throws {
        let session = try await connect("/ws/echo?id=\(UUID().uuidString)")
        let executor = try #require(session.preferredExecutor)
        let echoes = await withTaskExecutorPreference(executor) {
            var events = session.events.makeAsyncIterator()
            var echoes: [WebSocketMessage] = []
            // The peer answers the first message with what it saw, then echoes; each answer here
            // sends the next message.
            session.send(.text("m0"))
            while echoes.count < 201, let event = await events.next() {
                guard case .received(let message) = event else { continue }
                echoes.append(message)
                if echoes.count < 201 { session.send(.text("m\(echoes.count)")) }
            }
            session.close()
            return echoes
        }
        #expect(Array(echoes.dropFirst()) == (1...200).map { WebSocketMessage.text("m\($0)") })
    }
}
