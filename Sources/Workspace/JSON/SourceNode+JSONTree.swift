import JSONTree

extension SourceNode {
    /// Collections nest far less; the limit keeps the recursive reading below safe on any thread's stack.
    static let maximumDepth = 256

    /// Parses a collection file with `JSONTree` (strict RFC 8259) and keeps each value's position.
    static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> SourceNode {
        let document = try JSONDocument(bytes: bytes, options: JSONParseOptions(maximumDepth: maximumDepth))
        return build(document.root, in: document)
    }

    private static func build(_ node: JSONNode, in document: JSONDocument) -> SourceNode {
        let offset = document.valueStart(node)
        switch document.kind(node) {
        case .null: return SourceNode(kind: .null, offset: offset)
        case .true: return SourceNode(kind: .bool(true), offset: offset)
        case .false: return SourceNode(kind: .bool(false), offset: offset)
        case .number: return SourceNode(kind: .number(document.numberText(node) ?? "0"), offset: offset)
        case .string: return SourceNode(kind: .string(document.string(node) ?? ""), offset: offset)
        case .array:
            return SourceNode(kind: .array(document.children(node).map { build($0, in: document) }), offset: offset)
        case .object:
            let members = document.children(node).map { child in
                let value = build(child, in: document)
                return SourceMember(
                    key: document.key(child) ?? "", keyOffset: keyStart(before: value.offset, in: document.bytes),
                    value: value)
            }
            return SourceNode(kind: .object(members), offset: offset)
        }
    }

    /// The offset of a member name's opening quote, found by walking back from its value over
    /// `"name" :` (the parser has already checked that shape).
    private static func keyStart(before valueStart: Int, in bytes: JSONBytes) -> Int {
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
