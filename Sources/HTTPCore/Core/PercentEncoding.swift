/// RFC 3986 percent-encoding over UTF-8 bytes, with the character sets the URL serializer needs.
enum PercentEncoding {
    private static let hexDigits = Array("0123456789ABCDEF")

    /// `%XX` for one byte.
    static func escape(_ byte: UInt8) -> String {
        "%" + String(hexDigits[Int(byte >> 4)]) + String(hexDigits[Int(byte & 0x0F)])
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// `!$&'()*+,;=`.
    static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }

    /// `pchar` plus `/`: what may stay literal in a path.
    static func isPathCharacter(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || isSubDelimiter(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@")
            || byte == UInt8(ascii: "/")
    }

    /// What may stay literal in a query string the user wrote (`a=1&b=2`).
    static func isQueryCharacter(_ byte: UInt8) -> Bool {
        isPathCharacter(byte) || byte == UInt8(ascii: "?")
    }

    /// What may stay literal in one query item name or value: `&`, `=`, `+` and `#` are encoded so a
    /// value can never split into two parameters or turn into a space.
    static func isQueryComponentCharacter(_ byte: UInt8) -> Bool {
        isQueryCharacter(byte) && !"&=+#".utf8.contains(byte)
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

    /// Encodes every byte `allowed` rejects. With `keepingEscapes`, an existing valid `%XX` stays as it is
    /// (so `a%20b` is not double-encoded) while a lone `%` becomes `%25`.
    static func encode(_ text: some StringProtocol, allowed: (UInt8) -> Bool, keepingEscapes: Bool) -> String {
        let bytes = Array(text.utf8)
        var output = ""
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if keepingEscapes, byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                isHex(bytes[index + 1]), isHex(bytes[index + 2])
            {
                output.unicodeScalars.append(contentsOf: bytes[index...index + 2].map { Unicode.Scalar($0) })
                index += 3
                continue
            }
            if allowed(byte) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                output.append(escape(byte))
            }
            index += 1
        }
        return output
    }
}
