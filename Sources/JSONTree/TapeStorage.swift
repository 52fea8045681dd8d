/// The tape in about 4 bytes per entry instead of 8: entries are grouped in blocks of 64, and
/// since offsets only grow along the tape (it is in document order), a block whose entries all
/// lie within 64 KiB of its first one stores each offset as a 16-bit delta from a per-block base.
/// A block that spans more (a long string inside it) keeps full 32-bit offsets in `wide`.
///
/// ```
/// words[i]   bits 0...15  offset − base of block i / 64 (narrow blocks; 0 in wide blocks)
///            bits 16...31 bits 32...47 of the `Tape` entry (payload, kind, flags)
/// blocks[b]  narrow: the offset of the block's first entry
///            wide:   `wideFlag` | index of the block's first offset in `wide`
/// ```
///
/// Immutable after `init`; a value type of arrays, so it is `Sendable` and shared by copies.
struct TapeStorage: Sendable {
    static let blockShift = 6
    static let blockSize = 1 << blockShift
    /// The widest delta a narrow block stores (`words` keeps 16 bits of offset).
    static let maximumDelta: UInt64 = 0xFFFF
    static let wideFlag: UInt64 = 1 << 63

    let words: [UInt32]
    let blocks: [UInt64]
    let wide: [UInt32]

    init(words: [UInt32], blocks: [UInt64], wide: [UInt32]) {
        self.words = words
        self.blocks = blocks
        self.wide = wide
    }

    /// Packs ready-made 64-bit entries (offsets increasing) through a `TapeWriter`, as the
    /// parser does entry by entry: the seam the packing tests use below the parser.
    init(entries: UnsafeBufferPointer<UInt64>) {
        let packed = TapeStorage.write(capacity: entries.count) { writer in
            for entry in entries where !writer.append(entry) { return false }
            return true
        }
        self = packed ?? TapeStorage(words: [], blocks: [], wide: [])
    }

    /// Number of entries.
    var count: Int { words.count }

    /// Bytes allocated for the three arrays (capacity, not count).
    var memory: Int {
        words.capacity * MemoryLayout<UInt32>.stride + blocks.capacity * MemoryLayout<UInt64>.stride
            + wide.capacity * MemoryLayout<UInt32>.stride
    }

    /// Number of blocks that keep full offsets.
    var wideBlockCount: Int { wide.count >> TapeStorage.blockShift }

    /// Entry `index` in the 64-bit `Tape` layout.
    @inline(__always)
    subscript(index: Int) -> UInt64 {
        TapeStorage.entry(word: words[index], block: blocks[index >> TapeStorage.blockShift], index: index) {
            wide[$0]
        }
    }

    /// Runs `body` with a view over the raw storage (for hot loops: no bounds checks in release).
    func withView<Result>(_ body: (TapeView) -> Result) -> Result {
        words.withUnsafeBufferPointer { words in
            blocks.withUnsafeBufferPointer { blocks in
                wide.withUnsafeBufferPointer { wide in
                    body(TapeView(words: words, blocks: blocks, wide: wide))
                }
            }
        }
    }

    /// Rebuilds the 64-bit entry from its word and its block.
    @inline(__always)
    static func entry(word: UInt32, block: UInt64, index: Int, wide: (Int) -> UInt32) -> UInt64 {
        let offset =
            block & wideFlag == 0
            ? block &+ UInt64(word & 0xFFFF)
            : UInt64(wide(Int(truncatingIfNeeded: block & ~wideFlag) &+ (index & (blockSize - 1))))
        return offset | UInt64(word >> 16) << 32
    }
}

/// A borrowed view of a `TapeStorage`, valid inside `TapeStorage.withView`.
struct TapeView {
    let words: UnsafeBufferPointer<UInt32>
    let blocks: UnsafeBufferPointer<UInt64>
    let wide: UnsafeBufferPointer<UInt32>

    var count: Int { words.count }

    /// Entry `index` in the 64-bit `Tape` layout.
    @inline(__always)
    subscript(index: Int) -> UInt64 {
        TapeStorage.entry(word: words[index], block: blocks[index >> TapeStorage.blockShift], index: index) {
            wide[$0]
        }
    }
}
