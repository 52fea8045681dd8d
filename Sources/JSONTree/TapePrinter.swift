import TerminalText

/// The printing loop over raw tape and byte pointers (see `JSONPrinter`).
struct TapePrinter {
    let document: JSONDocument
    let bytes: UnsafeBufferPointer<UInt8>
    let tape: TapeView
    let options: JSONPrintOptions
    let indentation: [UInt8]

    init(
        document: JSONDocument,
        bytes: UnsafeBufferPointer<UInt8>,
        tape: TapeView,
        options: JSONPrintOptions
    ) {
        self.document = document
        self.bytes = bytes
        self.tape = tape
        self.options = options
        self.indentation = [0x0A] + [UInt8](repeating: 0x20, count: max(0, options.indent) * 64)
    }

    // MARK: - Pieces

    /// The payload of `entry` (entry `index`), reading the overflow table only for oversized values.
    @inline(__always)
    func payload(_ index: Int, _ entry: UInt64) -> Int {
        let raw = Tape.rawPayload(entry)
        return raw == Tape.overflowMarker ? document.payload(index) : Int(truncatingIfNeeded: raw)
    }

    /// Skips whitespace; comments (lenient documents only) take the slow path.
    @inline(__always)
    func skip(_ start: Int) -> Int {
        var position = start
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                position &+= 1
            } else if byte == UInt8(ascii: "/") {
                return document.skipInsignificant(position)
            } else {
                return position
            }
        }
        return position
    }

    @inline(__always)
    func newline(_ depth: Int, into output: inout JSONOutputBuffer) {
        guard options.indent > 0 else { return }
        var remaining = depth * options.indent
        indentation.withUnsafeBufferPointer { spaces in
            guard let base = spaces.baseAddress else { return }
            let chunk = spaces.count - 1
            output.append(base, count: 1 + min(remaining, chunk))
            remaining -= min(remaining, chunk)
            while remaining > 0 {
                output.append(base + 1, count: min(remaining, chunk))
                remaining -= min(remaining, chunk)
            }
        }
    }

    @inline(__always)
    func base() -> UnsafePointer<UInt8> { bytes.baseAddress ?? UnsafePointer(bitPattern: 1).unsafelyUnwrapped }

    /// Offset of the closing quote of a string body starting at `start`; SWAR when unescaped.
    @inline(__always)
    func closingQuote(from start: Int, escaped: Bool) -> Int {
        var position = start
        let pointer = base()
        if !escaped {
            let raw = UnsafeRawPointer(pointer)
            let ones: UInt64 = 0x0101_0101_0101_0101
            while position &+ 8 <= bytes.count {
                let word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self) ^ (ones &* 0x22)
                let hit = (word &- ones) & ~word & (ones &* 0x80)
                if hit != 0 { return position &+ (hit.trailingZeroBitCount >> 3) }
                position &+= 8
            }
        }
        while position < bytes.count {
            let byte = pointer[position]
            if byte == UInt8(ascii: "\"") { return position }
            position &+= byte == UInt8(ascii: "\\") ? 2 : 1
        }
        return position
    }

    /// Writes `"key": ` for a member and returns the offset of its value.
    @inline(__always)
    func writeKey(_ entry: UInt64, into output: inout JSONOutputBuffer) -> Int {
        let start = Tape.offset(entry)
        let end = closingQuote(from: start &+ 1, escaped: Tape.keyHasEscapes(entry))
        if options.colored { output.append("\u{1B}[34m") }
        appendString(base() + start, count: end &+ 1 &- start, into: &output)
        if options.colored { output.append("\u{1B}[0m") }
        if options.indent > 0 { output.append(": ") } else { output.append(0x3A) }
        var position = end &+ 1
        let pointer = base()
        // Skip whitespace (and lenient comments) up to the colon and after it.
        position = skip(position)
        position &+= 1
        if position < bytes.count, pointer[position] > 0x20, pointer[position] != UInt8(ascii: "/") { return position }
        return skip(position)
    }

    /// Writes a scalar value starting at `start`.
    @inline(__always)
    func writeScalar(_ index: Int, _ entry: UInt64, at start: Int, into output: inout JSONOutputBuffer) {
        let length: Int
        let kind = Tape.kindBits(entry)
        switch kind {
        case UInt64(JSONKind.string.rawValue):
            length = payload(index, entry) &+ 2
            if options.colored { output.append("\u{1B}[32m") }
        case UInt64(JSONKind.number.rawValue):
            length = payload(index, entry)
            if options.colored { output.append("\u{1B}[36m") }
        case UInt64(JSONKind.false.rawValue):
            length = 5
            if options.colored { output.append("\u{1B}[33m") }
        default:
            length = 4
            if options.colored { output.append(kind == UInt64(JSONKind.null.rawValue) ? "\u{1B}[90m" : "\u{1B}[33m") }
        }
        if kind == UInt64(JSONKind.string.rawValue) {
            appendString(base() + start, count: length, into: &output)
        } else {
            output.append(base() + start, count: length)
        }
        if options.colored { output.append("\u{1B}[0m") }
    }

    // MARK: - Terminal safety

    /// Copies a string token (quotes included), writing every scalar `TerminalText` calls unsafe
    /// (C0, DEL, C1, bidi and invisible format controls) as its `\uXXXX` escape, and invalid UTF-8
    /// (lenient documents) as `\uFFFD`: the output is valid JSON with the same value and nothing
    /// in it can drive a terminal. Printable ASCII takes the fast path, a plain copy.
    @inline(__always)
    func appendString(_ pointer: UnsafePointer<UInt8>, count: Int, into output: inout JSONOutputBuffer) {
        var index = 0
        while index < count {
            let byte = pointer[index]
            if byte < 0x20 || byte >= 0x7F { break }
            index &+= 1
        }
        if index == count {
            output.append(pointer, count: count)
        } else {
            appendEscaping(pointer, count: count, into: &output)
        }
    }

    private func appendEscaping(_ pointer: UnsafePointer<UInt8>, count: Int, into output: inout JSONOutputBuffer) {
        var runStart = 0
        var index = 0
        func escape(_ scalar: Unicode.Scalar, length: Int, output: inout JSONOutputBuffer) {
            output.append(pointer + runStart, count: index &- runStart)
            for byte in TerminalText.jsonEscape(scalar).utf8 { output.append(byte) }
            index &+= length
            runStart = index
        }
        // The scalar before, for presentation selectors (safe only right after a visible character).
        var previous: Unicode.Scalar?
        while index < count {
            let byte = pointer[index]
            if byte >= 0x20, byte < 0x7F {
                previous = Unicode.Scalar(byte)
                index &+= 1
                continue
            }
            if byte < 0x80 {
                previous = Unicode.Scalar(byte)
                escape(Unicode.Scalar(byte), length: 1, output: &output)
                continue
            }
            let (scalar, length) = Self.decodeUTF8(pointer + index, available: count &- index)
            guard let scalar else {
                previous = nil
                escape("\u{FFFD}", length: length, output: &output)
                continue
            }
            if TerminalText.isUnsafe(scalar, after: previous) {
                escape(scalar, length: length, output: &output)
            } else {
                index &+= length
            }
            previous = scalar
        }
        output.append(pointer + runStart, count: count &- runStart)
    }

    /// The scalar a UTF-8 sequence starting at `pointer` encodes and its length; nil for an
    /// invalid sequence, with the length of its longest valid beginning (at least 1): one U+FFFD
    /// per such part, as Unicode recommends and Swift's `String(decoding:)` does, so a key
    /// printed from a lenient document decodes, and sorts, as it did before printing.
    static func decodeUTF8(_ pointer: UnsafePointer<UInt8>, available: Int) -> (Unicode.Scalar?, Int) {
        let lead = pointer[0]
        let length: Int
        var value = UInt32(lead)
        // The second byte's range: narrower after E0 (no overlongs), ED (no surrogates), F0, F4.
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: (length, value) = (2, value & 0x1F)
        case 0xE0: (length, value, low) = (3, 0, 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: (length, value) = (3, value & 0x0F)
        case 0xED: (length, value, high) = (3, 0x0D, 0x9F)
        case 0xF0: (length, value, low) = (4, 0, 0x90)
        case 0xF1...0xF3: (length, value) = (4, value & 0x07)
        case 0xF4: (length, value, high) = (4, 0x04, 0x8F)
        default: return (nil, 1)
        }
        for offset in 1..<length {
            guard offset < available else { return (nil, offset) }
            let next = pointer[offset]
            guard next >= (offset == 1 ? low : 0x80), next <= (offset == 1 ? high : 0xBF) else { return (nil, offset) }
            value = value << 6 | UInt32(next & 0x3F)
        }
        return (Unicode.Scalar(value), length)
    }

    // MARK: - Original order

    /// One linear walk over the subtree's tape entries; over borrowed bytes (a mapped file) it
    /// hands back the pages it went past (`JSONPageRelease`), checked every 1,024 entries.
    func printInOrder(_ node: JSONNode, into output: inout JSONOutputBuffer) {
        let first = node.index
        let last = first + document.subtreeEntryCount(node)
        let pointer = base()
        var index = first
        var depth = 0
        var needsComma = false
        var pages = JSONPageRelease(document)
        var cursor = TapeCursor(tape, at: first)
        while index < last {
            let entry = cursor.next()
            if index & 1_023 == 0 { pages.reached(Tape.offset(entry), in: document) }
            if Tape.isEnd(entry) {
                depth &-= 1
                newline(depth, into: &output)
                output.append(pointer[Tape.offset(entry)])
                needsComma = true
                index &+= 1
                continue
            }
            if needsComma { output.append(0x2C) }
            if index != first { newline(depth, into: &output) }
            let start = Tape.isKeyed(entry) && index != first ? writeKey(entry, into: &output) : valueStart(entry)
            if Tape.isContainerStart(entry) {
                output.append(pointer[start])
                if payload(index, entry) == 0 {
                    // Empty container (no end entry): close on the same line.
                    output.append(pointer[start] &+ 2)
                    needsComma = true
                    index &+= 1
                    continue
                }
                depth &+= 1
                needsComma = false
            } else {
                writeScalar(index, entry, at: start, into: &output)
                needsComma = true
            }
            index &+= 1
        }
    }

    /// The value's first byte for an entry printed without its key.
    @inline(__always)
    func valueStart(_ entry: UInt64) -> Int {
        guard Tape.isKeyed(entry) else { return Tape.offset(entry) }
        let end = closingQuote(from: Tape.offset(entry) &+ 1, escaped: Tape.keyHasEscapes(entry))
        return skip(skip(end &+ 1) &+ 1)
    }

    // MARK: - Sorted keys

    /// Depth-first with an explicit stack (no recursion, whatever the depth); object members are
    /// visited in key order.
    func printSorted(_ node: JSONNode, into output: inout JSONOutputBuffer) {
        struct Frame {
            var children: [Int]
            var position: Int
            var closing: UInt8
        }
        var stack: [Frame] = []
        var pending: [(index: Int, withKey: Bool)] = [(node.index, false)]
        let pointer = base()
        while let (index, withKey) = pending.popLast() {
            let entry = tape[index]
            let start = withKey ? writeKey(entry, into: &output) : valueStart(entry)
            if Tape.isContainerStart(entry) {
                output.append(pointer[start])
                var children = Array(document.children(JSONNode(index: index)).map(\.index))
                let closing = pointer[start] &+ 2  // '{' + 2 == '}', '[' + 2 == ']'

                if children.isEmpty {
                    output.append(closing)
                } else {
                    if Tape.kindBits(entry) == UInt64(JSONKind.object.rawValue) {
                        let keys = children.map { Array((document.key(JSONNode(index: $0)) ?? "").unicodeScalars) }
                        let order = children.indices.sorted {
                            keys[$0] == keys[$1] ? $0 < $1 : keys[$0].lexicographicallyPrecedes(keys[$1])
                        }
                        children = order.map { children[$0] }
                    }
                    stack.append(Frame(children: children, position: 0, closing: closing))
                }
            } else {
                writeScalar(index, entry, at: start, into: &output)
            }
            // Advance to the next child, closing finished containers.
            while let top = stack.last {
                if top.position < top.children.count {
                    if top.position > 0 { output.append(0x2C) }
                    newline(stack.count, into: &output)
                    let child = top.children[top.position]
                    stack[stack.count - 1].position += 1
                    pending.append((child, Tape.isKeyed(tape[child])))
                    break
                }
                stack.removeLast()
                newline(stack.count, into: &output)
                output.append(top.closing)
            }
        }
    }
}
