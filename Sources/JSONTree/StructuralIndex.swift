internal import CJSONKernel

/// The offsets of a body's structural bytes (CJSONKernel's stage one: brackets, colons and commas
/// outside strings, unescaped quotes, escaping backslashes, the first byte of each number or
/// literal), produced a window at a time as the parser asks for them, so the index never costs
/// more than a window's worth of memory and its bytes are still in cache when the parser reads them.
///
/// The parser reads the offsets between a cursor and a limit it keeps in registers, and asks for
/// the next window when the cursor reaches the limit; after the last offset, the window holds the
/// body's size (as many times as it is asked).
struct StructuralIndex: ~Copyable {
    /// Bytes indexed per call of the kernel: a multiple of its 64-byte block, small enough that
    /// the window and its offsets stay in the core's cache while the parser reads them.
    static let window = 16_384

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
        buffer = .allocate(capacity: StructuralIndex.window + 64)
        indexed = start
        lazer_json_index_start(&state)
    }

    deinit { buffer.deallocate() }

    /// Whether the whole body was indexed without a control character inside a string, and
    /// without ending inside one.
    var isClean: Bool { indexed == count && state.control == 0 && state.in_string == 0 }

    /// The next window's offsets: where they start and end.
    @inline(never)
    mutating func refill() -> (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>) {
        while indexed < count {
            let length = min(StructuralIndex.window, count - indexed)
            let written = lazer_json_index_read(
                &state, base + indexed, length, UInt32(truncatingIfNeeded: indexed), buffer)
            indexed += length
            if written > 0 { return (buffer, buffer + written) }
        }
        buffer[0] = UInt32(truncatingIfNeeded: count)
        return (buffer, buffer + 1)
    }
}
