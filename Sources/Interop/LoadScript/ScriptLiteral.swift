import Foundation
import Workspace

/// String literals for generated Python and JavaScript: every scalar outside printable ASCII is
/// escaped, so a request name or header holding quotes, backslashes, line breaks, U+2028/U+2029,
/// bidi controls or `</script>` cannot end the literal, the line or the script, and the file is
/// plain ASCII.
enum ScriptLiteral {
    /// A double-quoted Python string literal.
    static func python(_ text: String) -> String {
        "\"" + escaped(text, wide: { String(format: "\\U%08x", $0) }) + "\""
    }

    /// A double-quoted JavaScript string literal (`</` as `\u003c/`, for `</script>`).
    static func javaScript(_ text: String) -> String {
        "\""
            + escaped(
                text, lessThan: true,
                wide: { value in
                    let high = 0xD800 + ((value - 0x10000) >> 10)
                    let low = 0xDC00 + ((value - 0x10000) & 0x3FF)
                    return String(format: "\\u%04x\\u%04x", high, low)
                }) + "\""
    }

    /// Python `json.loads("…")` / JavaScript `JSON.parse("…")` of a JSON value's compact text:
    /// any JSON value as an expression, through the string escaping above.
    static func pythonJSON(_ value: StoredJSON) -> String { "json.loads(\(python(value.compact())))" }
    static func javaScriptJSON(_ value: StoredJSON) -> String { "JSON.parse(\(javaScript(value.compact())))" }

    private static func escaped(_ text: String, lessThan: Bool = false, wide: (UInt32) -> String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": output += "\\\\"
            case "\"": output += "\\\""
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "/" where lessThan && output.hasSuffix("<"):
                output.removeLast()
                output += "\\u003c/"
            case " "..."~": output.unicodeScalars.append(scalar)
            default:
                output += scalar.value > 0xFFFF ? wide(scalar.value) : String(format: "\\u%04x", scalar.value)
            }
        }
        return output
    }
}
