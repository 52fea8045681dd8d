import Foundation
import HTTPCore
import LoopbackTesting
import Testing
import WebSocketTransport

/// Client conformance cases modelled on the Autobahn testsuite's sections 2–7 (pings and pongs,
/// reserved bits, opcodes, fragmentation, UTF-8, close handling): the loopback peer's `/ws/raw`
/// writes each case's frames byte for byte — all at once, and again a byte per write (Autobahn's
/// "chopped" cases: every frame arrives in pieces) — and the test checks what the client delivered,
/// how the connection ended and the close code the peer read on the wire. Framing sizes, pong
/// payloads, masking and limits are in `WebSocketFramingTests`.
@Suite struct WebSocketConformanceTests {
    enum Outcome: Sendable {
        /// These messages arrive; the test then closes with 1000.
        case delivers([WebSocketMessage])
        /// The client fails the connection with this code (after delivering `after`).
        case fails(UInt16, after: [WebSocketMessage] = [])
        /// The server's close (with this code, nil for none) is answered with the same code.
        case echoesClose(UInt16?)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var frames: [UInt8]
        var outcome: Outcome
        var testDescription: String { name }

        init(_ name: String, _ frames: [[UInt8]], _ outcome: Outcome) {
            self.name = name
            self.frames = frames.flatMap { $0 }
            self.outcome = outcome
        }
    }

