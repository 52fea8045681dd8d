internal import CJSONKernel

/// The offsets of a body's structural bytes (CJSONKernel's stage one: brackets, colons and commas
/// outside strings, unescaped quotes, escaping backslashes, the first byte of each number or
/// literal), produced a window at a time as the parser asks for them, so the index never costs
/// more than a window's worth of memory and its bytes are still in cache when the parser reads them.
///
/// The parser reads the offsets between a cursor and a limit it keeps in registers. Once per token
/// it makes sure at least `lookahead` offsets are there (`refill` moves the unread ones to the front
/// and indexes more behind them), so reading one needs no check; after the last offset, the body's
/// size follows as many times as it is read.
struct StructuralIndex: ~Copyable {
    /// Bytes indexed per call of the kernel: a multiple of its 64-byte block, small enough that
    /// the window and its offsets stay in the core's cache while the parser reads them.
    static let window = 16_384
    /// Offsets the parser may read between two checks (a member takes four; 16 leaves room).
    static let lookahead = 16

    /// Bodies shorter than this are parsed a byte at a time: setting the index up (its buffer, a
    /// kernel call per window) costs more than it saves on a few entries — a run checks many
    /// small responses.
    static let smallestBody = 512

    /// Whether this CPU runs the kernel (asked once).
    static let isAvailable = lazer_json_index_available() != 0

    let base: UnsafePointer<UInt8>
    let count: Int
    private let buffer: UnsafeMutablePointer<UInt32>
    /// How many bytes of the body have been indexed.
    private var indexed: Int
    private var state = lazer_json_index()

    /// Indexes `count` bytes at `base` from `start` (past a byte order mark).
    init(base: UnsafePointer<UInt8>, count: Int, start: Int) {
        self.base = base
        self.count = count
        // Room for the unread offsets moved to the front, one window's offsets (the kernel writes
        // up to 64 past them) and the end's repeated size; a body smaller than a window needs only
        // its own size: a small response, parsed for every check of a run, would otherwise take
        // 64 KiB from the allocator (and hand it back) each time.
        let indexedAtOnce = min(StructuralIndex.window, (count - start + 63) & ~63)
        buffer = .allocate(capacity: indexedAtOnce + 64 + 2 * StructuralIndex.lookahead)
        indexed = start
        lazer_json_index_start(&state)
    }

    deinit { buffer.deallocate() }

    /// Whether the whole body was indexed without a control character inside a string, and
    /// without ending inside one.
    var isClean: Bool { indexed == count && state.control == 0 && state.in_string == 0 }

    /// The offsets from `cursor` to `limit` not read yet, moved to the front of the buffer, and at
    /// least `lookahead` more behind them (windows indexed, or the body's size repeated at its end):
    /// where they start and end.
    @inline(never)
    mutating func refill(
        _ cursor: UnsafeMutablePointer<UInt32>, _ limit: UnsafeMutablePointer<UInt32>
    ) -> (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>) {
        var filled = limit - cursor
        if filled > 0 { UnsafeMutableRawPointer(buffer).copyMemory(from: cursor, byteCount: filled * 4) }
        while filled < StructuralIndex.lookahead, indexed < count {
            let length = min(StructuralIndex.window, count - indexed)
            filled += lazer_json_index_read(
                &state, base + indexed, length, UInt32(truncatingIfNeeded: indexed), buffer + filled)
            indexed += length
        }
        if filled < StructuralIndex.lookahead {
            (buffer + filled).update(repeating: UInt32(truncatingIfNeeded: count), count: StructuralIndex.lookahead)
            filled += StructuralIndex.lookahead
        }
        return (buffer, buffer + filled)
    }
}
