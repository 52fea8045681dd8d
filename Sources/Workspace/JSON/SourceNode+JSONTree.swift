import JSONTree

extension SourceNode {
    /// Collections nest far less; the limit keeps the recursive reading below safe on any thread's stack.
    static let maximumDepth = 256

    /// Parses a collection file with `JSONTree` (strict RFC 8259); its values keep their positions.
    static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> SourceNode {
        let document = try JSONDocument(bytes: bytes, options: JSONParseOptions(maximumDepth: maximumDepth))
        return SourceNode(SourceFile(document), document.root)
    }
}

extension SourceFile {
    /// The offset of a member name's opening quote, found by walking back from its value over
    /// `"name" :` (the parser has already checked that shape).
    static func keyStart(before valueStart: Int, in bytes: JSONBytes) -> Int {
        var position = valueStart - 1
        func skipSpace() {
            while position > 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position -= 1 }
        }
        skipSpace()
        guard position > 0, bytes[position] == UInt8(ascii: ":") else { return valueStart }
        position -= 1
        skipSpace()
        guard position > 0, bytes[position] == UInt8(ascii: "\"") else { return valueStart }
        position -= 1
        while position >= 0 {
            if bytes[position] == UInt8(ascii: "\"") {
                var backslashes = 0
                while position - backslashes - 1 >= 0, bytes[position - backslashes - 1] == UInt8(ascii: "\\") {
                    backslashes += 1
                }
                if backslashes % 2 == 0 { return position }
            }
            position -= 1
        }
        return valueStart
    }
}
