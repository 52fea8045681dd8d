/// The `application/x-www-form-urlencoded` serializer (WHATWG URL §5): spaces become `+`, everything
/// but `*-._` and ASCII alphanumerics is percent-encoded as UTF-8.
public enum FormURLEncoding {
    /// Encodes the fields in order as `a=1&b=2`.
    public static func encode(_ fields: [FormField]) -> String {
        fields.map { "\(encode(component: $0.name))=\(encode(component: $0.value))" }.joined(separator: "&")
    }

    /// Encodes one name or value.
    public static func encode(component: String) -> String {
        var output = ""
        for byte in component.utf8 {
            switch byte {
            case UInt8(ascii: " "):
                output.append("+")
            case UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "A")...UInt8(ascii: "Z"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                output.append(PercentEncoding.escape(byte))
            }
        }
        return output
    }
}
