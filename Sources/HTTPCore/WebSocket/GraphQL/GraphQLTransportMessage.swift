import Foundation
import TerminalText

/// One message of the `graphql-transport-ws` subprotocol (the `graphql-ws` library's protocol, also
/// Apollo's current one): `{"type": …, "id"?: …, "payload"?: …}` as text. The payload is kept as
/// the JSON text the peer wrote (key order and numbers as sent), so a `next`'s GraphQL response
/// reaches the Stream view and the checks unchanged.
public struct GraphQLTransportMessage: Sendable, Equatable {
    /// `connection_init`, `connection_ack`, `ping`, `pong`, `subscribe`, `next`, `error`, `complete`.
    public var type: String
    public var id: String?
    /// The payload's JSON text, as written.
    public var payload: String?

    /// The subprotocol offered in `Sec-WebSocket-Protocol`.
    public static let subprotocol = "graphql-transport-ws"

    public init(type: String, id: String? = nil, payload: String? = nil) {
        self.type = type
        self.id = id
        self.payload = payload
    }

    /// The message as sent: `{"type":"subscribe","id":"1","payload":{…}}` (`payload` must be JSON).
    public var text: String {
        var text = "{\"type\":" + TerminalText.jsonStringLiteral(type)
        if let id { text += ",\"id\":" + TerminalText.jsonStringLiteral(id) }
        if let payload { text += ",\"payload\":" + payload }
        return text + "}"
    }

    /// Reads a received message; nil when it is not a JSON object with a string `type` (the
    /// protocol closes the connection with 4400 then).
    public init?(parsing text: String) {
        let bytes = Array(text.utf8)
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]),
            let fields = object as? [String: Any], let type = fields["type"] as? String
        else { return nil }
        self.type = type
        self.id = fields["id"] as? String
        var scanner = JSONSpanScanner(bytes: bytes)
        self.payload = fields["payload"] is NSNull ? nil : scanner.topLevelValue(named: "payload")
    }
}

/// Finds a top-level member's value in a JSON object already known to be valid, as the bytes
/// written: no parse tree, so the value keeps its key order and number text.
private struct JSONSpanScanner {
    let bytes: [UInt8]
    var position = 0

    mutating func topLevelValue(named name: String) -> String? {
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "{") else { return nil }
        position += 1
        var found: String?
        while position < bytes.count {
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return found }
            let keyStart = position
            skipValue()
            let key = try? JSONSerialization.jsonObject(
                with: Data(bytes[keyStart..<position]), options: [.fragmentsAllowed])
            skipSpace()
            position += 1  // ':'
            skipSpace()
            let valueStart = position
            skipValue()
            // The last of repeated keys wins, as JSONSerialization reads them.
            if key as? String == name { found = String(decoding: bytes[valueStart..<position], as: UTF8.self) }
            skipSpace()
            position += 1  // ',' or '}'
        }
        return found
    }

    private mutating func skipSpace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    /// Past one value: a string, an object or array (nested, strings inside skipped whole), or a
    /// literal or number.
    private mutating func skipValue() {
        guard position < bytes.count else { return }
        switch bytes[position] {
        case UInt8(ascii: "\""):
            position += 1
            while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
            }
            position += 1
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            repeat {
                switch bytes[position] {
                case UInt8(ascii: "\""):
                    skipValue()
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                default: break
                }
                position += 1
            } while depth > 0 && position < bytes.count
        default:
            while position < bytes.count,
                ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D].contains(
                    bytes[position])
            {
                position += 1
            }
        }
    }
}
