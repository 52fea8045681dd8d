/// Finds a secret in text however a request or a response carried it: as written,
/// percent-encoded (`%2F` or `%2f`, any character escaped or not: a query, a path segment),
/// form-encoded (`+` for a space), or escaped inside a JSON string (`\"`, `\/`, `\u00e9`, surrogate
/// pairs) — each character of the secret may be written in any of these forms, so no encoder's
/// choice of what to escape matters. Base64 is not decoded here: `Redactor` adds the base64 forms
/// of the secrets as literal needles.
struct SecretMatcher: Sendable {
    /// The secret's UTF-8 bytes.
    let bytes: [UInt8]

    init(_ secret: String) {
        bytes = Array(secret.utf8)
    }

    /// Calls `mark` with each byte a match can start with: the secret's first byte and the starts
    /// of escapes (no array made: a signed send adds a matcher).
    func markStarts(_ mark: (UInt8) -> Void) {
        mark(bytes[0])
        mark(UInt8(ascii: "%"))
        mark(UInt8(ascii: "\\"))
        if bytes[0] == UInt8(ascii: " ") { mark(UInt8(ascii: "+")) }
    }

    /// Whether a match can start with `byte`: the secret's first byte, or the start of an escape.
    func mayStart(with byte: UInt8) -> Bool {
        byte == bytes[0] || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "\\")
            || (byte == UInt8(ascii: "+") && bytes[0] == UInt8(ascii: " "))
    }

    /// The end of the secret's match starting at `start` in `text`, or nil.
    func match(in text: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        literalMatch(in: text, at: start) ?? decodedMatch(in: text, at: start)
    }

    private func literalMatch(in text: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        guard text.count - start >= bytes.count else { return nil }
        for offset in 0..<bytes.count where text[start + offset] != bytes[offset] { return nil }
        return start + bytes.count
    }

    /// Each byte of the secret read from the text literally or through one escape.
    private func decodedMatch(in text: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        var index = start
        var matched = 0
        while matched < bytes.count {
            guard index < text.count else { return nil }
            let byte = text[index]
            let expected = bytes[matched]
            if byte == UInt8(ascii: "%"), index + 2 < text.count,
                let value = Self.hexByte(text[index + 1], text[index + 2]),
                value == expected
            {
                index += 3
                matched += 1
            } else if byte == UInt8(ascii: "+"), expected == UInt8(ascii: " ") {
                index += 1
                matched += 1
            } else if byte == UInt8(ascii: "\\"), let (decoded, length) = Self.jsonEscape(in: text, at: index),
                decoded.count <= bytes.count - matched, bytes[matched..<matched + decoded.count].elementsEqual(decoded)
            {
                index += length
                matched += decoded.count
            } else if byte == expected {
                index += 1
                matched += 1
            } else {
                return nil
            }
        }
        return index
    }

    /// The UTF-8 bytes a JSON escape at `index` (`\n`, `\"`, `\u00e9`, a surrogate pair) stands
    /// for, and its length in the text.
    static func jsonEscape(in text: UnsafeBufferPointer<UInt8>, at index: Int) -> ([UInt8], Int)? {
        guard index + 1 < text.count else { return nil }
        switch text[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return ([text[index + 1]], 2)
        case UInt8(ascii: "n"): return ([0x0A], 2)
        case UInt8(ascii: "r"): return ([0x0D], 2)
        case UInt8(ascii: "t"): return ([0x09], 2)
        case UInt8(ascii: "b"): return ([0x08], 2)
        case UInt8(ascii: "f"): return ([0x0C], 2)
        case UInt8(ascii: "u"):
            guard let unit = hexUnit(in: text, at: index + 2) else { return nil }
            var value = UInt32(unit)
            var length = 6
            if (0xD800..<0xDC00).contains(unit) {
                guard index + 11 < text.count, text[index + 6] == UInt8(ascii: "\\"),
                    text[index + 7] == UInt8(ascii: "u"),
                    let low = hexUnit(in: text, at: index + 8), (0xDC00..<0xE000).contains(low)
                else { return nil }
                value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                length = 12
            }
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return (Array(String(Character(scalar)).utf8), length)
        default:
            return nil
        }
    }

    private static func hexUnit(in text: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt16? {
        guard index + 4 <= text.count else { return nil }
        var value: UInt16 = 0
        for offset in 0..<4 {
            guard let digit = hexDigit(text[index + offset]) else { return nil }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    static func hexByte(_ high: UInt8, _ low: UInt8) -> UInt8? {
        guard let high = hexDigit(high), let low = hexDigit(low) else { return nil }
        return high << 4 | low
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
