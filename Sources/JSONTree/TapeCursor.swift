/// Reads a `TapeView`'s entries one after another (printing, searching) or hopping forward
/// (siblings): a block's base, kind and place are worked out once, when the first entry of it is
/// read, so each entry after that costs one load whose address does not wait for another — random
/// access (`TapeView[_:]`) first loads the entry's block.
struct TapeCursor {
    private let tape: TapeView
    /// The next entry `next()` reads.
    private(set) var index: Int
    private var loadedBlock = -1
    private var address = UnsafeRawPointer(bitPattern: 1).unsafelyUnwrapped
    private var base: UInt64 = 0
    private var groups: UInt64 = 0
    /// 3 (dense), 4 (narrow), 0 (wide: its offsets are read from `wide`).
    private var stride = 0

    init(_ tape: TapeView, at index: Int = 0) {
        self.tape = tape
        self.index = index
    }

    /// Entry `index`, then moves to the next one. Call only while `index < tape.count`.
    @inline(__always)
    mutating func next() -> UInt64 {
        let entry = self[index]
        index &+= 1
        return entry
    }

    /// Entry `index` (in range), loading its block when it is not the last one read.
    @inline(__always)
    subscript(index: Int) -> UInt64 {
        mutating get {
            if index >> TapeStorage.blockShift != loadedBlock { load(index >> TapeStorage.blockShift) }
            let inBlock = index & (TapeStorage.blockSize - 1)
            if stride == 3 {
                let word = UInt64(address.loadUnaligned(fromByteOffset: 3 &* inBlock, as: UInt32.self))
                let groupBase = (groups >> UInt64(inBlock & 0x30)) & TapeStorage.maximumGroupBase
                return TapeStorage.dense(word, groupOffset: base &+ groupBase)
            }
            let word = UInt64(address.loadUnaligned(fromByteOffset: 4 &* inBlock, as: UInt32.self))
            let offset =
                stride == 4 ? base &+ (word & 0xFFFF) : UInt64(tape.wide[Int(truncatingIfNeeded: base) &+ inBlock])
            return offset | (word >> 16) << 32
        }
    }

    /// Takes block `block`: where it is, its base and kind, its group bases spread 16 bits apart
    /// (so entry i's is a shift by `i & 0x30`).
    @inline(never)
    private mutating func load(_ block: Int) {
        loadedBlock = block
        let word = tape.blocks[block]
        address = tape.bytes + TapeStorage.position(ofBlock: word)
        base = word & 0xFFFF_FFFF
        if word & TapeStorage.denseFlag != 0 {
            stride = 3
            let packed = UInt64(tape.groups[block])
            groups = (packed & 0x3FF) << 16 | (packed >> 10 & 0x3FF) << 32 | (packed >> 20 & 0x3FF) << 48
        } else {
            stride = word & TapeStorage.wideFlag == 0 ? 4 : 0
        }
    }
}
