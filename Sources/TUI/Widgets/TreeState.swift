/// Expanded nodes, selection and scroll offset of a `TreeView`.
///
/// Rows are the pre-order walk of expanded nodes. Converting between a row number and a path
/// costs time in proportion to the number of *expanded* nodes and the depth, never to the
/// number of rows, so a million-row tree scrolls as fast as a ten-row one.
package struct TreeState: Hashable, Sendable {
    package var selected: TreePath?
    /// The first row shown.
    package var offset: Int
    /// Expanded children of each expanded node (and of the root), kept sorted.
    private var expandedChildren: [TreePath: [Int]] = [:]
    /// Rows shown at the last render, used as the page size.
    package private(set) var pageSize = 10
    /// Where the rows were drawn at the last render, and the indent per level (for mouse hits).
    package internal(set) var lastArea: Rect = .zero
    var lastIndent = 2

    package init(selected: TreePath? = [0], offset: Int = 0) {
        self.selected = selected
        self.offset = offset
    }

    package func isExpanded(_ path: TreePath) -> Bool {
        guard let last = path.last else { return true }
        return expandedChildren[Array(path.dropLast())]?.contains(last) == true && ancestorsExpanded(path)
    }

    private func ancestorsExpanded(_ path: TreePath) -> Bool {
        var parent = Array(path.dropLast())
        while let last = parent.last {
            let grand = Array(parent.dropLast())
            guard expandedChildren[grand]?.contains(last) == true else { return false }
            parent = grand
        }
        return true
    }

    package mutating func expand(_ path: TreePath) {
        guard let last = path.last else { return }
        let parent = Array(path.dropLast())
        var list = expandedChildren[parent] ?? []
        guard !list.contains(last) else { return }
        let at = list.firstIndex { $0 > last } ?? list.count
        list.insert(last, at: at)
        expandedChildren[parent] = list
    }

    package mutating func collapse(_ path: TreePath) {
        guard let last = path.last else { return }
        let parent = Array(path.dropLast())
        expandedChildren[parent]?.removeAll { $0 == last }
        if let selected, selected.count > path.count, Array(selected.prefix(path.count)) == path {
            self.selected = path
        }
    }

    package mutating func toggle(_ path: TreePath) {
        if isExpanded(path) { collapse(path) } else { expand(path) }
    }

    /// Rows under `path` when it is expanded (its visible descendants).
    package func visibleDescendants(of path: TreePath, in source: some TreeDataSource) -> Int {
        var total = source.childCount(of: path) ?? 0
        for child in expandedChildren[path] ?? [] where child < (source.childCount(of: path) ?? 0) {
            total += visibleDescendants(of: path + [child], in: source)
        }
        return total
    }

    /// All visible rows.
    package func rowCount(in source: some TreeDataSource) -> Int { visibleDescendants(of: [], in: source) }

    /// The row number of a visible node.
    package func row(of path: TreePath, in source: some TreeDataSource) -> Int {
        var row = 0
        var parent: TreePath = []
        for index in path {
            row += index
            for child in expandedChildren[parent] ?? [] where child < index {
                row += visibleDescendants(of: parent + [child], in: source)
            }
            parent.append(index)
        }
        return row + path.count - 1
    }

    /// The node shown at `row`, or `nil` past the end.
    package func path(atRow row: Int, in source: some TreeDataSource) -> TreePath? {
        guard row >= 0 else { return nil }
        var remaining = row
        var parent: TreePath = []
        while true {
            let count = source.childCount(of: parent) ?? 0
            var index = 0
            var found = false
            for child in expandedChildren[parent] ?? [] where child < count {
                // Rows of plain siblings before this expanded child.
                if remaining < child - index { break }
                remaining -= child - index
                index = child
                if remaining == 0 { return parent + [child] }
                let below = visibleDescendants(of: parent + [child], in: source)
                if remaining <= below {
                    parent.append(child)
                    remaining -= 1
                    found = true
                    break
                }
                remaining -= 1 + below
                index = child + 1
            }
            if found { continue }
            let target = index + remaining
            return target < count ? parent + [target] : nil
        }
    }

    /// The next visible node in pre-order.
    package func next(after path: TreePath, in source: some TreeDataSource) -> TreePath? {
        if isExpanded(path), let count = source.childCount(of: path), count > 0 { return path + [0] }
        var current = path
        while let last = current.last {
            let parent = Array(current.dropLast())
            if last + 1 < source.childCount(of: parent) ?? 0 { return parent + [last + 1] }
            current = parent
        }
        return nil
    }

    /// Moves the selection or expands/collapses, the way arrows and hjkl do in file trees.
    package mutating func apply(_ action: NavigationAction, in source: some TreeDataSource) {
        let total = rowCount(in: source)
        guard total > 0 else {
            selected = nil
            return
        }
        let current = selected.map { row(of: $0, in: source) } ?? 0
        func select(row: Int) { selected = path(atRow: min(max(0, row), total - 1), in: source) }
        switch action {
        case .up: select(row: current - 1)
        case .down: select(row: current + 1)
        case .pageUp: select(row: current - max(1, pageSize - 1))
        case .pageDown: select(row: current + max(1, pageSize - 1))
        case .top: select(row: 0)
        case .bottom: select(row: total - 1)
        case .right:
            guard let selected, source.isExpandable(selected) else { return }
            if isExpanded(selected) {
                if (source.childCount(of: selected) ?? 0) > 0 { self.selected = selected + [0] }
            } else {
                expand(selected)
            }
        case .left:
            guard let selected else { return }
            if isExpanded(selected), source.isExpandable(selected) {
                collapse(selected)
            } else if selected.count > 1 {
                self.selected = Array(selected.dropLast())
            }
        }
    }

    /// Click selects the row under the pointer (a click on its ▸/▾ marker also expands or
    /// collapses it); the wheel moves the selection.
    package mutating func handle(_ mouse: MouseEvent, in source: some TreeDataSource) -> Bool {
        switch mouse.kind {
        case .scrollUp: apply(.up, in: source)
        case .scrollDown: apply(.down, in: source)
        case .press(.left):
            guard lastArea.contains(mouse.position),
                let path = path(atRow: offset + mouse.position.y - lastArea.y, in: source)
            else { return false }
            selected = path
            let markerX = lastArea.x + (path.count - 1) * lastIndent
            if source.isExpandable(path), mouse.position.x >= markerX, mouse.position.x < markerX + 2 { toggle(path) }
        default: return false
        }
        return true
    }

    mutating func scrollIntoView(height: Int, in source: some TreeDataSource) {
        pageSize = max(1, height)
        let total = rowCount(in: source)
        offset = min(offset, max(0, total - height))
        if let selected {
            let row = row(of: selected, in: source)
            if row < offset { offset = row }
            if row >= offset + height { offset = row - height + 1 }
        }
        offset = max(0, offset)
    }
}
