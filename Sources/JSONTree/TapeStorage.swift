import Glibc

/// The tape in about 3 bytes per entry instead of 8. Entries are grouped in blocks of 64, and
/// since offsets only grow along the tape (it is in document order), most blocks store each
/// offset as a small delta:
///
/// - **dense** (3 bytes an entry): the block's 64 entries in four groups of 16; each group's
///   first offset lies within 1,023 bytes of the block's first, and each entry within 255 bytes
///   of its group's first (numbers, keys and short strings: most of a typical body);
/// - **narrow** (4 bytes): within 65,535 bytes of the block's first offset;
/// - **wide** (4 bytes of meta, full 32-bit offsets in `wide`): a block spanning more (a long
///   string inside it).
///
/// ```
/// bytes      the blocks one after another, each 64 × 3 (dense) or 64 × 4 bytes, then slack
///            dense entry   byte 0 offset − group base; bytes 1...2 bits 32...47 of the `Tape` entry
///            narrow entry  bytes 0...1 offset − block base (0 in wide blocks); bytes 2...3 the meta
/// blocks[b]  bits  0...31 the offset of the block's first entry (wide: index of its first
///                         offset in `wide`); bits 32...59 the block's position in `bytes` / 64;
///            bit 62 dense, bit 63 wide
/// groups[b]  dense blocks: bits 0...9, 10...19, 20...29 — the first offsets of groups 1, 2, 3
///            less the block's first
/// ```
///
/// Immutable after `init`; a value type of arrays and one immutable buffer, so it is `Sendable`
/// and shared by copies.
struct TapeStorage: Sendable {
    static let blockShift = 6
    static let blockSize = 1 << blockShift
    static let groupShift = 4
    /// The widest delta a narrow block stores (16 bits of offset).
    static let maximumDelta: UInt64 = 0xFFFF
    /// The widest delta from a dense entry to its group's first offset (8 bits).
    static let maximumDenseDelta: UInt64 = 0xFF
    /// The widest delta from a dense block's first offset to a group's first (10 bits).
    static let maximumGroupBase: UInt64 = 0x3FF
    static let wideFlag: UInt64 = 1 << 63
    static let denseFlag: UInt64 = 1 << 62
    static let positionShift: UInt64 = 32
    static let positionMask: UInt64 = 0x0FFF_FFFF
    /// Bytes past the last entry: a dense entry is read and written as 4 bytes.
    static let slack = 4

    let bytes: TapeBytes
    let blocks: [UInt64]
    let groups: [UInt32]
    let wide: [UInt32]
    /// Number of entries.
    let count: Int

    /// Packs ready-made 64-bit entries (offsets increasing) through a `TapeWriter`, as the
    /// parser does entry by entry: the seam the packing tests use below the parser.
    init(entries: UnsafeBufferPointer<UInt64>) {
        let packed = TapeStorage.write(capacity: entries.count) { writer in
            for entry in entries where !writer.append(entry) { return false }
            return true
        }
        self = packed ?? TapeStorage(bytes: TapeBytes(count: 0), blocks: [], groups: [], wide: [], count: 0)
    }

    init(bytes: TapeBytes, blocks: [UInt64], groups: [UInt32], wide: [UInt32], count: Int) {
        self.bytes = bytes
        self.blocks = blocks
        self.groups = groups
        self.wide = wide
        self.count = count
    }

    /// Bytes the tape holds: what its entries use, and the arrays' capacity.
    var memory: Int {
        bytes.count + blocks.capacity * MemoryLayout<UInt64>.stride + groups.capacity * MemoryLayout<UInt32>.stride
            + wide.capacity * MemoryLayout<UInt32>.stride
    }

    /// Number of blocks that keep full offsets.
    var wideBlockCount: Int { wide.count >> TapeStorage.blockShift }

    /// Number of blocks stored 3 bytes an entry.
    var denseBlockCount: Int { blocks.reduce(0) { $0 + ($1 & TapeStorage.denseFlag == 0 ? 0 : 1) } }

    /// Entry `index` in the 64-bit `Tape` layout.
    @inline(__always)
    subscript(index: Int) -> UInt64 {
        precondition(index >= 0 && index < count, "tape index out of range")
        let block = index >> TapeStorage.blockShift
        return TapeStorage.entry(
            bytes: UnsafeRawPointer(bytes.pointer), block: blocks[block], groups: groups[block], index: index
        ) { wide[$0] }
    }

