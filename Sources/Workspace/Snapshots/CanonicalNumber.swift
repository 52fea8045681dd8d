import JSONTree

/// One text per numeric value, so a snapshot does not change when a server writes `1.0` for `1`
/// or `1E2` for `100`: the significant digits exactly as sent (never through a `Double`), plain
/// notation for exponents up to 21 places either way, `d.dddE±n` beyond.
enum CanonicalNumber {
    static func text(_ literal: String) -> String {
        let bytes = ArraySlice(Array(literal.utf8))
        guard let decimal = JSONDecimal(bytes) else { return literal }
        if decimal.isZero { return "0" }
        var digits = ""
        for index in decimal.first..<decimal.end where bytes[index] != UInt8(ascii: ".") {
            digits.unicodeScalars.append(Unicode.Scalar(bytes[index]))
        }
        let sign = decimal.isNegative ? "-" : ""
        // The value is 0.d₁d₂…dₙ × 10^exponent.
        let exponent = decimal.exponent
        let count = digits.count
        if exponent > 0, exponent <= 21 {
            if count <= exponent { return sign + digits + String(repeating: "0", count: exponent - count) }
            let point = digits.index(digits.startIndex, offsetBy: exponent)
            return sign + String(digits[..<point]) + "." + String(digits[point...])
        }
        if exponent <= 0, exponent > -21 {
            return sign + "0." + String(repeating: "0", count: -exponent) + digits
        }
        let rest = String(digits.dropFirst())
        let fraction = rest.isEmpty ? "" : "." + rest
        return sign + String(digits.prefix(1)) + fraction + "E" + String(exponent - 1)
    }
}
