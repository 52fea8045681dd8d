/// RFC 3986's URI and URI-reference grammars as character checks: a scheme that starts with a
/// letter, no characters outside the unreserved, reserved and `%HH` sets, `[…]` only around an
/// IP literal host.
enum SchemaURIFormat {
    static func isValid(_ text: String, requireScheme: Bool) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        // Scheme.
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
            bytes[0] | 0x20 >= UInt8(ascii: "a"), bytes[0] | 0x20 <= UInt8(ascii: "z"),
            bytes[..<colon].allSatisfy({
                isAlphaNumeric($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
            }),
            !bytes[..<colon].contains(UInt8(ascii: "/"))
        {
            index = colon + 1
        } else if requireScheme {
            return false
        }
        // Authority: brackets only around the host.
        if bytes.count >= index + 2, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
            let start = index + 2
            let end =
                bytes[start...].firstIndex {
                    $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
                } ?? bytes.count
            let authority = bytes[start..<end]
            if let open = authority.firstIndex(of: UInt8(ascii: "[")) {
                guard let close = authority.firstIndex(of: UInt8(ascii: "]")), close > open,
                    SchemaFormat.ipv6(String(decoding: authority[(open + 1)..<close], as: UTF8.self))
                        || authority[open + 1] | 0x20 == UInt8(ascii: "v")
                else { return false }
            } else if authority.contains(UInt8(ascii: "]")) {
                return false
            }
            if let colon = authority.lastIndex(of: UInt8(ascii: ":")),
                !authority[(colon + 1)...].contains(UInt8(ascii: "]")),
                !authority[(colon + 1)...].allSatisfy(SchemaFormat.isDigit)
            {
                return false
            }
            index = start
        }
        var position = index
        var sawFragment = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "%") {
                guard position + 2 < bytes.count, SchemaFormat.isHex(bytes[position + 1]),
                    SchemaFormat.isHex(bytes[position + 2])
                else { return false }
                position += 3
                continue
            }
            if byte == UInt8(ascii: "#") {
                guard !sawFragment else { return false }
                sawFragment = true
            } else if !(isAlphaNumeric(byte) || allowed.contains(byte)) {
                return false
            }
            position += 1
        }
        return true
    }

    private static let allowed = Set("-._~:/?[]@!$&'()*+,;=".utf8)

    private static func isAlphaNumeric(_ byte: UInt8) -> Bool {
        SchemaFormat.isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }
}
