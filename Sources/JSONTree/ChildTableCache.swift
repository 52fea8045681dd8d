import Synchronization

/// Random access to the children of large containers: the tape index of every child, built once
/// per container on first use (O(children), skipping subtrees) and shared by every copy of the
/// document. Small containers are walked instead.
final class ChildTableCache: Sendable {
    /// Containers with at most this many children are walked rather than tabled.
    static let walkLimit = 64
    private let tables = Mutex<[Int: [UInt32]]>([:])

    /// The child table of the container at `index`.
    func table(for index: Int, in document: JSONDocument) -> [UInt32] {
        if let table = tables.withLock({ $0[index] }) { return table }
        let count = document.childCount(JSONNode(index: index))
        let table = document.tape.withUnsafeBufferPointer { tape in
            [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
                var child = index + 1
                while initialized < count {
                    buffer[initialized] = UInt32(truncatingIfNeeded: child)
                    initialized += 1
                    let entry = tape[child]
                    guard Tape.isContainerStart(entry) else {
                        child += 1
                        continue
                    }
                    let raw = Tape.rawPayload(entry)
                    child += (raw == Tape.overflowMarker ? document.payload(child) : Int(raw)) + 1
                }
            }
        }
        tables.withLock { $0[index] = table }
        return table
    }
}

extension JSONDocument {
    /// The child at `position` — O(1) after the first call for large containers.
    func childIndex(of container: Int, at position: Int) -> Int? {
        let node = JSONNode(index: container)
        let count = childCount(node)
        guard position >= 0, position < count else { return nil }
        if count <= ChildTableCache.walkLimit { return child(node, at: position)?.index }
        return Int(childTables.table(for: container, in: self)[position])
    }

    /// The position of the child whose subtree contains entry `index` (end entries included).
    func childPosition(in container: Int, containing index: Int) -> (position: Int, child: Int) {
        let node = JSONNode(index: container)
        if childCount(node) <= ChildTableCache.walkLimit {
            var position = 0
            var child = container + 1
            while true {
                let following = next(after: child)
                if index < following { return (position, child) }
                child = following
                position += 1
            }
        }
        let table = childTables.table(for: container, in: self)
        // Last child starting at or before `index`.
        var low = 0
        var high = table.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(table[middle]) <= index { low = middle } else { high = middle - 1 }
        }
        return (low, Int(table[low]))
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
