/// A request or response body as kept in history: text (or base64 for binary), cut to a limit
/// and marked when it was cut, with the original size.
package struct HistoryBody: Sendable, Equatable {
    package enum Encoding: String, Sendable {
        case utf8, base64
    }

    package var text: String
    package var encoding: Encoding
    /// The size of the whole body in bytes, before truncation.
    package var size: Int
    package var truncated: Bool

    package init(text: String, encoding: Encoding, size: Int, truncated: Bool) {
        self.text = text
        self.encoding = encoding
        self.size = size
        self.truncated = truncated
    }

    /// Keeps at most `limit` bytes of `bytes` (cut at a character boundary for text), redacted.
    package init(bytes: [UInt8], limit: Int, redactor: Redactor) {
        size = bytes.count
        if let text = String(validating: bytes, as: UTF8.self) {
            let redacted = Array(redactor.redact(text).utf8)
            var end = min(redacted.count, limit)
            while end > 0, end < redacted.count, redacted[end] & 0xC0 == 0x80 { end -= 1 }
            self.text = String(decoding: redacted[0..<end], as: UTF8.self)
            encoding = .utf8
            truncated = end < redacted.count
        } else {
            let kept = Array(bytes.prefix(limit))
            text = Base64.encode(kept)
            encoding = .base64
            truncated = kept.count < bytes.count
        }
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("text", text)
        object.add("encoding", encoding == .utf8 ? nil : encoding.rawValue)
        object.add("size", size)
        object.add("truncated", truncated ? true : nil)
        return object.json
    }

    init?(stored: StoredJSON?) {
        guard let stored, let text = stored["text"]?.stringValue else { return nil }
        self.text = text
        encoding = stored["encoding"]?.stringValue.flatMap(Encoding.init(rawValue:)) ?? .utf8
        if case .number(let size)? = stored["size"] {
            self.size = Int(size) ?? text.utf8.count
        } else {
            size = text.utf8.count
        }
        truncated = stored["truncated"] == .bool(true)
    }
}
