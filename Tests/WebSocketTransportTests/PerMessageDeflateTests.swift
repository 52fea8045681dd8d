import Foundation
import HTTPCore
import LoopbackTesting
import Testing

@testable import WebSocketTransport

/// permessage-deflate (RFC 7692) against the loopback peer's `/ws/deflate`, which compresses with
/// Python's zlib as a server does: the offer, the agreement in the handshake, messages inflated
/// and deflated both ways with and without context takeover, a final block, a message that
/// inflates past the cap (1009), one that does not inflate (1007), and answers that must fail.
@Suite struct PerMessageDeflateTests {
    let server: LoopbackServer
    let connector = NIOWebSocketConnector()

    init() throws {
        server = try LoopbackServer.shared()
    }

    private func connect(_ query: String, headers: HTTPHeaders = HTTPHeaders(), max: Int? = nil)
        async throws -> any WebSocketSession
    {
        let url = try #require(URL(string: "ws://127.0.0.1:\(server.port)/ws/deflate?\(query)"))
        var request = WebSocketRequest(url: url, headers: headers, connectTimeout: .seconds(60))
        if let max { request.maxMessageBytes = max }
        return try await connector.connect(request)
    }

    /// The texts received until `count` have come (or the connection ended), then a clean close.
    private func receive(_ session: any WebSocketSession, count: Int) async -> (texts: [String], end: WebSocketEvent?) {
        var texts: [String] = []
        var iterator = session.events.makeAsyncIterator()
        while texts.count < count, let event = await iterator.next() {
            if case .received(.text(let text)) = event { texts.append(text) }
            if case .closed = event { return (texts, event) }
        }
        session.close(code: 1000, reason: "")
        while let event = await iterator.next() { if case .closed = event { return (texts, event) } }
        return (texts, nil)
    }

