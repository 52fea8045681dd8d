import Glibc

/// Builds a `TapeStorage` while the parser runs: each entry is packed as it is appended (a block
/// starts dense, turns narrow on the first entry too far for 8-bit deltas, and wide on the first
/// too far for 16-bit ones), so there is no 8-byte scratch tape and no second pass.
///
/// The buffers come from `TapeStorage.write`, sized by an upper bound on the entry count;
/// `append` reports when that bound is reached instead of writing past it. Every field is a plain
/// value or pointer (the wide offsets too, grown by hand), so the parser's hot loop keeps the
/// writer in registers; `TapeStorage.write` frees the wide buffer.
struct TapeWriter {
    let bytes: UnsafeMutableRawPointer
    let blocks: UnsafeMutablePointer<UInt64>
    let groups: UnsafeMutablePointer<UInt32>
    let capacity: Int
    private(set) var count = 0
    /// The offset of the current block's first entry.
    private var blockBase: UInt64 = 0
    /// A base past every offset: `offset &- unused` wraps to more than any delta stored.
    static let unused: UInt64 = 1 << 40
    /// The offset of the current group's first entry in a dense block, `unused` otherwise.
    private var groupBase: UInt64 = 0
    /// The offset of the current block's first entry in a narrow block, `unused` otherwise.
    private var narrowBase: UInt64 = TapeWriter.unused
    /// Where the current block starts in `bytes`, and its bytes per entry (3 dense, 4 otherwise).
    private(set) var blockPosition = 0
    private(set) var blockStride = 3
    /// Where the current block starts.
    private var blockAddress: UnsafeMutableRawPointer
    private var blockIsWide = false
    /// Whether the last dense block had to turn narrow (see `startBlock`).
    private var lastTurnedNarrow = false
    /// Full offsets of wide blocks, 64 per block: `wideCount` used of `wideCapacity`.
    private(set) var wide: UnsafeMutablePointer<UInt32>?
    private(set) var wideCount = 0
    private var wideCapacity = 0
    /// Told that the body before an offset is parsed (borrowed bytes: their pages can go), each
    /// time a block starts `JSONPageRelease.stride` bytes past the last time: the check costs one
    /// compare per 64 entries.
    var release: ((Int) -> Void)? {
        didSet { releaseMark = release == nil ? .max : UInt64(JSONPageRelease.stride) }
    }
    private var releaseMark = UInt64.max

    init(
        bytes: UnsafeMutableRawPointer, blocks: UnsafeMutablePointer<UInt64>, groups: UnsafeMutablePointer<UInt32>,
        capacity: Int
    ) {
        self.bytes = bytes
        blockAddress = bytes
        self.blocks = blocks
        self.groups = groups
        self.capacity = capacity
    }

    /// Bytes written so far, the slack after the last entry included.
    var usedBytes: Int {
        blockPosition + blockStride * (count - ((count - 1) & ~(TapeStorage.blockSize - 1))) + TapeStorage.slack
    }

    /// Appends one entry in the 64-bit `Tape` layout; false when the buffers are full. The capacity
    /// is a whole number of blocks, so only a block's first entry (the slow path) can find them full.
    @inline(__always)
    mutating func append(_ entry: UInt64) -> Bool {
        let offset = entry & 0xFFFF_FFFF
        let meta = UInt32(truncatingIfNeeded: entry >> 32) & 0xFFFF
        // Inside a group of a dense block, or inside a narrow block: a compare or two and one
        // store. The base a block's kind does not use is `unused`, so its delta never fits.
        // The address comes from `count` (kept in a register anyway), not from a cursor advanced
        // entry by entry: a second value carried from one append to the next slows the loop.
        let inBlock = count & (TapeStorage.blockSize - 1)
        if inBlock != 0 {
            if inBlock & ((1 << TapeStorage.groupShift) - 1) != 0 {
                let dense = offset &- groupBase
                if dense <= TapeStorage.maximumDenseDelta {
                    store(dense: meta << 8 | UInt32(truncatingIfNeeded: dense), at: inBlock)
                    return true
                }
            }
            let narrow = offset &- narrowBase
            if narrow <= TapeStorage.maximumDelta {
                store(narrow: meta << 16 | UInt32(truncatingIfNeeded: narrow), at: inBlock)
                return true
            }
        }
        return appendSlowly(offset, meta: meta)
    }

    /// Every other entry: the first of a block or of a group, or one that does not fit its block.
    @inline(never)
    private mutating func appendSlowly(_ offset: UInt64, meta: UInt32) -> Bool {
        let inBlock = count & (TapeStorage.blockSize - 1)
        if inBlock == 0 {
            guard count < capacity else { return false }
            startBlock(at: offset)
        } else if inBlock & ((1 << TapeStorage.groupShift) - 1) == 0, blockStride == 3 {
            startGroup(at: offset, inBlock: inBlock)
        }
        if blockStride == 3 {
            let delta = offset &- groupBase
            if delta <= TapeStorage.maximumDenseDelta {
                store(dense: meta << 8 | UInt32(truncatingIfNeeded: delta), at: inBlock)
                return true
            }
            makeNarrow()
        }
        let delta = offset &- blockBase
        var low = UInt32(truncatingIfNeeded: delta)
        if delta > TapeStorage.maximumDelta || blockIsWide {
            appendWide(offset)
            low = 0
        }
        store(narrow: meta << 16 | low, at: inBlock)
        return true
    }

