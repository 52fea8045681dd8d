/// Lazy decoding of keys, strings and numbers, byte ranges and previews.
extension JSONDocument {
    // MARK: - Byte positions

    /// Offset of the value's first byte (after the key and colon for object members).
    package func valueStart(_ node: JSONNode) -> Int {
        let entry = entry(node)
        let offset = Tape.offset(entry)
        guard Tape.isKeyed(entry) else { return offset }
        var position = stringEnd(from: offset + 1) + 1
        position = skipInsignificant(position) + 1  // the colon
        return skipInsignificant(position)
    }

    /// The bytes of the node's value exactly as sent (a container's range covers its subtree).
    package func byteRange(_ node: JSONNode) -> Range<Int> {
        byteRange(node, valueStart: valueStart(node))
    }

    /// The value's byte range when its first byte is already known. Clamped to the bytes: borrowed
    /// bytes (a mapped file) that changed after the parse must give wrong text, never a crash.
    func byteRange(_ node: JSONNode, valueStart start: Int) -> Range<Int> {
        let end: Int
        switch kind(node) {
        case .object, .array:
            let distance = payload(node.index)
            end = distance > 0 ? Tape.offset(tape[node.index + distance]) + 1 : skipInsignificant(start + 1) + 1
        case .string, .number, .true, .false, .null:
            end = start + scalarByteCount(entry(node), at: node.index)
        }
        let upper = min(end, bytes.count)
        return min(start, upper)..<upper
    }

    /// The length of a scalar's text (quotes included) from its already-read entry.
    @inline(__always)
    func scalarByteCount(_ entry: UInt64, at index: Int) -> Int {
        switch Tape.kindBits(entry) {
        case UInt64(JSONKind.string.rawValue), UInt64(JSONKind.number.rawValue):
            let raw = Tape.rawPayload(entry)
            let length = raw == Tape.overflowMarker ? payload(index) : Int(truncatingIfNeeded: raw)
            return Tape.kindBits(entry) == UInt64(JSONKind.string.rawValue) ? length + 2 : length
        case UInt64(JSONKind.false.rawValue): return 5
        default: return 4
        }
    }

