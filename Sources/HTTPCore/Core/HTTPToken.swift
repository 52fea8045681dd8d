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
        text.utf8.withContiguousStorageIfAvailable(isValidFieldValue)
            ?? Array(text.utf8).withUnsafeBufferPointer(isValidFieldValue)
    }

    /// No control character but tab, no DEL: every byte looked at without a branch, so the loop
    /// runs many bytes a step (an `Authorization` value is hundreds of bytes).
    private static func isValidFieldValue(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var invalid: UInt8 = 0
        for byte in bytes {
            let control: UInt8 = byte < 0x20 ? 1 : 0
            let tab: UInt8 = byte == 0x09 ? 1 : 0
            let delete: UInt8 = byte == 0x7F ? 1 : 0
            invalid |= (control & ~tab) | delete
        }
        return invalid == 0
    }
}
