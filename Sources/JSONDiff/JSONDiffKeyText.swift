import JSONTree

/// A key value as text that is equal exactly when the values are (for the kinds keys have):
/// strings decoded, numbers as normalized decimals (`7`, `7.0` and `70e-1` agree), the rest as
/// written. Each kind has its own prefix, so the string "1" and the number 1 differ.
enum JSONDiffKeyText {
    static func text(_ document: JSONDocument, _ node: JSONNode) -> String {
        switch document.kind(node) {
        case .string: return "s" + (document.string(node) ?? "")
        case .number:
            guard let decimal = JSONDecimal(document.bytes[document.byteRange(node)]) else {
                return "n" + document.rawText(node)
            }
            if decimal.isZero { return "n0" }
            var digits = decimal.isNegative ? "n-" : "n"
            for index in decimal.first..<decimal.end where decimal.text[index] != UInt8(ascii: ".") {
                digits.unicodeScalars.append(Unicode.Scalar(decimal.text[index]))
            }
            return digits + "e\(decimal.exponent)"
        default:
            return "j" + document.rawText(node)
        }
    }
}
