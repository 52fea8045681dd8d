import Foundation
import HTTPCore

/// Text with `{{placeholders}}` whose literal parts are transformed (encoded) while the
/// placeholders stay as written, so an exported `.http` file keeps its variables.
enum PlaceholderText {
    /// `transform` applied to every run outside `{{…}}`.
    static func mapLiterals(_ text: String, _ transform: (String) -> String) -> String {
        var output = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            output += transform(String(rest[..<open.lowerBound]))
            output += rest[open.lowerBound..<close.upperBound]
            rest = rest[close.upperBound...]
        }
        return output + transform(String(rest))
    }

    /// A form name or value encoded as Lazer sends it (`FormURLEncoding`), placeholders kept.
    static func formEncoded(_ text: String) -> String {
        mapLiterals(text) { FormURLEncoding.encode(component: $0) }
    }

    /// A query name or value percent-encoded (unreserved characters kept), placeholders kept.
    static func queryEncoded(_ text: String) -> String {
        mapLiterals(text, percentEncoded)
    }

    /// Every byte but unreserved ones (letters, digits, `-._~`) as `%XX`.
    static func percentEncoded(_ literal: String) -> String {
        var output = ""
        for byte in literal.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                output += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return output
    }
}
