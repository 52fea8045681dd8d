/// The tape builder: one pass over the bytes, an explicit stack instead of recursion, SWAR
/// scanning of string bodies. Produces the tape and the overflow table for `JSONDocument`.
///
/// Hot loops work on raw pointers; every read is guarded by an explicit `position < count`
/// check, and the 8-byte word loads only happen when 8 bytes remain.
struct JSONParser: ~Copyable {
    /// A parse failure before line/column are computed (that happens once, in `run`).
    struct Failure: Error {
        /// nil: the tape ran out of room (an internal retry, never shown to users).
        var reason: JSONParseError.Reason?
        var offset: Int
        var expected: String
    }

    /// One open container: its tape index and how many children it has so far.
    struct Frame {
        var tapeIndex: Int
        var childCount: Int
        var isObject: Bool
    }

    let base: UnsafePointer<UInt8>
    let count: Int
    let options: JSONParseOptions
    /// Whether string scans validate UTF-8 (see `JSONScanner.checksUTF8`).
    let checksUTF8: Bool
    /// The output, packed as it is written into buffers sized by `entryBound` (an upper bound on
    /// the entries any input of this size can produce), so the hot path never reallocates.
    var writer: TapeWriter
    var overflow: [Int: Int] = [:]
    /// Every `ChildCheckpoints.stride`-th child of every container: `container << 32 | child`.
    var checkpoints: [UInt64] = []
    /// The open containers, innermost last (a raw buffer: this is the hottest bookkeeping).
    var stack: UnsafeMutablePointer<Frame>
    var stackCapacity = 64

