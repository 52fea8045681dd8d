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

    /// Packs `entries` (64-bit `Tape` entries, offsets increasing) into exactly sized arrays.
    init(entries: UnsafeBufferPointer<UInt64>) {
        let count = entries.count
        let blockCount = (count + TapeStorage.blockSize - 1) >> TapeStorage.blockShift
        var wideBlocks = 0
        for block in 0..<blockCount where !TapeStorage.isNarrow(entries, block: block) { wideBlocks += 1 }
        var blocks = [UInt64](repeating: 0, count: blockCount)
        var wide = [UInt32](repeating: 0, count: wideBlocks * TapeStorage.blockSize)
        words = [UInt32](unsafeUninitializedCapacity: count) { words, initialized in
            var wideNext = 0
            for block in 0..<blockCount {
                let start = block << TapeStorage.blockShift
                let end = min(count, start + TapeStorage.blockSize)
                if TapeStorage.isNarrow(entries, block: block) {
                    let base = entries[start] & 0xFFFF_FFFF
                    blocks[block] = base
                    for index in start..<end {
                        let entry = entries[index]
                        words[index] =
                            UInt32(truncatingIfNeeded: entry >> 32) << 16
                            | UInt32(truncatingIfNeeded: (entry & 0xFFFF_FFFF) &- base)
                    }
                } else {
                    blocks[block] = TapeStorage.wideFlag | UInt64(wideNext)
                    for index in start..<end {
                        let entry = entries[index]
                        words[index] = UInt32(truncatingIfNeeded: entry >> 32) << 16
                        wide[wideNext + index - start] = UInt32(truncatingIfNeeded: entry)
                    }
                    wideNext += TapeStorage.blockSize
                }
            }
            initialized = count
        }
        self.blocks = blocks
        self.wide = wide
    }

    /// Whether block `block`'s offsets all fit in 16-bit deltas from its first offset.
    @inline(__always)
    static func isNarrow(_ entries: UnsafeBufferPointer<UInt64>, block: Int) -> Bool {
        let start = block << blockShift
        let last = min(entries.count, start + blockSize) - 1
        return (entries[last] & 0xFFFF_FFFF) &- (entries[start] & 0xFFFF_FFFF) <= maximumDelta
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