    /// The value's original text.
    package func rawText(_ node: JSONNode) -> String {
        let range = byteRange(node)
        return bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
        }
    }

    /// Offset of the closing quote of a string whose body starts at `start`. Read through the
    /// buffer: each key's end is found this way, and a subscript per byte asked the bytes
    /// whether they are borrowed each time (a twentieth of reading a collection).
    func stringEnd(from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var position = start
            while position < buffer.count {
                switch buffer[position] {
                case UInt8(ascii: "\""): return position
                case UInt8(ascii: "\\"): position += 2
                default: position += 1
                }
            }
            return position
        }
    }

    /// Skips whitespace and (lenient-mode) comments.
    func skipInsignificant(_ start: Int) -> Int {
        var position = start
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            case UInt8(ascii: "/") where position + 1 < bytes.count:
                if bytes[position + 1] == UInt8(ascii: "/") {
                    while position < bytes.count, bytes[position] != 0x0A { position += 1 }
                } else {
                    position += 2
                    while position + 1 < bytes.count,
                        !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/"))
                    {
                        position += 1
                    }
                    position += 2
                }
            default: return position
            }
        }
        return position
    }

    // MARK: - Keys

    /// The member name, decoded; nil for array elements and the root.
    package func key(_ node: JSONNode) -> String? {
        let entry = entry(node)
        guard Tape.isKeyed(entry) else { return nil }
        let start = Tape.offset(entry) + 1
        let end = stringEnd(from: start)
        return decodeString(start..<end, escaped: Tape.keyHasEscapes(entry))
    }

    /// `keyEquals` against bytes held elsewhere (a slice of a larger table, read without
    /// retaining its array).
    package func keyEquals(_ node: JSONNode, bytes name: UnsafeBufferPointer<UInt8>) -> Bool {
        let entry = entry(node)
        guard Tape.isKeyed(entry) else { return false }
        let start = Tape.offset(entry) + 1
        if Tape.keyHasEscapes(entry) {
            return key(node).map { $0.utf8.elementsEqual(name) } ?? false
        }
        return bytes.withUnsafeBufferPointer { buffer in
            let end = start + name.count
            guard end < buffer.count, buffer[end] == UInt8(ascii: "\"") else { return false }
            guard let base = buffer.baseAddress, let wanted = name.baseAddress else { return name.isEmpty }
            return memcmpBytes(base + start, wanted, name.count)
        }
    }

    /// Whether the member name equals `name` (UTF-8) — without decoding unless the key has escapes.
    package func keyEquals(_ node: JSONNode, _ name: [UInt8]) -> Bool {
        let entry = entry(node)
        guard Tape.isKeyed(entry) else { return false }
        let start = Tape.offset(entry) + 1
        if Tape.keyHasEscapes(entry) {
            return key(node).map { Array($0.utf8) == name } ?? false
        }
        return bytes.withUnsafeBufferPointer { buffer in
            let end = start + name.count
            guard end < buffer.count, buffer[end] == UInt8(ascii: "\"") else { return false }
            return name.withUnsafeBufferPointer { expected in
                guard let base = buffer.baseAddress, let wanted = expected.baseAddress else { return name.isEmpty }
                return memcmpBytes(base + start, wanted, name.count)
            }
        }
    }

    // MARK: - Scalars

    /// The decoded string; nil when the node is not a string.
    package func string(_ node: JSONNode) -> String? {
        guard kind(node) == .string else { return nil }
        let start = valueStart(node) + 1
        return decodeString(start..<(start + payload(node.index)), escaped: Tape.valueFlag(entry(node)))
    }

    /// The number exactly as written; nil when the node is not a number.
    package func numberText(_ node: JSONNode) -> String? {
        guard kind(node) == .number else { return nil }
        return rawText(node)
    }

    /// The boolean; nil when the node is not `true` or `false`.
    package func bool(_ node: JSONNode) -> Bool? {
        switch kind(node) {
        case .true: true
        case .false: false
        default: nil
        }
    }

    /// Whether the number was written without fraction or exponent.
    package func isInteger(_ node: JSONNode) -> Bool {
        kind(node) == .number && !Tape.valueFlag(entry(node))
    }

    /// The number as Int64, or why it cannot be one exactly.
    package func int64(_ node: JSONNode) throws(JSONNumberError) -> Int64 {
        guard kind(node) == .number else { throw .notANumber }
        guard !Tape.valueFlag(entry(node)) else { throw .notAnInteger }
        let range = byteRange(node)
        var position = range.lowerBound
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        var value: Int64 = 0
        while position < range.upperBound {
            let digit = Int64(bytes[position] - UInt8(ascii: "0"))
            let (scaled, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                negative ? scaled.subtractingReportingOverflow(digit) : scaled.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { throw .overflow }
            value = next
            position += 1
        }
        return value
    }

    /// The number as the nearest Double; throws when it would become infinite or a non-zero value
    /// would become zero.
    package func double(_ node: JSONNode) throws(JSONNumberError) -> Double {
        guard kind(node) == .number else { throw .notANumber }
        let text = rawText(node)
        guard let value = Double(text) else { throw .overflow }
        if value.isInfinite { throw .overflow }
        if value == 0, text.utf8.contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }) {
            // Only digits before the exponent matter: "0e5" is zero, "1e-400" underflows.
            let mantissa = text.utf8.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
            if mantissa.contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }) { throw .underflow }
        }
        return value
    }

    // MARK: - Preview

    /// A one-line summary for the tree view: scalars as written (strings decoded and quoted),
    /// containers as `{…} 3 keys` / `[…] 12 items`, cut to `maxLength` characters with `…`.
    package func preview(_ node: JSONNode, maxLength: Int = 80) -> String {
        let text: String
        switch kind(node) {
        case .object:
            let count = childCount(node)
            text = count == 0 ? "{}" : "{…} \(count) \(count == 1 ? "key" : "keys")"
        case .array:
            let count = childCount(node)
            text = count == 0 ? "[]" : "[…] \(count) \(count == 1 ? "item" : "items")"
        case .string:
            let start = valueStart(node) + 1
            let length = payload(node.index)
            // Decode only what can be shown: a long string costs no more than a short one.
            let shown = min(length, maxLength * 4 + 16)
            var end = start + shown
            while end < start + length, end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            if Tape.valueFlag(entry(node)) {
                while end < start + length, end > start, isInsideEscape(end, from: start) { end -= 1 }
            }
            let decoded = decodeString(start..<end, escaped: Tape.valueFlag(entry(node)))
            text = "\"" + JSONDocument.visibleControls(decoded) + (end < start + length ? "…" : "") + "\""
        case .number, .true, .false, .null:
            let range = byteRange(node)
            text = String(
                decoding: bytes[range.lowerBound..<min(range.upperBound, range.lowerBound + maxLength + 1)],
                as: UTF8.self)
        }
        guard text.count > maxLength, maxLength > 0 else { return text }
        return String(text.prefix(maxLength - 1)) + "…"
    }

    /// Whether cutting at `position` would split an escape sequence that starts at or after `start`.
    private func isInsideEscape(_ position: Int, from start: Int) -> Bool {
        var index = start
        while index < position {
            if bytes[index] == UInt8(ascii: "\\") {
                let length = bytes[index + 1] == UInt8(ascii: "u") ? 6 : 2
                if position < index + length { return true }
                index += length
            } else {
                index += 1
            }
        }
        return false
    }

    /// Replaces control characters with visible symbols (never write them raw to a terminal).
    static func visibleControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0..<0x20: result.append(Unicode.Scalar(0x2400 + scalar.value) ?? "?")
            case 0x7F: result.append("␡")
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    // MARK: - String decoding

    /// Decodes a string body; escapes resolved, surrogate pairs joined, lone surrogates and
    /// invalid UTF-8 (lenient mode) become U+FFFD.
    func decodeString(_ range: Range<Int>, escaped: Bool) -> String {
        guard escaped else {
            // From the buffer, not `bytes[range]`: a `Slice<JSONBytes>` went through generic
            // witnesses and copied the bytes' array reference for each string (a tenth of reading
            // a million-request collection).
            return bytes.withUnsafeBufferPointer {
                String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
            }
        }
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        var position = range.lowerBound
        while position < range.upperBound {
            let byte = bytes[position]
            guard byte == UInt8(ascii: "\\"), position + 1 < range.upperBound else {
                output.append(byte)
                position += 1
                continue
            }
            let escape = bytes[position + 1]
            position += 2
            switch escape {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(at: position, limit: range.upperBound)
                position += 4
                if (0xD800..<0xDC00).contains(scalar), position + 6 <= range.upperBound,
                    bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
                {
                    let low = hex4(at: position + 2, limit: range.upperBound)
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        position += 6
                    }
                }
                appendUTF8(Unicode.Scalar(scalar) ?? "\u{FFFD}", to: &output)
            default: output.append(escape)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private func hex4(at position: Int, limit: Int) -> UInt32 {
        guard position + 4 <= limit else { return 0xFFFD }
        var value: UInt32 = 0
        for index in position..<position + 4 { value = value << 4 | (JSONParser.hexValue(bytes[index]) ?? 0) }
        return value
    }

    private func appendUTF8(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        UTF8.encode(scalar) { output.append($0) }
    }
}

/// Byte-wise equality of two memory ranges (the compiler turns this into a tight loop).
@inline(__always)
func memcmpBytes(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var index = 0
    while index < count {
        if lhs[index] != rhs[index] { return false }
        index &+= 1
    }
    return true
}
