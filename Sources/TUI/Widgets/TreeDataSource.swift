/// A node's position in a tree: child indices from the (invisible) root. `[]` is the root.
package typealias TreePath = [Int]

/// Where a `TreeView` gets its rows. Only the nodes on screen are ever asked for, so a source
/// can serve millions of nodes or load children lazily.
package protocol TreeDataSource {
    /// Number of children of the node at `path` (`[]`: top-level nodes), or `nil` while they are
    /// still loading (the node then shows a loading marker).
    func childCount(of path: TreePath) -> Int?
    /// Whether the node can be expanded, answered without loading its children.
    func isExpandable(_ path: TreePath) -> Bool
    /// The row text of a node.
    func label(of path: TreePath) -> Line
}
