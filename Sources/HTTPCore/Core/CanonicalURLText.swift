/// Recognises URL text that ``URLSerializer`` would return unchanged, in one pass over its bytes.
///
/// Every request goes through the serializer, and nearly every URL is already in its output form
/// (lower-case `http`/`https`, a plain host, nothing to percent-encode, no fragment): for those the
/// slow path's splitting, encoding and re-joining is pure cost. Anything unusual answers `false` and
/// takes the slow path, which stays the one place the rules live.
enum CanonicalURLText {
    /// Whether `text` is `http://` or `https://`, a non-empty authority without user info, spaces or a
    /// leading `:`, then only literal path and query characters and valid `%XX` escapes (no `#`).
    static func isCanonical(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isCanonical($0) }
    }

    private static func isCanonical(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index: Int
        if hasPrefix(bytes, "http://") {
            index = 7
        } else if hasPrefix(bytes, "https://") {
            index = 8
        } else {
            return false
        }
        let authorityStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: "?") {
            guard isAuthorityByte(bytes[index]) else { return false }
            index += 1
        }
        guard index > authorityStart, bytes[authorityStart] != UInt8(ascii: ":") else { return false }
        // Path and query: `?` (the query's start, or literal inside it) and path characters stay as they are.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else { return false }
                index += 3
                continue
            }
            guard byte == UInt8(ascii: "?") || PercentEncoding.isPathCharacter(byte) else { return false }
            index += 1
        }
        return true
    }

    private static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        guard bytes.count >= prefix.utf8CodeUnitCount else { return false }
        let start = prefix.utf8Start
        for offset in 0..<prefix.utf8CodeUnitCount where bytes[offset] != start[offset] {
            return false
        }
        return true
    }

    /// Host names, IPv4/IPv6 literals and ports; `@` (user info) and anything needing care go the slow way.
    private static func isAuthorityByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ":"),
            UInt8(ascii: "["), UInt8(ascii: "]"):
            return true
        default:
            return false
        }
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            return true
        default:
            return false
        }
    }
}