    private func stats(_ text: String?) throws -> [String: Any] {
        let data = Data((text ?? "").utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test(arguments: ["", "answer=permessage-deflate;%20server_no_context_takeover;%20client_no_context_takeover"])
    func messagesAreInflatedAndDeflatedBothWays(query: String) async throws {
        let session = try await connect(query)
        let agreed = try #require(session.handshake.extensions)
        #expect(agreed.hasPrefix("permessage-deflate"))
        #expect(session.handshake.headers["Sec-WebSocket-Extensions"] != nil)
        // Large and repetitive (compressed well), twice (the second reuses the window unless reset),
        // short (sent plain), and Unicode.
        let large = String(repeating: #"{"id":1,"name":"ünïcode ✓","tags":["a","b"]}"#, count: 2_000)
        session.send(.text(large))
        session.send(.text(large))
        session.send(.text("hi"))
        session.send(.text("stats?"))
        let (texts, end) = await receive(session, count: 4)
        #expect(texts.count == 4)
        // Compared as a Bool: a failure prints no 90 KB strings.
        #expect(texts.prefix(2).allSatisfy { $0 == large })
        #expect(texts.dropFirst(2).first == "hi")
        let counts = try stats(texts.last)
        // The two large ones went compressed; "hi" and "stats?" are too short to gain anything.
        #expect(counts["compressedIn"] as? Int == 2)
        #expect(counts["plainIn"] as? Int == 2)
        #expect((counts["offer"] as? String)?.hasPrefix("permessage-deflate") == true)
        #expect(end == .closed(WebSocketClose(code: 1000, reason: "", initiator: .client)))
    }

    @Test func aServerWindowCapAndFinalBlocksAreRead() async throws {
        let session = try await connect(
            "answer=permessage-deflate;%20server_max_window_bits=10;%20client_max_window_bits=9&final=1")
        let body = (0..<3_000).map { "line \($0 % 97)\n" }.joined()
        session.send(.text(body))
        session.send(.text(body))
        let (texts, _) = await receive(session, count: 2)
        #expect(texts.count == 2 && texts.allSatisfy { $0 == body })
    }

    @Test func aServerThatDeclinesGetsPlainFrames() async throws {
        let session = try await connect("answer=none")
        #expect(session.handshake.extensions == nil)
        session.send(.text(String(repeating: "x", count: 500)))
        session.send(.text("stats?"))
        let (texts, _) = await receive(session, count: 2)
        #expect(texts.first?.count == 500)
        let counts = try stats(texts.last)
        #expect(counts["compressedIn"] as? Int == 0)
        #expect(counts["plainIn"] as? Int == 2)
    }

    @Test func aMessageThatInflatesPastTheCapCloses1009() async throws {
        // 4 MiB of "a" compresses to a few KiB: the cap is on what it inflates to.
        let session = try await connect("bomb=\(4 << 20)", max: 1 << 20)
        let (texts, end) = await receive(session, count: 1)
        #expect(texts.isEmpty)
        guard case .closed(let close) = end else {
            Issue.record("no close: \(String(describing: end))")
            return
        }
        #expect(close.code == 1009)
        // Under the cap, the same kind of message arrives whole.
        let small = try await connect("bomb=\(512 << 10)", max: 1 << 20)
        let (received, _) = await receive(small, count: 1)
        #expect(received.first?.utf8.count == 512 << 10)
    }

    @Test func aCompressedFrameThatIsNotDeflateCloses1007() async throws {
        let session = try await connect("corrupt=1")
        let (_, end) = await receive(session, count: 1)
        guard case .closed(let close) = end else {
            Issue.record("no close: \(String(describing: end))")
            return
        }
        #expect(close.code == 1007)
        #expect(close.reason.contains("does not inflate"))
    }

    @Test(arguments: [
        ("answer=x-webkit-deflate-frame", "x-webkit-deflate-frame, which was not offered"),
        ("answer=permessage-deflate;%20server_max_window_bits=20", "server_max_window_bits=20"),
        ("answer=permessage-deflate;%20mystery", "unknown parameter mystery"),
        ("answer=permessage-deflate,%20permessage-deflate", "permessage-deflate twice"),
    ])
    func anAnswerThatWasNotOfferedFailsTheConnection(query: String, message: String) async throws {
        do {
            let session = try await connect(query)
            Issue.record("connected with \(String(describing: session.handshake.extensions))")
        } catch let error as TransportError {
            #expect(error.reason == .protocolError)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func aRequestThatTurnsCompressionOffOffersNothingAndSendsPlainFrames() async throws {
        let url = try #require(URL(string: "ws://127.0.0.1:\(server.port)/ws/deflate"))
        var request = WebSocketRequest(url: url, connectTimeout: .seconds(60))
        request.offersCompression = false
        let session = try await connector.connect(request)
        #expect(session.handshake.extensions == nil)
        let long = String(repeating: "plain please ", count: 20)
        session.send(.text(long))
        session.send(.text("stats?"))
        let (texts, _) = await receive(session, count: 2)
        #expect(texts.first == long)
        let counts = try stats(texts.last)
        #expect(counts["offer"] as? String == "")
        #expect(counts["compressedIn"] as? Int == 0)
        #expect(counts["plainIn"] as? Int == 2)
    }

    @Test func theUsersOwnExtensionsHeaderReplacesTheOffer() async throws {
        let session = try await connect(
            "answer=none", headers: HTTPHeaders([("Sec-WebSocket-Extensions", "x-custom")]))
        session.send(.text("stats?"))
        let (texts, _) = await receive(session, count: 1)
        #expect(try stats(texts.first)["offer"] as? String == "x-custom")
        // An offer of permessage-deflate in the user's own header is honoured when agreed.
        let own = try await connect(
            "answer=permessage-deflate;%20client_no_context_takeover",
            headers: HTTPHeaders([("Sec-WebSocket-Extensions", "permessage-deflate; client_no_context_takeover")]))
        #expect(own.handshake.extensions == "permessage-deflate; client_no_context_takeover")
        let long = String(repeating: "compress me ", count: 50)
        own.send(.text(long))
        own.send(.text(long))
        own.send(.text("stats?"))
        let (echoed, _) = await receive(own, count: 3)
        #expect(echoed.prefix(2).allSatisfy { $0 == long })
        let counts = try stats(echoed.last)
        #expect(counts["compressedIn"] as? Int == 2)
        #expect(counts["offer"] as? String == "permessage-deflate; client_no_context_takeover")
    }

    @Test func agreementsAreParsedAsRFC7692Says() throws {
        let plain = try PerMessageDeflate.agreement(in: ["permessage-deflate"], offeredDeflate: true)
        #expect(plain == PerMessageDeflate.Agreement())
        let full = try PerMessageDeflate.agreement(
            in: [
                " permessage-deflate ; server_no_context_takeover;client_max_window_bits=\"10\"; server_max_window_bits=12"
            ],
            offeredDeflate: true)
        #expect(full?.serverNoContextTakeover == true)
        #expect(full?.clientNoContextTakeover == false)
        #expect(full?.clientMaxWindowBits == 10)
        #expect(full?.serverMaxWindowBits == 12)
        #expect(try PerMessageDeflate.agreement(in: [], offeredDeflate: true) == nil)
        #expect(throws: PerMessageDeflate.Refusal.self) {
            try PerMessageDeflate.agreement(in: ["permessage-deflate"], offeredDeflate: false)
        }
        #expect(throws: PerMessageDeflate.Refusal.self) {
            try PerMessageDeflate.agreement(in: ["permessage-deflate; client_max_window_bits=08"], offeredDeflate: true)
        }
        #expect(throws: PerMessageDeflate.Refusal.self) {
            try PerMessageDeflate.agreement(
                in: ["permessage-deflate; server_no_context_takeover=1"], offeredDeflate: true)
        }
    }
}
