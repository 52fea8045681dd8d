import Testing

@testable import JSONTree

/// The string scan's escapes: every byte after a backslash is accepted exactly when RFC 8259 allows
/// it (the one-letter escapes are recognised without a call, `\u` and errors with one), with
/// and without the vector pre-pass, and a bad one is placed at the byte after the backslash.
@Suite struct StringScanTests {
    static let allowed = Set("\"\\/bfnrt".utf8)

    @Test(arguments: [true, false])
    func everyByteAfterABackslash(prepass: Bool) {
        var options = JSONParseOptions.strict
        options.usesVectorPrepass = prepass
        var wrong: [UInt8] = []
        for byte in 0...255 where byte != UInt8(ascii: "u") {
            // Long enough for the 8-byte scan to reach the escape inside its loop, and short.
            for prefix in ["", "abcdefghij"] {
                let bytes = Array("[\"\(prefix)\\".utf8) + [UInt8(byte)] + Array("xyz\"]".utf8)
                let parsed = Result { () throws(JSONParseError) in try JSONDocument(bytes: bytes, options: options) }
                switch parsed {
                case .success:
                    if !Self.allowed.contains(UInt8(byte)) { wrong.append(UInt8(byte)) }
                case .failure(let error):
                    if Self.allowed.contains(UInt8(byte)) || error.offset != prefix.utf8.count + 3 {
                        wrong.append(UInt8(byte))
                    }
                }
            }
        }
        #expect(wrong.isEmpty)
    }

    @Test func unicodeEscapesNeedFourHexDigits() throws {
        let document = try JSONDocument(text: #"["\u00e9\u65E5 x\n\/"]"#)
        #expect(document.string(document.child(document.root, at: 0)!) == "é日 x\n/")
        #expect(throws: JSONParseError.self) { try JSONDocument(text: #"["\u00g9"]"#) }
    }
}
