/// A grid of cells that widgets render into; `Terminal` diffs two of them to find what to draw.
///
/// All writes clip to the buffer's area. Writing over half of a wide character blanks the other
/// half, so the grid never holds an orphaned continuation cell.
package struct Buffer: Hashable, Sendable {
    package private(set) var area: Rect
    package private(set) var cells: [Cell]

    package init(area: Rect, filling cell: Cell = .blank) {
        self.area = area
        self.cells = Array(repeating: cell, count: area.area)
    }

    package init(size: Size) {
        self.init(area: Rect(size: size))
    }

    /// The cell at (x, y), or a blank cell outside the area.
    package subscript(x x: Int, y y: Int) -> Cell {
        guard let index = index(x, y) else { return .blank }
        return cells[index]
    }

    func index(_ x: Int, _ y: Int) -> Int? {
        guard x >= area.x, x < area.right, y >= area.y, y < area.bottom else { return nil }
        return (y - area.y) * area.width + (x - area.x)
    }

    /// Fills every cell with `cell` (a fresh frame).
    package mutating func reset(to cell: Cell = .blank) {
        cells.withUnsafeMutableBufferPointer { $0.update(repeating: cell) }
    }

    /// Changes the area; contents are cleared.
    package mutating func resize(to area: Rect) {
        self.area = area
        cells = Array(repeating: .blank, count: area.area)
    }

    /// Places one cell, keeping wide characters whole. Wide cells that do not fit become blanks.
    package mutating func set(_ x: Int, _ y: Int, _ cell: Cell) {
        guard let i = index(x, y) else { return }
        let left = area.x
        let right = area.right
        cells.withUnsafeMutableBufferPointer { cells in
            Buffer.place(cell, at: i, x: x, left: left, right: right, in: cells)
        }
    }

    /// `set` on the raw storage: `i` is the index of column `x`, whose row spans `left..<right`.
    @inline(__always)
    private static func place(
        _ cell: Cell, at i: Int, x: Int, left: Int, right: Int, in cells: UnsafeMutableBufferPointer<Cell>
    ) {
        let old = cells[i]
        // Most writes put a narrow cell over a narrow cell: nothing around it changes.
        if old.width == 1, cell.width == 1 {
            cells[i] = cell
            return
        }
        if old.isContinuation, x > left {
            cells[i - 1] = .blank(cells[i - 1].style)
        }
        if old.width == 2, x + 1 < right {
            cells[i + 1] = .blank(cells[i + 1].style)
        }
        if cell.width == 2 {
            guard x + 1 < right else {
                cells[i] = .blank(cell.style)
                return
            }
            if cells[i + 1].width == 2, x + 2 < right {
                cells[i + 2] = .blank(cells[i + 2].style)
            }
            cells[i] = cell
            cells[i + 1] = .continuation(cell.style)
        } else {
            cells[i] = cell
        }
    }

    /// Writes `text` from (x, y) rightwards, unsafe characters made visible, stopping at `maxX`
    /// (exclusive) or the buffer edge. The style is patched onto what is already there.
    /// Returns the column after the last character written.
    @discardableResult
    package mutating func write(
        _ text: some StringProtocol, x: Int, y: Int, style: Style = .plain, maxX: Int? = nil
    ) -> Int {
        guard y >= area.y, y < area.bottom else { return x }
        let limit = min(maxX ?? area.right, area.right)
        var column = x
        let utf8 = text.utf8
        var index = utf8.startIndex
        let rowStart = (y - area.y) * area.width - area.x
        while index < utf8.endIndex, column < limit {
            let byte = utf8[index]
            let next = utf8.index(after: index)
            // Fast path: printable ASCII not followed by a combining sequence is one narrow cell.
            if byte >= 0x20, byte < 0x7F, next == utf8.endIndex || utf8[next] < 0x80 {
                if column >= area.x {
                    let i = rowStart + column
                    if cells[i].width == 1 {
                        cells[i] = Cell(scalar: UInt32(byte), width: 1, style: cells[i].style.patched(with: style))
                    } else {
                        put(Character(Unicode.Scalar(byte)), width: 1, column, y, style)
                    }
                }
                column += 1
                index = next
                continue
            }
            guard let character = text[index...].first else { break }
            var stop = false
            VisibleText.forEachCell(of: character) { cluster, width in
                if stop { return }
                if column + width > limit {
                    stop = true
                    return
                }
                if column >= area.x { put(cluster, width: width, column, y, style) }
                column += width
            }
            if stop { break }
            index = text.index(after: index)
        }
        return column
    }

    private mutating func put(_ cluster: Character, width: Int, _ x: Int, _ y: Int, _ style: Style) {
        set(x, y, Cell(safe: cluster, width: width, style: self[x: x, y: y].style.patched(with: style)))
    }

    /// Patches `style` onto every cell of `rect` (clipped), keeping the symbols.
    package mutating func setStyle(_ style: Style, in rect: Rect) {
        let clipped = rect.intersection(area)
        guard !clipped.isEmpty else { return }
        for y in clipped.y..<clipped.bottom {
            var i = (y - area.y) * area.width + (clipped.x - area.x)
            for _ in 0..<clipped.width {
                cells[i].style = cells[i].style.patched(with: style)
                i += 1
            }
        }
    }

    /// Overwrites every cell of `rect` (clipped) with `cell`.
    package mutating func fill(_ rect: Rect, with cell: Cell) {
        let clipped = rect.intersection(area)
        guard !clipped.isEmpty else { return }
        let left = area.x
        let right = area.right
        let width = area.width
        let top = area.y
        cells.withUnsafeMutableBufferPointer { cells in
            for y in clipped.y..<clipped.bottom {
                let rowStart = (y - top) * width - left
                guard cell.width == 1 else {
                    for x in stride(from: clipped.x, to: clipped.right, by: cell.width == 2 ? 2 : 1) {
                        Buffer.place(cell, at: rowStart + x, x: x, left: left, right: right, in: cells)
                    }
                    continue
                }
                // Only wide characters cut by the edges of the run have a half outside it to blank.
                let first = rowStart + clipped.x
                let last = rowStart + clipped.right - 1
                if cells[first].isContinuation, clipped.x > left { cells[first - 1] = .blank(cells[first - 1].style) }
                if cells[last].width == 2, clipped.right < right { cells[last + 1] = .blank(cells[last + 1].style) }
                UnsafeMutableBufferPointer(rebasing: cells[first...last]).update(repeating: cell)
            }
        }
    }

    /// The updates that turn this buffer into `next`. A different area means every cell.
    package func diff(to next: Buffer) -> [CellUpdate] {
        var updates: [CellUpdate] = []
        diff(to: next, into: &updates)
        return updates
    }

    /// `diff(to:)` into `updates` (emptied first), so a caller can reuse one array every frame.
    package func diff(to next: Buffer, into updates: inout [CellUpdate]) {
        updates.removeAll(keepingCapacity: true)
        if next.area != area {
            updates.reserveCapacity(next.cells.count)
            next.forEachDrawable { updates.append($0) }
            return
        }
        let width = area.width
        guard width > 0 else { return }
        let x0 = area.x
        var y = area.y
        next.cells.withUnsafeBufferPointer { nextCells in
            cells.withUnsafeBufferPointer { oldCells in
                var rowStart = 0
                while rowStart < nextCells.count {
                    for i in rowStart..<(rowStart + width) {
                        let cell = nextCells[i]
                        if cell != oldCells[i], !cell.isContinuation {
                            updates.append(CellUpdate(x: x0 + i - rowStart, y: y, cell: cell))
                        }
                    }
                    rowStart += width
                    y += 1
                }
            }
        }
    }

    /// Calls `body` with every cell a backend must draw to show this buffer from scratch.
    package func forEachDrawable(_ body: (CellUpdate) -> Void) {
        let width = area.width
        guard width > 0 else { return }
        cells.withUnsafeBufferPointer { cells in
            var i = 0
            for y in area.y..<area.bottom {
                for x in area.x..<area.right {
                    let cell = cells[i]
                    if !cell.isContinuation { body(CellUpdate(x: x, y: y, cell: cell)) }
                    i += 1
                }
            }
        }
    }

    /// The text of each row, continuation cells skipped: the format of snapshot files.
    package func textDump() -> String {
        var lines: [String] = []
        lines.reserveCapacity(area.height)
        for row in 0..<area.height {
            var line = ""
            for column in 0..<area.width {
                let cell = cells[row * area.width + column]
                if !cell.isContinuation { line += cell.symbol }
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
