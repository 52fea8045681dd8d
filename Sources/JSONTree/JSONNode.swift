/// A handle to one value in a `JSONDocument`: its position on the tape. Cheap to copy, store
/// in sets (the tree view's expanded nodes) and compare — handles sort in document order.
public struct JSONNode: Hashable, Sendable, Comparable {
    /// Tape index of the value's entry.
    public let index: Int

    public init(index: Int) { self.index = index }

    public static func < (lhs: JSONNode, rhs: JSONNode) -> Bool { lhs.index < rhs.index }
}

/// One step of a node's location: an object member name or an array index.
public enum JSONPathComponent: Hashable, Sendable {
    case key(String)
    case index(Int)
}