    /// One unmasked server frame; `rsv` is RSV1–3 as the bits 4, 2, 1.
    static func frame(_ opcode: UInt8, _ payload: [UInt8] = [], fin: Bool = true, rsv: UInt8 = 0) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | (rsv << 4) | opcode]
        if payload.count < 126 {
            bytes.append(UInt8(payload.count))
        } else if payload.count < 65_536 {
            bytes += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            bytes.append(127)
            bytes += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        return bytes + payload
    }

    static func text(_ text: String, fin: Bool = true) -> [UInt8] { frame(0x1, Array(text.utf8), fin: fin) }

    static func close(_ code: UInt16?, _ reason: [UInt8] = []) -> [UInt8] {
        frame(0x8, (code.map { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } ?? []) + reason)
    }

    /// "κόσμε" (Autobahn's UTF-8 sample), cut inside its second character.
    static let kosme: [UInt8] = [0xCE, 0xBA, 0xE1, 0xBD, 0xB9, 0xCF, 0x83, 0xCE, 0xBC, 0xCE, 0xB5]

    static let cases: [Case] =
        [
            // 2: pings and pongs
            Case(
                "2.3 a ping with binary data is answered", [frame(0x9, [0, 255, 1]), text("after")],
                .delivers([.text("after")])),
            Case(
                "2.4 a ping of 125 bytes is answered", [frame(0x9, Array(repeating: 7, count: 125)), text("after")],
                .delivers([.text("after")])),
            Case("2.5 a ping of 126 bytes fails", [frame(0x9, Array(repeating: 7, count: 126))], .fails(1002)),
            Case(
                "2.6 an unsolicited pong is ignored", [frame(0xA, Array("x".utf8)), text("after")],
                .delivers([.text("after")])),
            // 3: reserved bits (no extension agreed with this peer)
            Case(
                "3.2 RSV2 after a good message", [text("ok"), frame(0x1, Array("x".utf8), rsv: 2)],
                .fails(1002, after: [.text("ok")])),
            Case("3.3 RSV3 on a binary message", [frame(0x2, [1], rsv: 1)], .fails(1002)),
            Case("3.7 all reserved bits on a ping", [frame(0x9, [1], rsv: 7)], .fails(1002)),
            // 4: reserved opcodes
            Case("4.1.1 data opcode 3", [frame(0x3)], .fails(1002)),
            Case(
                "4.1.5 data opcode 7 after a good message", [text("ok"), frame(0x7, [1])],
                .fails(1002, after: [.text("ok")])),
            Case("4.2.1 control opcode 11", [frame(0xB)], .fails(1002)),
            Case("4.2.5 control opcode 15", [frame(0xF, [1])], .fails(1002)),
            // 5: fragmentation
            Case("5.1 a fragmented ping", [frame(0x9, [1], fin: false), frame(0x0, [2])], .fails(1002)),
            Case(
                "5.3 a text message in two fragments",
                [text("fragment1", fin: false), frame(0x0, Array("fragment2".utf8))],
                .delivers([.text("fragment1fragment2")])),
            Case(
                "5.6 a ping between fragments",
                [text("frag", fin: false), frame(0x9, [1]), frame(0x0, Array("ment".utf8))],
                .delivers([.text("fragment")])),
            Case("5.9 a continuation with nothing to continue", [frame(0x0, Array("x".utf8))], .fails(1002)),
            Case(
                "5.15 a continuation after a finished fragmented message",
                [text("fragment1", fin: false), frame(0x0, Array("fragment2".utf8)), frame(0x0, Array("x".utf8))],
                .fails(1002, after: [.text("fragment1fragment2")])),
            Case(
                "5.19 pings between many fragments",
                [
                    text("f1", fin: false), frame(0x9, Array("p1".utf8)), frame(0x0, Array("f2".utf8), fin: false),
                    frame(0x9, Array("p2".utf8)), frame(0x0, Array("f3".utf8), fin: false),
                    frame(0x9, Array("p3".utf8)), frame(0x0, Array("f4".utf8)),
                ],
                .delivers([.text("f1f2f3f4")])),
            Case("5.18 a second message begun inside the first", [text("a", fin: false), text("b")], .fails(1002)),
            Case(
                "5.20 empty fragments make an empty message",
                [text("", fin: false), frame(0x0, [], fin: false), frame(0x0, [])], .delivers([.text("")])),
            Case(
                "5.x a binary message in three fragments",
                [frame(0x2, [1], fin: false), frame(0x0, [2], fin: false), frame(0x0, [3])],
                .delivers([.binary([1, 2, 3])])),
            // 6: UTF-8
            Case(
                "6.2.3 valid text cut inside a character",
                [frame(0x1, Array(kosme[..<4]), fin: false), frame(0x0, Array(kosme[4...]))],
                .delivers([.text("κόσμε")])),
            Case(
                "6.3.1 invalid UTF-8 in a later fragment", [text("ok", fin: false), frame(0x0, [0xCE, 0xBA, 0xFF])],
                .fails(1007)),
            Case("6.6.1 a character cut at the end of the message", [frame(0x1, [0x61, 0xE2, 0x82])], .fails(1007)),
            Case(
                "6.7.4 the last code point U+10FFFF", [frame(0x1, [0xF4, 0x8F, 0xBF, 0xBF])],
                .delivers([.text("\u{10FFFF}")])),
            Case("6.8.1 beyond U+10FFFF", [frame(0x1, [0xF4, 0x90, 0x80, 0x80])], .fails(1007)),
            Case(
                "6.4.1 invalid UTF-8 in the first fragment fails without waiting for the rest",
                [frame(0x1, [0xCE, 0xBA, 0xFF], fin: false)], .fails(1007)),
            Case("6.5.1 valid multi-byte text", [frame(0x1, kosme)], .delivers([.text("κόσμε")])),
            Case("6.12.1 a lone continuation byte", [frame(0x1, [0x80])], .fails(1007)),
            Case("6.13.1 a start byte followed by a space", [frame(0x1, [0xC0, 0x20])], .fails(1007)),
            Case("6.16.1 the impossible byte FE", [frame(0x1, [0xFE])], .fails(1007)),
            Case("6.16.2 the impossible byte FF", [frame(0x1, [0xFF])], .fails(1007)),
            Case(
                "6.20.1 a surrogate pair written as two code points",
                [frame(0x1, [0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80])], .fails(1007)),
            Case(
                "6.22.1 noncharacters U+FFFE, U+FFFF and U+10FFFF are valid text",
                [frame(0x1, [0xEF, 0xBF, 0xBE, 0xEF, 0xBF, 0xBF, 0xF4, 0x8F, 0xBF, 0xBF])],
                .delivers([.text("\u{FFFE}\u{FFFF}\u{10FFFF}")])),
            Case(
                "6.x invalid UTF-8 cut between two fragments",
                [frame(0x1, [0x61, 0xF4], fin: false), frame(0x0, [0x90, 0x80, 0x80])], .fails(1007)),
            Case("6.10.1 an overlong /", [frame(0x1, [0xC0, 0xAF])], .fails(1007)),
            Case("6.19.1 a lone surrogate", [frame(0x1, [0xED, 0xA0, 0x80])], .fails(1007)),
            // 7: close handling
            Case(
                "7.1.1 a message after the server's close is ignored", [close(1000), text("late")], .echoesClose(1000)),
            Case(
                "7.1.6 a fragmented message cut by a close", [text("half", fin: false), close(1000)], .echoesClose(1000)
            ),
            Case("7.1.2 a second close is ignored", [close(1000), close(1001)], .echoesClose(1000)),
            Case("7.1.3 a ping after the close is ignored", [close(1000), frame(0x9, [1])], .echoesClose(1000)),
            Case("7.3.1 a close without a code", [close(nil)], .echoesClose(nil)),
            Case("7.5.2 a close reason in UTF-8 beyond ASCII", [close(1000, kosme)], .echoesClose(1000)),
            Case("7.3.2 a close of one byte", [frame(0x8, [0x03])], .fails(1002)),
            Case("7.3.3 a close with a reason", [close(1000, Array("bye".utf8))], .echoesClose(1000)),
            Case(
                "7.3.5 a close reason of 123 bytes", [close(1000, Array(repeating: 0x2A, count: 123))],
                .echoesClose(1000)),
            Case("7.3.6 a close payload of 126 bytes", [close(1000, Array(repeating: 0x2A, count: 124))], .fails(1002)),
            Case("7.5.1 a close reason that is not UTF-8", [close(1000, [0xCE, 0xBA, 0xE1, 0xBD])], .fails(1007)),
            Case("7.7.2 close code 1001", [close(1001)], .echoesClose(1001)),
            Case("7.7.10 close code 1011", [close(1011)], .echoesClose(1011)),
            Case("7.7.11 close code 3000", [close(3000)], .echoesClose(3000)),
            Case("7.7.13 close code 4999", [close(4999)], .echoesClose(4999)),
        ]
        + [0, 999, 1004, 1005, 1006, 1015, 1016, 2999, 5000].map {
            Case("7.9 close code \($0) is invalid", [close(UInt16($0))], .fails(1002))
        }

    let server: LoopbackServer

    init() throws {
        server = try LoopbackServer.shared()
    }

    private func connect(_ path: String) async throws -> any WebSocketSession {
        try await server.webSocket(path)
    }

    /// The close code the peer read on connection `id` (nil: a close without a code).
    private func closeSeenByServer(_ id: String) async throws -> Int? {
        try await WebSocketPeerRecord.read(id, from: server).code
    }

    /// Each case with its frames written at once (0) and a byte per write (1).
    @Test(.timeLimit(.minutes(1)), arguments: cases, [0, 1])
    func theClientBehavesAsRFC6455Says(_ test: Case, chop: Int) async throws {
        let id = UUID().uuidString
        let hex = test.frames.map { String(format: "%02x", $0) }.joined()
        let session = try await connect("/ws/raw?id=\(id)&frames=\(hex)&chop=\(chop)")
        var received: [WebSocketMessage] = []
        var end: WebSocketClose?
        for await event in session.events {
            switch event {
            case .received(let message):
                received.append(message)
                if case .delivers(let expected) = test.outcome, received.count == expected.count {
                    session.close(code: 1000, reason: "")
                }
            case .closed(let close): end = close
            default: break
            }
        }
        let close = try #require(end)
        let seen = try await closeSeenByServer(id)
        switch test.outcome {
        case .delivers(let expected):
            #expect(received == expected)
            #expect(close.initiator == .client)
            #expect(seen == 1000)
        case .fails(let code, let after):
            #expect(received == after)
            #expect(close.code == code, "\(close)")
            #expect(close.initiator == .connection)
            #expect(seen == Int(code))
        case .echoesClose(let code):
            #expect(received.isEmpty)
            #expect(close.code == code)
            #expect(close.initiator == .server)
            #expect(seen == code.map(Int.init))
        }
    }
}
