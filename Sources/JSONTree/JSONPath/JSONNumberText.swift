/// Exact comparison of two numbers written as JSON number text, for callers outside JSONTree
/// (expectations in collections): `10.50` equals `10.5`, `1E2` equals `100`, and
/// `12345678901234567890` is below `12345678901234567891` — nothing goes through a binary or
/// 38-digit decimal type. See `JSONDecimal`.
package enum JSONNumberText {
    /// -1, 0 or 1 as `left` is below, equal to or above `right`; nil when either is not RFC 8259
    /// number text.
    package static func compare(_ left: String, _ right: String) -> Int? {
        // Two short integers (a status code, a count) compare as machine integers: no buffers made.
        if let leftInteger = smallInteger(left), let rightInteger = smallInteger(right) {
            return leftInteger < rightInteger ? -1 : leftInteger == rightInteger ? 0 : 1
        }
        // Two short decimals (a price, a ratio) compare as integers scaled to the same number of
        // fraction digits: no buffers made either.
        if let leftDecimal = shortDecimal(left), let rightDecimal = shortDecimal(right) {
            var (leftValue, rightValue) = (leftDecimal.digits, rightDecimal.digits)
            var overflow = false
            if leftDecimal.scale < rightDecimal.scale {
                (leftValue, overflow) = leftValue.multipliedReportingOverflow(
                    by: powerOfTen(rightDecimal.scale - leftDecimal.scale))
            } else if rightDecimal.scale < leftDecimal.scale {
                (rightValue, overflow) = rightValue.multipliedReportingOverflow(
                    by: powerOfTen(leftDecimal.scale - rightDecimal.scale))
            }
            if !overflow { return leftValue < rightValue ? -1 : leftValue == rightValue ? 0 : 1 }
        }
        guard let leftValue = JSONDecimal(ArraySlice(left.utf8)), let rightValue = JSONDecimal(ArraySlice(right.utf8))
        else { return nil }
        return JSONDecimal.order(leftValue, rightValue)
    }

    /// `-`? digits (`.` digits)? text with at most 18 digits in all, as its digits read as one
    /// integer and the number of them after the point (`-10.50` is -1050 and 2); nil for any other
    /// text (an exponent, more digits: `JSONDecimal` compares those).
    private static func shortDecimal(_ text: String) -> (digits: Int, scale: Int)? {
        var value = 0
        var digits = 0
        var scale = 0
        var isNegative = false
        var seenPoint = false
        var digitsBeforePoint = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "-"), digits == 0, !isNegative, !seenPoint {
                isNegative = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 18 {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
                if seenPoint { scale += 1 }
            } else if byte == UInt8(ascii: "."), !seenPoint, digits > 0 {
                seenPoint = true
                digitsBeforePoint = digits
            } else {
                return nil
            }
        }
        // Digits before the point, and after it when there is one (`1.` and `.5` are not numbers).
        guard digits > 0, !seenPoint || digits > digitsBeforePoint else { return nil }
        return (isNegative ? -value : value, scale)
    }

    /// 10 to the power `exponent` (0 through 18).
    private static func powerOfTen(_ exponent: Int) -> Int {
        var result = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }

    /// The value of `-`? digits text with at most 18 digits (read exactly as `JSONDecimal` reads
    /// it, leading zeros included), nil for any other text.
    private static func smallInteger(_ text: String) -> Int? {
        var value = 0
        var digits = 0
        var isNegative = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "-"), digits == 0, !isNegative {
                isNegative = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 18 {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            } else {
                return nil
            }
        }
        guard digits > 0 else { return nil }
        return isNegative ? -value : value
    }
}
