/// How strictly the parser reads its input.
package struct JSONParseOptions: Sendable, Hashable {
    /// RFC 8259 only: no comments, no trailing commas, invalid UTF-8 is an error.
    package static let strict = JSONParseOptions()
    /// For bodies people type by hand: `//` and `/* */` comments, trailing commas, and invalid
    /// UTF-8 accepted (decoded as U+FFFD).
    package static let lenient = JSONParseOptions(
        allowsComments: true, allowsTrailingCommas: true, validatesUTF8: false)

    /// Accept `//` line comments and `/* */` block comments wherever whitespace may appear.
    package var allowsComments: Bool
    /// Accept a comma after the last member of an object or element of an array.
    package var allowsTrailingCommas: Bool
    /// Reject strings that are not valid UTF-8 (otherwise they decode with U+FFFD).
    package var validatesUTF8: Bool
    /// The deepest nesting accepted; deeper input is a clean error, never a stack overflow.
    package var maximumDepth: Int
    /// Whether the parse starts with the vector pre-pass where the CPU has one (`JSONPrepass`).
    /// The result is the same either way; tests and benchmarks turn it off to compare.
    package var usesVectorPrepass = true
    /// Whether a body the pre-pass found valid is parsed from its structural index
    /// (`JSONParser.runIndexed`) where the CPU has one. The result is the same either way.
    package var usesStructuralIndex = true

    package init(
        allowsComments: Bool = false,
        allowsTrailingCommas: Bool = false,
        validatesUTF8: Bool = true,
        maximumDepth: Int = 10_000
    ) {
        self.allowsComments = allowsComments
        self.allowsTrailingCommas = allowsTrailingCommas
        self.validatesUTF8 = validatesUTF8
        self.maximumDepth = maximumDepth
    }
}
