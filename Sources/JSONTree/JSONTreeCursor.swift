/// Walks visible rows forward from a located start: O(1) per row (collapsed subtrees are
/// skipped with their stored sizes).
struct JSONTreeCursor {
    let view: JSONTreeView
    /// Ancestors of the current row's value, each with the position of the path child.
    var chain: [(container: Int, position: Int)]
    /// Tape index of the current row's value (the container for a closing row).
    var entry: Int
    var isClosing: Bool
    var finished = false

    init(view: JSONTreeView, start: JSONTreeLocation) {
        self.view = view
        self.chain = start.chain
        self.entry = start.entry
        self.isClosing = start.isClosing
    }

    var current: JSONTreeRow? {
        guard !finished else { return nil }
        let node = JSONNode(index: entry)
        let parent = chain.last
        return JSONTreeRow(
            node: node,
            depth: chain.count,
            isClosing: isClosing,
            isExpanded: view.isExpanded(node),
            position: parent?.position,
            parentKind: parent.map { view.document.kind(JSONNode(index: $0.container)) }
        )
    }

    mutating func advance() {
        let document = view.document
        if !isClosing, view.isExpanded(JSONNode(index: entry)) {
            chain.append((entry, 0))
            entry += 1
            return
        }
        let following = isClosing ? entry + document.payload(entry) + 1 : document.next(after: entry)
        guard let parent = chain.last else {
            finished = true
            return
        }
        if following == parent.container + document.payload(parent.container) {
            chain.removeLast()
            entry = parent.container
            isClosing = true
        } else {
            chain[chain.count - 1].position += 1
            entry = following
            isClosing = false
        }
    }
}

/// A row's value and its ancestors, as found by `JSONTreeLayout.locate`.
struct JSONTreeLocation {
    var chain: [(container: Int, position: Int)]
    var entry: Int
    var isClosing: Bool
}
