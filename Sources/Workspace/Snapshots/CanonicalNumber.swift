import JSONTree

/// One text per numeric value, so a snapshot does not change when a server writes `1.0` for `1`
/// or `1E2` for `100`: the significant digits exactly as sent (never through a `Double`), plain
/// notation for exponents up to 21 places either way, `d.dddE±n` beyond.
enum CanonicalNumber {
    static func text(_ literal: String) -> String {
        var output: [UInt8] = []
        append(ArraySlice(Array(literal.utf8)), to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the canonical text of the number `literal` (its bytes as sent) to `output`; text
    /// that is not a number is appended as it is. Bytes in, bytes out: a body's millions of
    /// numbers make no `String`.
    static func append(_ literal: ArraySlice<UInt8>, to output: inout [UInt8]) {
        // The common case first: a plain integer of up to 21 digits is its own canonical form
        // (JSON allows no leading zeros), but for `-0`.
        if isPlainInteger(literal) {
            if literal.count == 2, literal.first == UInt8(ascii: "-"), literal.last == UInt8(ascii: "0") {
                output.append(UInt8(ascii: "0"))
            } else {
                output.append(contentsOf: literal)
            }
            return
        }
        guard let decimal = JSONDecimal(literal) else {
            output.append(contentsOf: literal)
            return
        }
        if decimal.isZero {
            output.append(UInt8(ascii: "0"))
            return
        }
        if decimal.isNegative { output.append(UInt8(ascii: "-")) }
        var digits: [UInt8] = []
        digits.reserveCapacity(decimal.end - decimal.first)
        for index in decimal.first..<decimal.end where literal[index] != UInt8(ascii: ".") {
            digits.append(literal[index])
        }
        // The value is 0.d₁d₂…dₙ × 10^exponent.
        let exponent = decimal.exponent
        let zero = UInt8(ascii: "0")
        if exponent > 0, exponent <= 21 {
            if digits.count <= exponent {
                output.append(contentsOf: digits)
                output.append(contentsOf: repeatElement(zero, count: exponent - digits.count))
            } else {
                output.append(contentsOf: digits[..<exponent])
                output.append(UInt8(ascii: "."))
                output.append(contentsOf: digits[exponent...])
            }
            return
        }
        if exponent <= 0, exponent > -21 {
            output.append(zero)
            output.append(UInt8(ascii: "."))
            output.append(contentsOf: repeatElement(zero, count: -exponent))
            output.append(contentsOf: digits)
            return
        }
        output.append(digits[0])
        if digits.count > 1 {
            output.append(UInt8(ascii: "."))
            output.append(contentsOf: digits[1...])
        }
        output.append(UInt8(ascii: "E"))
        output.append(contentsOf: String(exponent - 1).utf8)
    }

    /// `-`? then 1 to 21 digits, no leading zero, and nothing else.
    private static func isPlainInteger(_ literal: ArraySlice<UInt8>) -> Bool {
        var digits = literal[...]
        if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 21, digits.count == 1 || digits.first != UInt8(ascii: "0") else {
            return false
        }
        for byte in digits where byte < UInt8(ascii: "0") || byte > UInt8(ascii: "9") { return false }
        return true
    }
}