    init(
        bytes: UnsafeBufferPointer<UInt8>, options: JSONParseOptions, checksUTF8: Bool, writer: TapeWriter
    ) {
        self.base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1).unsafelyUnwrapped
        self.count = bytes.count
        self.options = options
        self.checksUTF8 = checksUTF8
        self.writer = writer
        self.stack = .allocate(capacity: stackCapacity)
    }

    deinit { stack.deallocate() }

    /// Parses `bytes` into a tape, or throws a positioned error. The tape is packed while parsing
    /// (`TapeWriter`) into buffers sized by `entryBound`. `release`, given for borrowed bytes (a
    /// mapped file), is told every `JSONPageRelease.stride` bytes that the bytes before an offset
    /// are behind both passes, so a gigabyte file is parsed holding a window of it, not all of it.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>,
        options: JSONParseOptions,
        release: ((Int) -> Void)? = nil
    ) throws(JSONParseError) -> (tape: TapeStorage, overflow: [Int: Int], checkpoints: ChildCheckpoints) {
        guard bytes.count <= Tape.maximumBodySize else {
            throw JSONParseError(reason: .tooLarge, offset: 0, expected: "a body smaller than 4 GiB", in: bytes)
        }
        // A body that cannot start a value fails at its first byte: no pass over the rest to
        // size a tape it will not fill (a 2 GiB file of zeros is refused at once).
        var capacity = 1
        var checksUTF8 = options.validatesUTF8
        var indexed = false
        if startsLikeJSON(bytes, options) {
            // A small body is parsed a byte at a time anyway (`StructuralIndex.smallestBody`): the
            // parse checks its UTF-8 as it goes, cheaper than a vector pass set up for it.
            if options.usesVectorPrepass, bytes.count >= StructuralIndex.smallestBody,
                let prepass = JSONPrepass(bytes, release: release)
            {
                capacity = prepass.entryBound
                // Valid as a whole: the string scans skip non-ASCII bytes. Invalid: the scans
                // check as before, so the error is found and placed exactly where it was.
                if prepass.isValidUTF8 { checksUTF8 = false }
                // The index reads no comments, trailing commas or invalid UTF-8: those bodies,
                // and any it declines, are parsed a byte at a time.
                indexed =
                    options.usesStructuralIndex && !checksUTF8 && !options.allowsComments
                    && !options.allowsTrailingCommas && StructuralIndex.isAvailable
            } else {
                capacity = entryBound(bytes, release: release)
            }
        }
        while true {
            var failure: Failure?
            var overflow: [Int: Int] = [:]
            var checkpoints: [UInt64] = []
            let tape = TapeStorage.write(capacity: capacity) { writer in
                writer.release = release
                var parser = JSONParser(bytes: bytes, options: options, checksUTF8: checksUTF8, writer: writer)
                // Hand the writer back on failure too: `TapeStorage.write` frees its wide buffer.
                defer { writer = parser.writer }
                do throws(Failure) {
                    if indexed { try parser.runIndexed() } else { try parser.run() }
                } catch {
                    failure = error
                    return false
                }
                overflow = parser.overflow
                checkpoints = parser.checkpoints
                return true
            }
            if let tape { return (tape, overflow, ChildCheckpoints(unsorted: checkpoints)) }
            if let failure, failure.isDeclined {
                indexed = false
                continue
            }
            guard let reason = failure?.reason else {
                // The bound was wrong (it should not be): retry with more room rather than fail —
                // up to one entry per byte, which no JSON exceeds. Past that the bytes changed
                // under the parse (a mapped file rewritten): an error, not ever more memory.
                guard capacity <= bytes.count else {
                    throw JSONParseError(
                        reason: .unexpected, offset: 0, expected: "a body that does not change while parsed", in: bytes)
                }
                capacity = min(capacity * 2, bytes.count + 1)
                continue
            }
            let offset = failure?.offset ?? 0
            throw JSONParseError(reason: reason, offset: offset, expected: failure?.expected ?? "", in: bytes)
        }
    }

    /// Whether the first byte after whitespace (and a byte order mark) can start a value, or a
    /// comment where comments are allowed.
    static func startsLikeJSON(_ bytes: UnsafeBufferPointer<UInt8>, _ options: JSONParseOptions) -> Bool {
        var position = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            case UInt8(ascii: "/"): return options.allowsComments
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                return true
            default: return false
            }
        }
        return false
    }

    /// An upper bound on the tape entries `bytes` can produce: every value but a container's first
    /// is preceded by a comma, and every container adds a start and an end — so
    /// `1 + commas + 2 × ('{' + '[')` bounds it, counting those bytes anywhere (even in strings).
    /// Borrowed bytes are counted a `JSONPageRelease.stride` at a time, each piece's pages
    /// released (`release`) once counted.
    static func entryBound(_ bytes: UnsafeBufferPointer<UInt8>, release: ((Int) -> Void)? = nil) -> Int {
        guard let release else { return entryBound(bytes, from: 0, to: bytes.count) }
        var bound = 1
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + JSONPageRelease.stride)
            bound += entryBound(bytes, from: start, to: end) - 1
            release(end)
            start = end
        }
        return bound
    }

    /// `entryBound` of `bytes[start..<end]`.
    private static func entryBound(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to limit: Int) -> Int {
        guard let base = bytes.baseAddress else { return 1 }
        var commas = 0
        var opens = 0
        var position = start
        // Blocks of 224 bytes (seven of the loop's 32-byte steps, under the 255 a byte-wide
        // counter holds) counted in byte-wide counters: a loop the compiler turns into vector
        // compares (a fifth of the instructions of the 8-byte SWAR it replaces). OR-ing 0x20 folds
        // '[' onto '{' (and form feed onto ',': an overcount is still a bound).
        while position < limit {
            let end = min(limit, position + 224)
            var blockCommas: UInt8 = 0
            var blockOpens: UInt8 = 0
            var index = position
            while index < end {
                let byte = base[index] | 0x20
                blockCommas &+= unsafeBitCast(byte == 0x2C, to: UInt8.self)
                blockOpens &+= unsafeBitCast(byte == 0x7B, to: UInt8.self)
                index &+= 1
            }
            commas &+= Int(blockCommas)
            opens &+= Int(blockOpens)
            position = end
        }
        return 1 + commas + 2 * opens
    }

    // MARK: - Main loop

    mutating func run() throws(Failure) {
        // Everything the loop touches lives in locals (registers), not in `self`.
        let scanner = JSONScanner(base: base, count: count, options: options, checksUTF8: checksUTF8)
        let base = self.base
        let count = self.count
        var writer = self.writer
        let maximumDepth = options.maximumDepth
        let allowsTrailingCommas = options.allowsTrailingCommas
        var stack = self.stack
        var stackCapacity = self.stackCapacity
        var depth = 0
        var overflow: [Int: Int] = [:]
        var checkpoints: [UInt64] = []
        let checkpointMask = ChildCheckpoints.stride - 1
        defer {
            self.writer = writer
            self.stack = stack
            self.stackCapacity = stackCapacity
            self.overflow = overflow
            self.checkpoints = checkpoints
        }

        // The writer is passed `inout` rather than captured: a captured struct that is mutated
        // gets dynamic exclusivity checks on every access, which cost the parser ~40%.
        @inline(__always) func emit(into writer: inout TapeWriter, _ entry: UInt64) throws(Failure) {
            guard writer.append(entry) else { throw Failure(reason: nil, offset: 0, expected: "") }
        }

        /// Encodes a payload, spilling values that do not fit into the overflow table.
        @inline(__always) func payloadBits(_ value: Int, at index: Int) -> UInt64 {
            if value < Int(Tape.overflowMarker) { return UInt64(truncatingIfNeeded: value) << Tape.payloadShift }
            overflow[index] = value
            return Tape.overflowMarker << Tape.payloadShift
        }

        @inline(__always) func push(_ frame: Frame) {
            if depth == stackCapacity {
                let newStack = UnsafeMutablePointer<Frame>.allocate(capacity: stackCapacity * 2)
                newStack.moveInitialize(from: stack, count: depth)
                stack.deallocate()
                stack = newStack
                stackCapacity *= 2
            }
            (stack + depth).initialize(to: frame)
            depth &+= 1
        }

        /// Closes the innermost container: writes its end entry and patches its start entry.
        @inline(__always) func close(at position: Int, _ writer: inout TapeWriter) throws(Failure) {
            depth &-= 1
            let frame = stack[depth]
            let endIndex = writer.count
            // An empty container is one entry (payload 0): fully expanded, every entry is a row.
            if endIndex == frame.tapeIndex &+ 1 { return }
            try emit(
                into: &writer,
                UInt64(truncatingIfNeeded: position) | payloadBits(frame.childCount, at: endIndex)
                    | (Tape.endKind << Tape.kindShift))
            writer.addPayload(payloadBits(endIndex &- frame.tapeIndex, at: frame.tapeIndex), at: frame.tapeIndex)
        }

        var position = 0
        // A UTF-8 byte order mark is skipped (RFC 8259 §8.1 allows ignoring it).
        if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { position = 3 }
        // Key of the member whose value comes next: flags to OR into the entry, and its offset.
        var keyBits: UInt64 = 0
        var keyOffset = -1

        position = try scanner.skipWhitespace(position)
        valueLoop: while true {
            // Expect a value at `position`.
            guard position < count else { throw Failure(reason: .unexpected, offset: position, expected: "a value") }
            let byte = base[position]
            let entryOffset = keyOffset >= 0 ? keyOffset : position
            let flags = keyBits | UInt64(truncatingIfNeeded: entryOffset)
            keyBits = 0
            keyOffset = -1
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = byte == UInt8(ascii: "{")
                if depth >= maximumDepth {
                    throw Failure(
                        reason: .tooDeep, offset: position,
                        expected: "at most \(maximumDepth) levels of nesting")
                }
                push(Frame(tapeIndex: writer.count, childCount: 0, isObject: isObject))
                try emit(into: &writer, flags | (UInt64(isObject ? 0 : 1) << Tape.kindShift))
                position = try scanner.skipWhitespace(position + 1)
                if isObject {
                    if position < count, base[position] == UInt8(ascii: "}") {
                        try close(at: position, &writer)
                        position += 1
                    } else {
                        (position, keyOffset, keyBits) = try scanner.member(position)
                        continue valueLoop
                    }
                } else {
                    if position < count, base[position] == UInt8(ascii: "]") {
                        try close(at: position, &writer)
                        position += 1
                    } else {
                        continue valueLoop
                    }
                }
            case UInt8(ascii: "\""):
                let index = writer.count
                let (end, escaped) = try scanner.scanString(position + 1)
                let length = end - position - 1
                try emit(
                    into: &writer,
                    flags | payloadBits(length, at: index) | (UInt64(JSONKind.string.rawValue) << Tape.kindShift)
                        | (escaped ? Tape.valueFlagBit : 0))
                position = end + 1
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let index = writer.count
                let (end, isInteger) = try scanner.scanNumber(position)
                try emit(
                    into: &writer,
                    flags | payloadBits(end - position, at: index)
                        | (UInt64(JSONKind.number.rawValue) << Tape.kindShift) | (isInteger ? 0 : Tape.valueFlagBit))
                position = end
            case UInt8(ascii: "t"):
                try scanner.expectLiteral(position, "true")
                try emit(into: &writer, flags | (UInt64(JSONKind.true.rawValue) << Tape.kindShift))
                position += 4
            case UInt8(ascii: "f"):
                try scanner.expectLiteral(position, "false")
                try emit(into: &writer, flags | (UInt64(JSONKind.false.rawValue) << Tape.kindShift))
                position += 5
            case UInt8(ascii: "n"):
                try scanner.expectLiteral(position, "null")
                try emit(into: &writer, flags | (UInt64(JSONKind.null.rawValue) << Tape.kindShift))
                position += 4
            default:
                throw Failure(reason: .unexpected, offset: position, expected: "a value")
            }

            // After a value: a separator, a closing bracket, or the end of the document.
            afterValue: while true {
                position = try scanner.skipWhitespace(position)
                guard depth > 0 else {
                    if position < count {
                        throw Failure(reason: .trailingData, offset: position, expected: "end of input")
                    }
                    return
                }
                let top = stack[depth - 1]
                stack[depth - 1].childCount += 1
                guard position < count else {
                    throw Failure(
                        reason: .unexpected, offset: position,
                        expected: top.isObject ? "',' or '}'" : "',' or ']'")
                }
                let separator = base[position]
                if separator == UInt8(ascii: ",") {
                    position = try scanner.skipWhitespace(position + 1)
                    if top.isObject {
                        if allowsTrailingCommas, position < count, base[position] == UInt8(ascii: "}") {
                            try close(at: position, &writer)
                            position += 1
                            continue afterValue
                        }
                        (position, keyOffset, keyBits) = try scanner.member(position)
                    } else if allowsTrailingCommas, position < count, base[position] == UInt8(ascii: "]") {
                        try close(at: position, &writer)
                        position += 1
                        continue afterValue
                    }
                    // The next entry starts child number `top.childCount + 1`.
                    if (top.childCount &+ 1) & checkpointMask == 0 {
                        checkpoints.append(UInt64(top.tapeIndex) << 32 | UInt64(writer.count))
                    }
                    continue valueLoop
                }
                if separator == (top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    try close(at: position, &writer)
                    position += 1
                    continue afterValue
                }
                throw Failure(
                    reason: .unexpected, offset: position,
                    expected: top.isObject ? "',' or '}' after an object member" : "',' or ']' after an array element"
                )
            }
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
