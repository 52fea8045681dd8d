/// Random access to the children of large containers without a table per child: the parser
/// records the tape index of every 64th child (children 64, 128, …) of every container, so the
/// child at any position is at most 63 sibling skips from a checkpoint. Finding it costs
/// O(log checkpoints + 64) from the first call on — no per-container build — for about 8 bytes
/// per 64 children.
struct ChildCheckpoints: Sendable {
    static let stride = 64

    /// `container << 32 | child` (tape indices), sorted: each container's checkpoints are
    /// contiguous and in child order.
    let entries: [UInt64]

    /// Sorts the parser's checkpoints (containers interleave while they are open).
    init(unsorted: [UInt64]) {
        // Most documents have no container of 64 children: keep the shared empty array as it is
        // (building it through `unsafeUninitializedCapacity` writes its shared header, a race
        // ThreadSanitizer reports when two threads parse at once).
        guard !unsorted.isEmpty else {
            entries = []
            return
        }
        var entries = [UInt64](unsafeUninitializedCapacity: unsorted.count) { buffer, initialized in
            for (index, entry) in unsorted.enumerated() { buffer[index] = entry }
            initialized = unsorted.count
        }
        entries.sort()
        self.entries = entries
    }

    /// Bytes allocated.
    var memory: Int { entries.capacity * MemoryLayout<UInt64>.stride }

    /// The positions in `entries` of `container`'s checkpoints.
    func range(of container: Int) -> Range<Int> {
        let key = UInt64(container) << 32
        return lowerBound(key)..<lowerBound(key + (1 << 32))
    }

    /// The tape index of the child recorded at `checkpoint`.
    func child(_ checkpoint: Int) -> Int { Int(truncatingIfNeeded: entries[checkpoint] & 0xFFFF_FFFF) }

    /// The last checkpoint in `range` whose child starts at or before tape index `index`.
    func last(in range: Range<Int>, atOrBefore index: Int) -> Int? {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if child(middle) <= index { low = middle + 1 } else { high = middle }
        }
        return low > range.lowerBound ? low - 1 : nil
    }

    private func lowerBound(_ key: UInt64) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension JSONDocument {
    /// The tape index of the child at `position`: O(log checkpoints + 64).
    func childIndex(of container: Int, at position: Int) -> Int? {
        guard position >= 0, position < childCount(JSONNode(index: container)) else { return nil }
        var child = container + 1
        var remaining = position
        if position >= ChildCheckpoints.stride {
            let range = checkpoints.range(of: container)
            let checkpoint = range.lowerBound + position / ChildCheckpoints.stride - 1
            guard checkpoint < range.upperBound else { return nil }
            child = checkpoints.child(checkpoint)
            remaining = position % ChildCheckpoints.stride
        }
        while remaining > 0 {
            child = next(after: child)
            remaining -= 1
        }
        return child
    }

    /// The position of the child whose subtree contains entry `index` (end entries included).
    func childPosition(in container: Int, containing index: Int) -> (position: Int, child: Int) {
        var position = 0
        var child = container + 1
        if childCount(JSONNode(index: container)) > ChildCheckpoints.stride {
            let range = checkpoints.range(of: container)
            if let checkpoint = checkpoints.last(in: range, atOrBefore: index) {
                position = (checkpoint - range.lowerBound + 1) * ChildCheckpoints.stride
                child = checkpoints.child(checkpoint)
            }
        }
        while true {
            let following = next(after: child)
            if index < following { return (position, child) }
            child = following
            position += 1
        }
    }

    /// The containers enclosing entry `index` from the root down, each with the position of the
    /// child on the way. For an end entry, the chain ends at the parent of its container, and
    /// `container` is that container.
    func locate(_ index: Int) -> (chain: [(container: Int, position: Int)], closing: Int?) {
        var chain: [(container: Int, position: Int)] = []
        var current = 0
        while current != index {
            let end = current + payload(current)
            if index == end { return (chain, current) }
            let (position, child) = childPosition(in: current, containing: index)
            chain.append((current, position))
            current = child
        }
        return (chain, nil)
    }
}