    /// Runs `body` with a view over the raw storage (for hot loops: no bounds checks in release).
    func withView<Result>(_ body: (TapeView) -> Result) -> Result {
        blocks.withUnsafeBufferPointer { blocks in
            groups.withUnsafeBufferPointer { groups in
                wide.withUnsafeBufferPointer { wide in
                    body(
                        TapeView(
                            bytes: UnsafeRawPointer(bytes.pointer), blocks: blocks, groups: groups, wide: wide,
                            count: count))
                }
            }
        }
    }

    /// Rebuilds the 64-bit entry from its bytes and its block.
    @inline(__always)
    static func entry(
        bytes: UnsafeRawPointer, block: UInt64, groups: UInt32, index: Int, wide: (Int) -> UInt32
    ) -> UInt64 {
        let inBlock = index & (blockSize - 1)
        let position = position(ofBlock: block)
        let base = block & 0xFFFF_FFFF
        if block & denseFlag != 0 {
            let word = UInt64(bytes.loadUnaligned(fromByteOffset: position &+ 3 &* inBlock, as: UInt32.self))
            return dense(word, groupOffset: base &+ groupBase(groups, inBlock: inBlock))
        }
        let word = UInt64(bytes.loadUnaligned(fromByteOffset: position &+ 4 &* inBlock, as: UInt32.self))
        let offset =
            block & wideFlag == 0 ? base &+ (word & 0xFFFF) : UInt64(wide(Int(truncatingIfNeeded: base) &+ inBlock))
        return offset | (word >> 16) << 32
    }

    /// Where a block (its `blocks` word) starts in `bytes`.
    @inline(__always)
    static func position(ofBlock word: UInt64) -> Int {
        Int(truncatingIfNeeded: (word >> positionShift) & positionMask) << blockShift
    }

    /// The first offset of the group holding entry `inBlock` of a dense block, less the block's
    /// first (group 0 starts at the block's base: shifting the groups word up by 10 puts a 0 there).
    @inline(__always)
    static func groupBase(_ groups: UInt32, inBlock: Int) -> UInt64 {
        ((UInt64(groups) << 10) >> UInt64(10 &* (inBlock >> groupShift))) & maximumGroupBase
    }

    /// The 64-bit entry of a dense entry's word (its low 3 bytes) whose group starts at `groupOffset`.
    @inline(__always)
    static func dense(_ word: UInt64, groupOffset: UInt64) -> UInt64 {
        (groupOffset &+ (word & 0xFF)) | (word >> 8 & 0xFFFF) << 32
    }
}

/// The tape's bytes: one allocation, freed with the last storage that shares it.
final class TapeBytes: @unchecked Sendable {
    // Written only by the `TapeWriter` that fills it, before any storage shares it.
    let pointer: UnsafeMutableRawPointer
    let count: Int

    /// An allocation of `count` bytes (at least the slack), uninitialised.
    init(count: Int) {
        let size = max(count, TapeStorage.slack)
        // As a Swift array would: a tape that cannot be allocated at all ends the process.
        guard let allocated = malloc(size) else { fatalError("out of memory for a JSON index of \(size) bytes") }
        pointer = allocated
        self.count = size
    }

    /// Takes over `pointer` (from `malloc`), of which the tape uses the first `count` bytes.
    init(adopting pointer: UnsafeMutableRawPointer, count: Int) {
        self.pointer = pointer
        self.count = count
    }

    deinit { free(pointer) }
}

/// A borrowed view of a `TapeStorage`, valid inside `TapeStorage.withView`.
struct TapeView {
    let bytes: UnsafeRawPointer
    let blocks: UnsafeBufferPointer<UInt64>
    let groups: UnsafeBufferPointer<UInt32>
    let wide: UnsafeBufferPointer<UInt32>
    let count: Int

    /// Entry `index` in the 64-bit `Tape` layout.
    @inline(__always)
    subscript(index: Int) -> UInt64 {
        let block = index >> TapeStorage.blockShift
        return TapeStorage.entry(bytes: bytes, block: blocks[block], groups: groups[block], index: index) {
            wide[$0]
        }
    }
}
