import JSONTree

/// `multipleOf` on exact decimals: `value / divisor` is an integer. With value = M₁ × 10^a and
/// divisor = M₂ × 10^b (M the significant digits as integers), that is M₂ | M₁ × 10^(a−b) when
/// a ≥ b, and M₂ × 10^(b−a) | M₁ otherwise. Remainders are taken digit by digit and powers of
/// ten by squaring, so `1e308` against `0.123456789` or an exponent of a billion costs
/// microseconds. A divisor of more than 18 significant digits falls back to Double division.
enum DecimalMultiple {
    static func isMultiple(_ value: JSONDecimal, of divisor: JSONDecimal) -> Bool {
        if value.isZero { return true }
        let valueDigits = value.digitCount
        let divisorDigits = divisor.digitCount
        let a = value.exponent - valueDigits
        let b = divisor.exponent - divisorDigits
        guard divisorDigits <= 18, let modulus = divisor.mantissa else { return approximately(value, divisor) }
        if a >= b {
            // (M₁ mod M₂) × (10^(a−b) mod M₂) mod M₂
            let remainder = mod(value, modulus)
            return multiplyMod(remainder, powerOfTenMod(a - b, modulus), modulus) == 0
        }
        let shift = b - a
        // M₁ is below 10^valueDigits; a divisor of more digits than it has divides it only if it is 0.
        guard shift + divisorDigits <= valueDigits else { return false }
        // M₂ × 10^shift past 64 bits (a value of over 18 digits against a finer divisor): rare.
        guard shift + divisorDigits <= 18 else { return approximately(value, divisor) }
        var big: UInt64 = modulus
        for _ in 0..<shift { big *= 10 }
        return mod(value, big) == 0
    }

    /// M₁ mod m, digit by digit.
    private static func mod(_ decimal: JSONDecimal, _ m: UInt64) -> UInt64 {
        var remainder: UInt64 = 0
        for index in decimal.first..<decimal.end where decimal.text[index] != UInt8(ascii: ".") {
            remainder = multiplyMod(remainder, 10, m) + UInt64(decimal.text[index] - UInt8(ascii: "0"))
            remainder %= m
        }
        return remainder
    }

    private static func multiplyMod(_ x: UInt64, _ y: UInt64, _ m: UInt64) -> UInt64 {
        let product = x.multipliedFullWidth(by: y)
        return m.dividingFullWidth((product.high, product.low)).remainder
    }

    private static func powerOfTenMod(_ exponent: Int, _ m: UInt64) -> UInt64 {
        var result: UInt64 = 1 % m
        var base: UInt64 = 10 % m
        var exponent = exponent
        while exponent > 0 {
            if exponent & 1 == 1 { result = multiplyMod(result, base, m) }
            base = multiplyMod(base, base, m)
            exponent >>= 1
        }
        return result
    }

    /// For divisors beyond 64-bit mantissas: the quotient is integral within Double precision.
    private static func approximately(_ value: JSONDecimal, _ divisor: JSONDecimal) -> Bool {
        guard let x = Double(String(decoding: value.text, as: UTF8.self)),
            let y = Double(String(decoding: divisor.text, as: UTF8.self)), y != 0
        else { return false }
        let quotient = x / y
        guard quotient.isFinite else { return false }
        return quotient == quotient.rounded()
    }
}

extension JSONDecimal {
    /// The significant digits as an integer, when they fit in 18 digits.
    var mantissa: UInt64? {
        guard digitCount <= 18 else { return nil }
        var value: UInt64 = 0
        for index in first..<end where text[index] != UInt8(ascii: ".") {
            value = value * 10 + UInt64(text[index] - UInt8(ascii: "0"))
        }
        return value
    }
}
