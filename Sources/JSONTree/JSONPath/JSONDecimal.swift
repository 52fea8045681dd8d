/// A JSON number's text read as an exact decimal, so filter comparisons never round:
/// `12345678901234567890 < 12345678901234567891`, `0.1 != 0.1000000000000000055511151231257827`,
/// `100 == 1E2 == 100.0`. Nothing is converted to binary floating point.
///
/// The value is ±0.d₁d₂…dₙ × 10^`exponent`, with the significant digits d₁…dₙ (d₁ and dₙ not
/// zero) read in place from `text` between `first` and `end` (a '.' among them is skipped). No
/// digits means zero, whatever the sign. Exponents beyond ±10^18 are clamped there (such numbers
/// are still ordered correctly against every number with a smaller exponent).
package struct JSONDecimal: Comparable, Sendable {
    package static let exponentLimit = 1_000_000_000_000_000_000

    package let text: ArraySlice<UInt8>
    package let isNegative: Bool
    /// Index in `text` of the first significant digit.
    package let first: Int
    /// Index in `text` just past the last significant digit (`first` for zero).
    package let end: Int
    package let exponent: Int

    package var isZero: Bool { first == end }

    /// Reads RFC 8259 number text (`-`? digits, `.` digits?, `e`/`E` sign? digits?); nil if it is
    /// not a number.
    package init?(_ text: ArraySlice<UInt8>) {
        var index = text.startIndex
        let limit = text.endIndex
        let isNegative = index < limit && text[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        var digits = 0
        var first = -1
        var firstPosition = 0
        var end = -1
        var integerDigits = 0
        var sawPoint = false
        while index < limit {
            let byte = text[index]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                if byte != UInt8(ascii: "0") {
                    if first < 0 {
                        first = index
                        firstPosition = digits
                    }
                    end = index + 1
                }
                digits += 1
            } else if byte == UInt8(ascii: "."), !sawPoint, digits > 0 {
                sawPoint = true
                integerDigits = digits
            } else {
                break
            }
            index += 1
        }
        guard digits > 0, text[index - 1] != UInt8(ascii: ".") else { return nil }
        if !sawPoint { integerDigits = digits }
        var power = 0
        var powerIsNegative = false
        if index < limit, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < limit, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
                powerIsNegative = text[index] == UInt8(ascii: "-")
                index += 1
            }
            let start = index
            while index < limit, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") {
                let digit = Int(text[index] - UInt8(ascii: "0"))
                power = power < JSONDecimal.exponentLimit / 10 ? power * 10 + digit : JSONDecimal.exponentLimit
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index == limit else { return nil }
        self.text = text
        if first < 0 {
            self.isNegative = false
            self.first = text.startIndex
            self.end = text.startIndex
            self.exponent = 0
        } else {
            self.isNegative = isNegative
            self.first = first
            self.end = end
            self.exponent = integerDigits - firstPosition + (powerIsNegative ? -power : power)
        }
    }

    /// Reads number text in a document's bytes: the array's own slice, or a copy of the text when
    /// the bytes are borrowed (a mapped file).
    package init?(_ text: Slice<JSONBytes>) {
        self.init(text.base.arraySlice(text.startIndex..<text.endIndex))
    }

    /// An integer count (from `length()` or `count()`).
    package init(_ value: Int) {
        let text = ArraySlice(Array(String(value).utf8))
        self = JSONDecimal(text) ?? JSONDecimal(zeroIn: text)
    }

    private init(zeroIn text: ArraySlice<UInt8>) {
        self.text = text
        self.isNegative = false
        self.first = text.startIndex
        self.end = text.startIndex
        self.exponent = 0
    }

    /// -1, 0 or 1 as `left` is below, equal to or above `right`.
    package static func order(_ left: JSONDecimal, _ right: JSONDecimal) -> Int {
        let leftSign = left.isZero ? 0 : left.isNegative ? -1 : 1
        let rightSign = right.isZero ? 0 : right.isNegative ? -1 : 1
        guard leftSign == rightSign else { return leftSign < rightSign ? -1 : 1 }
        guard leftSign != 0 else { return 0 }
        let magnitude = orderOfMagnitudes(left, right)
        return leftSign < 0 ? -magnitude : magnitude
    }

    /// Compares |left| and |right|, both non-zero: the exponent, then the digits.
    private static func orderOfMagnitudes(_ left: JSONDecimal, _ right: JSONDecimal) -> Int {
        if left.exponent != right.exponent { return left.exponent < right.exponent ? -1 : 1 }
        var leftIndex = left.first
        var rightIndex = right.first
        while true {
            if leftIndex < left.end, left.text[leftIndex] == UInt8(ascii: ".") { leftIndex += 1 }
            if rightIndex < right.end, right.text[rightIndex] == UInt8(ascii: ".") { rightIndex += 1 }
            let leftDone = leftIndex >= left.end
            let rightDone = rightIndex >= right.end
            if leftDone || rightDone { return leftDone == rightDone ? 0 : leftDone ? -1 : 1 }
            let leftDigit = left.text[leftIndex]
            let rightDigit = right.text[rightIndex]
            if leftDigit != rightDigit { return leftDigit < rightDigit ? -1 : 1 }
            leftIndex += 1
            rightIndex += 1
        }
    }

    package static func == (left: JSONDecimal, right: JSONDecimal) -> Bool { order(left, right) == 0 }

    package static func < (left: JSONDecimal, right: JSONDecimal) -> Bool { order(left, right) < 0 }
}
