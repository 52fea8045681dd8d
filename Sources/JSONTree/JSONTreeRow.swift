/// One visible line of the tree view.
package struct JSONTreeRow: Hashable, Sendable {
    /// The value on this line; for a closing line, the container being closed.
    package let node: JSONNode
    /// Nesting level (the root is 0); a closing line has its container's depth.
    package let depth: Int
    /// The line shows the `}` or `]` of an expanded container.
    package let isClosing: Bool
    /// The container is expanded (always false for scalars and empty containers).
    package let isExpanded: Bool
    /// Index in the parent (array index, or member number in an object); nil for the root.
    package let position: Int?
    /// The parent's kind: whether `position` is an array index or the member has a key.
    package let parentKind: JSONKind?

    package init(
        node: JSONNode,
        depth: Int,
        isClosing: Bool,
        isExpanded: Bool,
        position: Int?,
        parentKind: JSONKind?
    ) {
        self.node = node
        self.depth = depth
        self.isClosing = isClosing
        self.isExpanded = isExpanded
        self.position = position
        self.parentKind = parentKind
    }
}
