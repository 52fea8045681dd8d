/// Selection, scroll position and filter text of a `ListView`; kept by the app between frames.
///
/// `selected` is an index into the *unfiltered* items, so a selection survives filtering.
package struct ListState: Hashable, Sendable {
    package var selected: Int?
    package var offset: Int
    /// Case-insensitive text the items are narrowed to (empty: all items).
    package var filter: String
    /// Rows shown at the last render, used as the page size.
    package private(set) var pageSize: Int = 10
    /// Where the rows were drawn at the last render (for mouse hits).
    package internal(set) var lastArea: Rect = .zero

    package init(selected: Int? = 0, offset: Int = 0, filter: String = "") {
        self.selected = selected
        self.offset = offset
        self.filter = filter
    }

    /// Indices of the items that match the filter, in order.
    package func visibleIndices(of items: [String]) -> [Int] {
        guard !filter.isEmpty else { return Array(items.indices) }
        return items.indices.filter { TextMatch.substring(filter, in: items[$0]) != nil }
    }

    /// Moves the selection among the visible items.
    package mutating func apply(_ action: NavigationAction, items: [String]) {
        let visible = visibleIndices(of: items)
        guard !visible.isEmpty else {
            selected = nil
            return
        }
        let current = selected.flatMap { visible.firstIndex(of: $0) } ?? -1
        let target: Int
        switch action {
        case .up, .left: target = current < 0 ? 0 : current - 1
        case .down, .right: target = current + 1
        case .pageUp: target = current - max(1, pageSize - 1)
        case .pageDown: target = current + max(1, pageSize - 1)
        case .top: target = 0
        case .bottom: target = visible.count - 1
        }
        selected = visible[min(max(0, target), visible.count - 1)]
    }

    /// Moves the selection to the next (or previous) item containing `query`, wrapping around:
    /// `n`/`N` after a search. Returns `false` when no item matches.
    @discardableResult
    package mutating func selectMatch(_ query: String, items: [String], forward: Bool = true) -> Bool {
        let visible = visibleIndices(of: items)
        guard !visible.isEmpty, !query.isEmpty else { return false }
        let current = selected.flatMap { visible.firstIndex(of: $0) } ?? (forward ? -1 : visible.count)
        for step in 1...visible.count {
            let position = ((current + (forward ? step : -step)) % visible.count + visible.count) % visible.count
            if TextMatch.substring(query, in: items[visible[position]]) != nil {
                selected = visible[position]
                return true
            }
        }
        return false
    }

    /// Adds typed text to the filter and keeps a matching item selected.
    package mutating func typeFilter(_ text: String, items: [String]) {
        filter += text
        refilter(items: items)
    }

    /// Removes the last filter character.
    package mutating func deleteFilterCharacter(items: [String]) {
        if !filter.isEmpty { filter.removeLast() }
        refilter(items: items)
    }

    package mutating func clearFilter(items: [String]) {
        filter = ""
        refilter(items: items)
    }

    /// Routes a key to the filter while the user is filtering: printable characters extend it,
    /// Backspace shortens it, Esc clears it. Returns `false` for keys the filter does not use.
    package mutating func handleFilterKey(_ key: KeyEvent, items: [String]) -> Bool {
        switch key.key {
        case .character(let c) where key.modifiers.isEmpty || key.modifiers == .shift:
            typeFilter(String(c), items: items)
        case .backspace where key.modifiers.isEmpty:
            deleteFilterCharacter(items: items)
        case .escape:
            clearFilter(items: items)
        default:
            return false
        }
        return true
    }

    private mutating func refilter(items: [String]) {
        let visible = visibleIndices(of: items)
        if let selected, visible.contains(selected) { return }
        selected = visible.first
        offset = 0
    }

    /// Click selects the row under the pointer; the wheel moves the selection.
    package mutating func handle(_ mouse: MouseEvent, items: [String]) -> Bool {
        switch mouse.kind {
        case .scrollUp: apply(.up, items: items)
        case .scrollDown: apply(.down, items: items)
        case .press(.left):
            guard lastArea.contains(mouse.position) else { return false }
            let visible = visibleIndices(of: items)
            let row = offset + mouse.position.y - lastArea.y
            guard visible.indices.contains(row) else { return false }
            selected = visible[row]
        default: return false
        }
        return true
    }

    mutating func scrollIntoView(position: Int?, count: Int, height: Int) {
        pageSize = max(1, height)
        offset = min(offset, max(0, count - height))
        guard let position else { return }
        if position < offset { offset = position }
        if position >= offset + height { offset = position - height + 1 }
        offset = max(0, offset)
    }
}
