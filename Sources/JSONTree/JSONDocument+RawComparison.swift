/// Byte-level comparisons between two documents, for the structural diff (`JSONDiff`): equal
/// bytes mean equal values, so most of two similar bodies is compared eight bytes at a time and
/// never decoded.
extension JSONDocument {
    /// Where `node`'s text here and `other`'s text in `document` first differ, as an offset from
    /// the start of each value (a container's text covers its whole subtree); nil when they are
    /// the same bytes. The first `verified` bytes are taken as already known to be equal. Equal
    /// bytes imply equal values; the converse does not hold (`1.0` and `1`, `"\u0041"` and
    /// `"A"`, members in another order).
    package func firstDifference(
        _ node: JSONNode,
        from verified: Int = 0,
        as other: JSONNode,
        in document: JSONDocument
    ) -> Int? {
        let mine = byteRange(node)
        let theirs = document.byteRange(other)
        let count = min(mine.count, theirs.count)
        // Over borrowed bytes (mapped files), a long run is compared a window at a time and each
        // window's pages handed back: two equal 40 MB bodies never hold both wholly in memory.
        let window = bytes.isBorrowed || document.bytes.isBorrowed ? JSONPageRelease.stride : Int.max
        var start = min(verified, count)
        while true {
            let end = count - start > window ? start + window : count
            let found = bytes.withUnsafeBufferPointer { left in
                document.bytes.withUnsafeBufferPointer { right -> Int in
                    guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return 0 }
                    return firstDifferentByte(
                        leftBase + mine.lowerBound, rightBase + theirs.lowerBound, from: start, end)
                }
            }
            if found < end { return found }
            guard end < count else { break }
            releaseBytes(mine.lowerBound + start..<mine.lowerBound + end)
            document.releaseBytes(theirs.lowerBound + start..<theirs.lowerBound + end)
            start = end
        }
        return mine.count == theirs.count ? nil : count
    }

    /// Whether two members have the same name: raw bytes when neither has escapes, decoded
    /// otherwise. False when either is not an object member.
    package func sameKey(_ node: JSONNode, as other: JSONNode, in document: JSONDocument) -> Bool {
        let mine = entry(node)
        let theirs = document.entry(other)
        guard Tape.isKeyed(mine), Tape.isKeyed(theirs) else { return false }
        if Tape.keyHasEscapes(mine) || Tape.keyHasEscapes(theirs) { return key(node) == document.key(other) }
        let start = Tape.offset(mine) + 1
        let otherStart = Tape.offset(theirs) + 1
        let length = stringEnd(from: start) - start
        guard document.stringEnd(from: otherStart) - otherStart == length else { return false }
        return bytes.withUnsafeBufferPointer { left in
            document.bytes.withUnsafeBufferPointer { right in
                guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return length == 0 }
                return firstDifferentByte(leftBase + start, rightBase + otherStart, from: 0, length) == length
            }
        }
    }

    /// Whether a string value was sent with escapes (`\n`, `\u00e9`): only then can two
    /// different byte sequences decode to the same text.
    package func stringHasEscapes(_ node: JSONNode) -> Bool {
        kind(node) == .string && Tape.valueFlag(entry(node))
    }
}

/// The index of the first byte in `start..<count` where the two differ (`count` when none),
/// eight bytes at a time: a subtree can be megabytes.
@inline(__always)
private func firstDifferentByte(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, from start: Int, _ count: Int)
    -> Int
{
    let left = UnsafeRawPointer(lhs)
    let right = UnsafeRawPointer(rhs)
    var index = start
    while index &+ 8 <= count {
        let difference =
            left.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            ^ right.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        if difference != 0 { return index &+ UInt64(littleEndian: difference).trailingZeroBitCount / 8 }
        index &+= 8
    }
    while index < count {
        if lhs[index] != rhs[index] { return index }
        index &+= 1
    }
    return count
}