    /// Writes a dense entry (delta in the low byte, meta above it) as 4 bytes, the last of which
    /// the next entry (or the slack) overwrites.
    @inline(__always)
    private mutating func store(dense word: UInt32, at inBlock: Int) {
        (blockAddress + 3 &* inBlock).storeBytes(of: word, as: UInt32.self)
        count &+= 1
    }

    @inline(__always)
    private mutating func store(narrow word: UInt32, at inBlock: Int) {
        (blockAddress + 4 &* inBlock).storeBytes(of: word, as: UInt32.self)
        count &+= 1
    }

    /// ORs payload bits (in the `Tape` layout, bits 32...47) into entry `index`.
    @inline(__always)
    func addPayload(_ bits: UInt64, at index: Int) {
        let meta: UnsafeMutableRawPointer
        if index >= count & ~(TapeStorage.blockSize - 1) {
            // The current block (most containers are small): where it is and how wide, at hand.
            meta = bytes + (blockPosition &+ blockStride &* (index & (TapeStorage.blockSize - 1)) &+ blockStride &- 2)
        } else {
            let block = blocks[index >> TapeStorage.blockShift]
            let stride = block & TapeStorage.denseFlag == 0 ? 4 : 3
            let inBlock = index & (TapeStorage.blockSize - 1)
            meta = bytes + (TapeStorage.position(ofBlock: block) &+ stride &* inBlock &+ stride &- 2)
        }
        let old = meta.loadUnaligned(as: UInt16.self)
        meta.storeBytes(of: old | UInt16(truncatingIfNeeded: bits >> 32), as: UInt16.self)
    }

    /// A new block starts at `offset`, after the last one's bytes: dense, unless the last block
    /// had to turn narrow (long strings, as in a log) — then narrow, trying dense again every
    /// eighth block, so a body of long values does not rewrite nearly every block.
    private mutating func startBlock(at offset: UInt64) {
        if count > 0 { blockPosition &+= blockStride << TapeStorage.blockShift }
        blockAddress = bytes + blockPosition
        blockBase = offset
        blockIsWide = false
        let block = count >> TapeStorage.blockShift
        let position = UInt64(blockPosition >> TapeStorage.blockShift) << TapeStorage.positionShift
        if lastTurnedNarrow, block & 7 != 0 {
            groupBase = TapeWriter.unused
            narrowBase = offset
            blockStride = 4
            blocks[block] = offset | position
        } else {
            lastTurnedNarrow = false
            groupBase = offset
            narrowBase = TapeWriter.unused
            blockStride = 3
            blocks[block] = offset | position | TapeStorage.denseFlag
        }
        groups[block] = 0
        if offset >= releaseMark { releaseBehind(offset) }
    }

    /// A dense block's next group of 16 starts at `offset`, or the block turns narrow when that
    /// is too far from its first offset.
    private mutating func startGroup(at offset: UInt64, inBlock: Int) {
        let relative = offset &- blockBase
        guard relative <= TapeStorage.maximumGroupBase else { return makeNarrow() }
        groups[count >> TapeStorage.blockShift] |=
            UInt32(truncatingIfNeeded: relative) << UInt32(10 * ((inBlock >> TapeStorage.groupShift) - 1))
        groupBase = offset
    }

    /// Rewrites the current dense block's entries as narrow ones (4 bytes, 16-bit deltas from the
    /// block's base), last first so none is overwritten before it is read.
    @inline(never)
    private mutating func makeNarrow() {
        let block = count >> TapeStorage.blockShift
        let groupsWord = groups[block]
        var index = count & (TapeStorage.blockSize - 1)
        while index > 0 {
            index -= 1
            let word = UInt64((bytes + blockPosition + 3 * index).loadUnaligned(as: UInt32.self))
            let entry = TapeStorage.dense(word, groupOffset: TapeStorage.groupBase(groupsWord, inBlock: index))
            // The offset less the block's base (at most 1,023 + 255), then the meta, as a narrow word.
            (bytes + blockPosition + 4 * index).storeBytes(
                of: UInt32(truncatingIfNeeded: entry >> 32) << 16 | UInt32(truncatingIfNeeded: entry), as: UInt32.self)
        }
        blockStride = 4
        lastTurnedNarrow = true
        groupBase = TapeWriter.unused
        narrowBase = blockBase
        blocks[block] &= ~TapeStorage.denseFlag
        groups[block] = 0
    }

