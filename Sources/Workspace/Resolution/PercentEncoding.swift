/// Percent-encoding for the parts Workspace builds itself (path parameter values, display URLs).
enum PercentEncoding {
    /// Encodes everything but unreserved characters (a path parameter value becomes one segment).
    static func encodeSegment(_ text: String) -> String {
        encode(text)
    }

    /// Encodes a query name or value (also `&`, `=`, `+` and `#`).
    static func encodeQuery(_ text: String) -> String {
        encode(text)
    }

    /// `A`–`Z`, `a`–`z`, `0`–`9`, `-`, `.`, `_` and `~` (RFC 3986's unreserved characters), by a
    /// range test rather than a set lookup that hashes each byte (this runs for every send).
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// Encodes every byte but the unreserved ones.
    private static func encode(_ text: String) -> String {
        if text.utf8.allSatisfy(isUnreserved) { return text }
        var output = ""
        for byte in text.utf8 {
            if isUnreserved(byte) {
                output.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                output += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return output
    }
}
