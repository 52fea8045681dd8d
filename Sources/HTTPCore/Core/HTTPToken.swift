/// The RFC 9110 `token` grammar, shared by method names and header field names.
public enum HTTPToken {
    /// `tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA`
    public static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// Whether `text` is a non-empty token.
    public static func isValid(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isTokenCharacter)
    }

    /// Whether `text` can be a header field value (RFC 9110 §5.5): no control character but a
    /// tab — CR, LF and NUL would split or end the header on the wire, and the other C0 controls
    /// and DEL are not field content either (a server may read them as anything).
    public static func isValidFieldValue(_ text: String) -> Bool {
        // Read in place (every header of every request is checked before it is sent).
        text.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }
        } ?? !text.utf8.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }
    }
}
