/// Builds a `TapeStorage` while the parser runs: each entry is packed as it is appended (16-bit
/// delta from its block's first offset, or the block turns wide on the first entry that does not
/// fit), so there is no 8-byte scratch tape and no second pass.
///
/// The buffers come from `TapeStorage.write`, sized by an upper bound on the entry count;
/// `append` reports when that bound is reached instead of writing past it. Every field is a plain
/// value or pointer (the wide offsets too, grown by hand), so the parser's hot loop keeps the
/// writer in registers; `TapeStorage.write` frees the wide buffer.
struct TapeWriter {
    let words: UnsafeMutablePointer<UInt32>
    let blocks: UnsafeMutablePointer<UInt64>
    let capacity: Int
    private(set) var count = 0
    /// The offset of the current block's first entry.
    private var blockBase: UInt64 = 0
    private var blockIsWide = false
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

    init(words: UnsafeMutablePointer<UInt32>, blocks: UnsafeMutablePointer<UInt64>, capacity: Int) {
        self.words = words
        self.blocks = blocks
        self.capacity = capacity
    }

    /// Appends one entry in the 64-bit `Tape` layout; false when the buffers are full.
    @inline(__always)
    mutating func append(_ entry: UInt64) -> Bool {
        guard count < capacity else { return false }
        let offset = entry & 0xFFFF_FFFF
        if count & (TapeStorage.blockSize - 1) == 0 {
            blockBase = offset
            blockIsWide = false
            blocks[count >> TapeStorage.blockShift] = offset
            if offset >= releaseMark { releaseBehind(offset) }
        }
        let delta = offset &- blockBase
        var low = UInt32(truncatingIfNeeded: delta)
        if delta > TapeStorage.maximumDelta || blockIsWide {
            appendWide(offset)
            low = 0
        }
        words[count] = UInt32(truncatingIfNeeded: entry >> 32) << 16 | low
        count &+= 1
        return true
    }

    /// ORs payload bits (in the `Tape` layout, bits 32...47) into entry `index`.
    @inline(__always)
    func addPayload(_ bits: UInt64, at index: Int) {
        words[index] |= UInt32(truncatingIfNeeded: bits >> 32) << 16
    }

    /// Hands back the pages before `offset` (nothing after it has been read yet: entries are
    /// appended in document order, and a value is scanned before it is appended).
    @inline(never)
    private mutating func releaseBehind(_ offset: UInt64) {
        release?(Int(truncatingIfNeeded: offset))
        releaseMark = offset + UInt64(JSONPageRelease.stride)
    }

    /// The slow path: the current block spans more than 16-bit deltas reach. Its first wide entry
    /// moves the offsets written so far to `wide`; every later entry of the block goes there too.
    @inline(never)
    private mutating func appendWide(_ offset: UInt64) {
        let block = count >> TapeStorage.blockShift
        let start = block << TapeStorage.blockShift
        if !blockIsWide {
            blockIsWide = true
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
            for index in start..<count {
                wide[base + index - start] = UInt32(truncatingIfNeeded: blockBase + UInt64(words[index] & 0xFFFF))
                words[index] &= 0xFFFF_0000
            }
            blocks[block] = TapeStorage.wideFlag | UInt64(base)
        }
        wide?[Int(truncatingIfNeeded: blocks[block] & ~TapeStorage.wideFlag) + count - start] =
            UInt32(truncatingIfNeeded: offset)
    }
}

extension TapeStorage {
    /// Runs `fill` with a writer with room for `capacity` entries and keeps what it wrote; nil when
    /// `fill` returns false. The arrays are copied to their exact size only when the bound left more
    /// than 1/16 of them unused (`memory` counts capacity, so any slack kept is reported).
    static func write(capacity: Int, _ fill: (inout TapeWriter) -> Bool) -> TapeStorage? {
        let capacity = max(1, capacity)
        let blockCapacity = (capacity + blockSize - 1) >> blockShift
        var succeeded = false
        var count = 0
        var wide: [UInt32] = []
        var blocks: [UInt64] = []
        let words = [UInt32](unsafeUninitializedCapacity: capacity) { wordBuffer, wordCount in
            blocks = [UInt64](unsafeUninitializedCapacity: blockCapacity) { blockBuffer, blockCount in
                guard let wordBase = wordBuffer.baseAddress, let blockBase = blockBuffer.baseAddress else { return }
                var writer = TapeWriter(words: wordBase, blocks: blockBase, capacity: capacity)
                succeeded = fill(&writer)
                count = succeeded ? writer.count : 0
                blockCount = (count + blockSize - 1) >> blockShift
                wide = [UInt32](UnsafeBufferPointer(start: writer.wide, count: writer.wideCount))
                writer.wide?.deallocate()
            }
            wordCount = count
        }
        guard succeeded else { return nil }
        return TapeStorage(words: trimmed(words), blocks: trimmed(blocks), wide: trimmed(wide))
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
