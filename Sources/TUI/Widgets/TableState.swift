/// Selected row and scroll offset of a `Table` (or any row list without filtering).
package struct TableState: Hashable, Sendable {
    package var selected: Int?
    package var offset: Int
    package private(set) var pageSize = 10
    /// Where the rows (not the header) were drawn at the last render (for mouse hits).
    package internal(set) var lastArea: Rect = .zero

    package init(selected: Int? = 0, offset: Int = 0) {
        self.selected = selected
        self.offset = offset
    }

    package mutating func apply(_ action: NavigationAction, count: Int) {
        guard count > 0 else {
            selected = nil
            return
        }
        let current = selected ?? -1
        let target: Int
        switch action {
        case .up, .left: target = current - 1
        case .down, .right: target = current + 1
        case .pageUp: target = current - max(1, pageSize - 1)
        case .pageDown: target = current + max(1, pageSize - 1)
        case .top: target = 0
        case .bottom: target = count - 1
        }
        selected = min(max(0, target), count - 1)
    }

    /// Click selects the row under the pointer; the wheel moves the selection.
    package mutating func handle(_ mouse: MouseEvent, count: Int) -> Bool {
        switch mouse.kind {
        case .scrollUp: apply(.up, count: count)
        case .scrollDown: apply(.down, count: count)
        case .press(.left):
            guard lastArea.contains(mouse.position) else { return false }
            let row = offset + mouse.position.y - lastArea.y
            guard row < count else { return false }
            selected = row
        default: return false
        }
        return true
    }

    mutating func scrollIntoView(count: Int, height: Int) {
        pageSize = max(1, height)
        offset = min(offset, max(0, count - height))
        if let selected {
            if selected < offset { offset = selected }
            if selected >= offset + height { offset = selected - height + 1 }
        }
        offset = max(0, offset)
    }
}
