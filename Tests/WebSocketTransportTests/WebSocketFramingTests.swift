import Foundation
import HTTPCore
import LoopbackTesting
import Testing
import WebSocketTransport

/// The Autobahn testsuite's sections 1, 2, 9 and 12 as client cases against the loopback peer:
/// messages of every length the frame header encodes differently echoed back intact (the peer
/// fails an unmasked client frame with 1002, so an echo also proves the masking), pongs that carry
/// their ping's payload, a fresh masking key per frame, and compressed messages of growing size.
@Suite struct WebSocketFramingTests {
    let server: LoopbackServer

    init() throws {
        server = try LoopbackServer.shared()
    }

    private func connect(_ path: String) async throws -> any WebSocketSession {
        try await server.webSocket(path)
    }

    /// Sends `messages`, collects as many received ones, then closes cleanly.
    private func echoes(of messages: [WebSocketMessage], on path: String) async throws -> [WebSocketMessage] {
        let session = try await connect(path)
        var iterator = session.events.makeAsyncIterator()
        for message in messages { session.send(message) }
        var received: [WebSocketMessage] = []
        while received.count < messages.count, let event = await iterator.next() {
            switch event {
            case .received(let message): received.append(message)
            case .closed(let close): Issue.record("closed before every echo came: \(close)")
            default: continue
            }
            if case .closed = event { break }
        }
        session.close(code: 1000, reason: "")
        while let event = await iterator.next() { if case .closed = event { break } }
        return received
    }

    /// Text of exactly `size` UTF-8 bytes with one-, two- and three-byte characters, so that
    /// characters straddle the eight-byte words the payload is masked in.
    static func text(bytes size: Int) -> String {
        var text = ""
        var count = 0
        let pieces = ["x", "κ", "✓", "é", "a"]
        var index = 0
        while count < size {
            let piece = pieces[index % pieces.count]
            index += 1
            if count + piece.utf8.count > size { continue }
            text += piece
            count += piece.utf8.count
        }
        return text
    }

    // 1.1 / 1.2 (text and binary, 0 to 64 KiB and past) and 9.1 / 9.2 (1 and 4 MiB).
    @Test(
        .timeLimit(.minutes(1)), arguments: [0, 1, 7, 8, 9, 125, 126, 127, 128, 65_535, 65_536, 1_048_579, 4_194_304])
    func messagesOfEveryLengthComeBackIntact(size: Int) async throws {
        let binary = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let text = Self.text(bytes: size)
        #expect(text.utf8.count == size)
        let received = try await echoes(of: [.text(text), .binary(binary)], on: "/ws/echo")
        // Compared as Bools: a failure prints no megabytes.
        #expect(received.count == 2)
        #expect(received.first == .text(text))
        #expect(received.last == .binary(binary))
    }

    // 2.1, 2.2, 2.4 and 2.10: every ping answered by a pong with its payload, in order.
    @Test(.timeLimit(.minutes(1)), arguments: [0, 1])
    func pongsCarryTheirPingsPayload(chop: Int) async throws {
        let payloads: [[UInt8]] =
            [[], Array("Hello, world!".utf8), [0x00, 0xFF, 0xFE, 0xFD], [UInt8](repeating: 0xFE, count: 125)]
            + (0..<10).map { Array("ping \($0)".utf8) }
        let frames =
            payloads.flatMap { WebSocketConformanceTests.frame(0x9, $0) } + WebSocketConformanceTests.text("done")
        let id = UUID().uuidString
        let hex = frames.map { String(format: "%02x", $0) }.joined()
        let session = try await connect("/ws/raw?id=\(id)&frames=\(hex)&chop=\(chop)")
        var pings = 0
        for await event in session.events {
            if case .ping = event { pings += 1 }
            if case .received(.text("done")) = event { session.close(code: 1000, reason: "") }
        }
        #expect(pings == payloads.count)
        let record = try await WebSocketPeerRecord.read(id, from: server)
        #expect(record.code == 1000)
        #expect(record.frames.filter { $0.opcode == 0xA }.map(\.payload) == payloads)
    }

    // 1.x masking: every client frame is masked, with a key of its own.
    @Test(.timeLimit(.minutes(1)))
    func everyFrameIsMaskedWithAFreshKey() async throws {
        let id = UUID().uuidString
        let session = try await connect("/ws/raw?id=\(id)")
        let texts = (0..<64).map { "message \($0)" }
        for text in texts { session.send(.text(text)) }
        session.close(code: 1000, reason: "")
        for await _ in session.events {}
        let record = try await WebSocketPeerRecord.read(id, from: server)
        let sent = record.frames.filter { $0.opcode == 0x1 }
        #expect(sent.map { String(decoding: $0.payload, as: UTF8.self) } == texts)
        #expect(sent.allSatisfy { $0.key?.count == 4 })
        // 64 random 32-bit keys: a repeat is a one-in-two-million chance; a fixed key repeats 63 times.
        #expect(Set(sent.compactMap(\.key)).count >= 63)
    }

    // 12.x: compressed messages of growing size (permessage-deflate agreed), both ways.
    @Test(.timeLimit(.minutes(1)), arguments: [16, 64, 256, 1_024, 4_096, 65_536, 262_144])
    func compressedMessagesOfGrowingSizeComeBackIntact(size: Int) async throws {
        let line = #"{"id":42,"name":"ünïcode ✓","tags":["a","b"],"n":"#
        var text = ""
        var index = 0
        while text.utf8.count < size {
            text += line + "\(index)}\n"
            index += 1
        }
        let binary = Array(text.utf8.reversed())
        let received = try await echoes(of: [.text(text), .binary(binary)], on: "/ws/deflate")
        #expect(received.count == 2)
        #expect(received.first == .text(text))
        #expect(received.last == .binary(binary))
    }
}

/// What the loopback peer recorded of a `/ws/raw` (or echo) connection: the close code the client
/// sent and, for `/ws/raw`, every frame before it with its masking key.
struct WebSocketPeerRecord {
    struct Frame {
        var opcode: Int
        var payload: [UInt8]
        var key: [UInt8]?
    }

    var code: Int?
    var frames: [Frame]

    static func read(_ id: String, from server: LoopbackServer) async throws -> WebSocketPeerRecord {
        let session = try await server.webSocket("/ws/closes?id=\(id)")
        var text = ""
        for await event in session.events {
            if case .received(.text(let message)) = event { text = message }
        }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let frames = (object["frames"] as? [[String: Any]] ?? []).map { frame in
            Frame(
                opcode: frame["opcode"] as? Int ?? -1, payload: bytes(hex: frame["payload"] as? String ?? ""),
                key: (frame["key"] as? String).map(bytes(hex:)))
        }
        return WebSocketPeerRecord(code: object["code"] as? Int, frames: frames)
    }

    private static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count - 1, by: 2).compactMap {
            UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16)
        }
    }
}

extension LoopbackServer {
    /// A `ws://` connection to the loopback peer's `path` (no tunnel, a minute to connect).
    func webSocket(_ path: String) async throws -> any WebSocketSession {
        let url = try #require(URL(string: "ws://127.0.0.1:\(port)\(path)"))
        return try await NIOWebSocketConnector().connect(WebSocketRequest(url: url, connectTimeout: .seconds(60)))
    }
}