    /// Hands back the pages before `offset` (nothing after it has been read yet: entries are
    /// appended in document order, and a value is scanned before it is appended).
    @inline(never)
    private mutating func releaseBehind(_ offset: UInt64) {
        release?(Int(truncatingIfNeeded: offset))
        releaseMark = offset + UInt64(JSONPageRelease.stride)
    }

    /// The slow path: the current (narrow) block spans more than 16-bit deltas reach. Its first
    /// wide entry moves the offsets written so far to `wide`; every later entry of the block goes
    /// there too.
    @inline(never)
    private mutating func appendWide(_ offset: UInt64) {
        let block = count >> TapeStorage.blockShift
        let inBlock = count & (TapeStorage.blockSize - 1)
        if !blockIsWide {
            blockIsWide = true
            narrowBase = TapeWriter.unused
            let base = wideCount
            if base + TapeStorage.blockSize > wideCapacity {
                let grown = UnsafeMutablePointer<UInt32>.allocate(capacity: max(1_024, wideCapacity * 2))
                if let wide {
                    grown.moveInitialize(from: wide, count: wideCount)
                    wide.deallocate()
                }
                wide = grown
                wideCapacity = max(1_024, wideCapacity * 2)
            }
            guard let wide else { return }
            (wide + base).initialize(repeating: 0, count: TapeStorage.blockSize)
            wideCount += TapeStorage.blockSize
            for index in 0..<inBlock {
                let word = bytes + blockPosition + 4 * index
                let low = word.loadUnaligned(as: UInt32.self)
                wide[base + index] = UInt32(truncatingIfNeeded: blockBase + UInt64(low & 0xFFFF))
                word.storeBytes(of: low & 0xFFFF_0000, as: UInt32.self)
            }
            blocks[block] =
                TapeStorage.wideFlag | UInt64(blockPosition >> TapeStorage.blockShift) << TapeStorage.positionShift
                | UInt64(base)
        }
        wide?[Int(truncatingIfNeeded: blocks[block] & 0xFFFF_FFFF) + inBlock] = UInt32(truncatingIfNeeded: offset)
    }
}

extension TapeStorage {
    /// Runs `fill` with a writer with room for `capacity` entries and keeps what it wrote; nil when
    /// `fill` returns false. The block arrays are copied to their exact size only when the bound
    /// left more than 1/16 of them unused (`memory` counts their capacity).
    static func write(capacity: Int, _ fill: (inout TapeWriter) -> Bool) -> TapeStorage? {
        // Whole blocks: `append` checks for room only where a block starts.
        let capacity = (max(1, capacity) + blockSize - 1) & ~(blockSize - 1)
        let blockCapacity = (capacity + blockSize - 1) >> blockShift
        // Room for every entry at 4 bytes. The end a denser tape leaves is not given back: this
        // tape never touches it (fresh pages stay unmapped; pages the allocator reused were
        // resident anyway), and a `realloc` made glibc map fresh pages for each next document.
        let byteCapacity = capacity * 4 + slack
        guard let raw = malloc(byteCapacity) else {
            fatalError("out of memory for a JSON index of \(byteCapacity) bytes")
        }
        var succeeded = false
        var count = 0
        var used = 0
        var wide: [UInt32] = []
        var groups: [UInt32] = []
        let blocks = [UInt64](unsafeUninitializedCapacity: blockCapacity) { blockBuffer, blockCount in
            groups = [UInt32](unsafeUninitializedCapacity: blockCapacity) { groupBuffer, groupCount in
                guard let blockBase = blockBuffer.baseAddress, let groupBase = groupBuffer.baseAddress else { return }
                var writer = TapeWriter(bytes: raw, blocks: blockBase, groups: groupBase, capacity: capacity)
                succeeded = fill(&writer)
                count = succeeded ? writer.count : 0
                used = count == 0 ? slack : writer.usedBytes
                groupCount = (count + blockSize - 1) >> blockShift
                wide = [UInt32](UnsafeBufferPointer(start: writer.wide, count: writer.wideCount))
                writer.wide?.deallocate()
            }
            blockCount = (count + blockSize - 1) >> blockShift
        }
        guard succeeded else {
            free(raw)
            return nil
        }
        return TapeStorage(
            bytes: TapeBytes(adopting: raw, count: used), blocks: trimmed(blocks), groups: trimmed(groups),
            wide: trimmed(wide), count: count)
    }

    /// `array` itself, or a copy with no spare capacity when more than 1/16 of it is unused.
    static func trimmed<Element: BitwiseCopyable>(_ array: [Element]) -> [Element] {
        guard array.capacity - array.count > array.capacity / 16 else { return array }
        // An empty array is the shared empty storage: building it through
        // `unsafeUninitializedCapacity` writes that shared header (ThreadSanitizer reports it
        // when two threads parse at once).
        guard !array.isEmpty else { return [] }
        return [Element](unsafeUninitializedCapacity: array.count) { buffer, initialized in
            array.withUnsafeBufferPointer { source in
                guard let from = source.baseAddress, let to = buffer.baseAddress else { return }
                to.initialize(from: from, count: source.count)
            }
            initialized = array.count
        }
    }
}
