/// A handle to one value in a `JSONDocument`: its position on the tape. Cheap to copy, store
/// in sets (the tree view's expanded nodes) and compare — handles sort in document order.
package struct JSONNode: Hashable, Sendable, Comparable {
    /// Tape index of the value's entry.
    package let index: Int

    package init(index: Int) { self.index = index }

    package static func < (lhs: JSONNode, rhs: JSONNode) -> Bool { lhs.index < rhs.index }
}

/// One step of a node's location: an object member name or an array index.
package enum JSONPathComponent: Hashable, Sendable {
    case key(String)
    case index(Int)
}
