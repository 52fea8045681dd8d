/// Replacements by Unicode scalar, for the exporters' quoting and escaping: a search by
/// `Character` misses a quote or a line break that a combining mark (or CR before LF) joins into
/// one grapheme, and the output would then not read back.
enum ScalarText {
    /// `text` with every scalar `replacement` returns a string for replaced by it.
    static func map(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var output = ""
        output.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) {
                output += replaced
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// `text` split at LF, CR LF and lone CR.
    static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previousCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n", previousCR {
                previousCR = false
                continue
            }
            previousCR = scalar == "\r"
            if scalar == "\n" || scalar == "\r" {
                lines.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        lines.append(String(current))
        return lines
    }
}
