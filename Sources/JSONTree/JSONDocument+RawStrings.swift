/// Strings read in place: a string without escapes is its own UTF-8 in the body, so it can be
/// compared, measured and matched without making a `String` (the JSON Schema validator does
/// this for every `enum`, `minLength` and `pattern` it checks).
extension JSONDocument {
    /// The byte range of a string value's contents (between the quotes) when it holds no escape;
    /// nil for a string with escapes and for every other kind.
    package func unescapedStringRange(_ node: JSONNode) -> Range<Int>? {
        let entry = entry(node)
        guard Tape.kindBits(entry) == UInt64(JSONKind.string.rawValue), !Tape.valueFlag(entry) else { return nil }
        let start = valueStart(node) + 1
        return start..<(start + payload(node.index))
    }

    /// The byte range of a member name (between the quotes) when it holds no escape; nil for a
    /// name with escapes and for array elements and the root.
    package func unescapedKeyRange(_ node: JSONNode) -> Range<Int>? {
        let entry = entry(node)
        guard Tape.isKeyed(entry), !Tape.keyHasEscapes(entry) else { return nil }
        let start = Tape.offset(entry) + 1
        return start..<stringEnd(from: start)
    }

    /// Whether the bytes at `range` equal `expected`.
    package func bytesEqual(_ range: Range<Int>, _ expected: [UInt8]) -> Bool {
        expected.withUnsafeBufferPointer { bytesEqual(range, bytes: $0) }
    }

    /// Whether the bytes at `range` equal `expected`, held elsewhere (a `String`'s UTF-8).
    package func bytesEqual(_ range: Range<Int>, bytes expected: UnsafeBufferPointer<UInt8>) -> Bool {
        guard range.count == expected.count, range.upperBound <= bytes.count else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let other = expected.baseAddress else { return true }
            return memcmpBytes(base + range.lowerBound, other, range.count)
        }
    }

    /// Whether the bytes at `range` equal those at `otherRange` of `other` (which may be this document).
    package func bytesEqual(_ range: Range<Int>, _ other: JSONDocument, _ otherRange: Range<Int>) -> Bool {
        guard range.count == otherRange.count, range.upperBound <= bytes.count,
            otherRange.upperBound <= other.bytes.count
        else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            other.bytes.withUnsafeBufferPointer { otherBuffer in
                guard let base = buffer.baseAddress, let otherBase = otherBuffer.baseAddress else { return true }
                return memcmpBytes(base + range.lowerBound, otherBase + otherRange.lowerBound, range.count)
            }
        }
    }

    /// The number of Unicode scalars the UTF-8 at `range` encodes (continuation bytes not counted).
    package func scalarCount(_ range: Range<Int>) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var count = 0
            for index in range where buffer[index] & 0xC0 != 0x80 { count += 1 }
            return count
        }
    }
}
