/// Long lines: their cached lengths and wrapped rows, kept in step with edits.
extension TextEditorState {
    /// Starts a layout for `line` when it is long enough to be worth caching.
    mutating func cacheLayoutIfLong(_ line: Int) {
        let text = lines[line]
        layouts[line] = text.utf8.count >= LineLayoutCache.threshold ? LineLayout(characterCount: text.count) : nil
    }

    /// Replaces columns `from..<to` of long line `line` with `text` (no line breaks) in place,
    /// updating its length by counting only around the edit and keeping the rows before it.
    mutating func applyInLongLine(_ line: Int, from: Int, to: Int, text: String) {
        guard var layout = layouts[line] else { return }
        layouts[line] = nil
        // Indices and byte counts are taken before the edit without keeping a copy of the line,
        // so the edit happens in place instead of copying megabytes.
        let start = layout.index(ofColumn: from, in: lines[line])
        let end = layout.index(ofColumn: to, in: lines[line])
        // The window from one character before the edit to one after: a typed combining mark
        // joins the character before it, and the character after may join the inserted text.
        let windowStart = from > 0 ? lines[line].index(before: start) : start
        let windowEnd = to < layout.characterCount ? lines[line].index(after: end) : end
        let oldWindow = (to < layout.characterCount ? to + 1 : to) - (from > 0 ? from - 1 : from)
        let headBytes = lines[line].utf8.distance(from: lines[line].startIndex, to: windowStart)
        let tailBytes = lines[line].utf8.distance(from: windowEnd, to: lines[line].endIndex)
        lines[line].replaceSubrange(start..<end, with: text)
        let new = lines[line]
        let newStart = new.utf8.index(new.utf8.startIndex, offsetBy: headBytes)
        let newEnd = new.utf8.index(new.utf8.endIndex, offsetBy: -tailBytes)
        if String.Index(newStart, within: new) != nil, String.Index(newEnd, within: new) != nil {
            // Characters outside the window are split as before: both window ends are still
            // character boundaries, and splitting after a boundary does not look back past it.
            layout.characterCount += new[newStart..<newEnd].count - oldWindow
        } else {
            layout.characterCount = new.count
        }
        layout.truncate(before: from > 0 ? from - 1 : 0)
        layouts[line] = layout
    }

    /// The layout of `line` at `width` measured through `column`, cached for long lines.
    mutating func wrapLayout(of line: Int, width: Int, throughColumn column: Int) -> LineLayout {
        updateLayout(of: line) { $0.measure($1, width: width, throughColumn: column) }
    }

    /// The layout of `line` at `width` with at least `count` rows measured (`Int.max`: all).
    mutating func wrapLayout(of line: Int, width: Int, rowCount count: Int) -> LineLayout {
        updateLayout(of: line) { $0.measure($1, width: width, rowCount: count) }
    }

    /// Measures with the cached layout taken out of the cache meanwhile, so its arrays are
    /// extended in place rather than copied.
    private mutating func updateLayout(of line: Int, _ measure: (inout LineLayout, String) -> Void) -> LineLayout {
        let text = lines[line]
        guard var layout = layouts.layouts.removeValue(forKey: line) else {
            var layout = LineLayout(characterCount: text.count)
            measure(&layout, text)
            return layout
        }
        measure(&layout, text)
        layouts[line] = layout
        return layout
    }

    /// How many rows `line` takes wrapped at `width`.
    mutating func wrappedRowCount(of line: Int, width: Int) -> Int {
        wrapLayout(of: line, width: width, rowCount: .max).rows.count
    }

    /// Row `row` of `line` wrapped at `width`: its first column, the column after it, and
    /// whether it is the line's last row; `nil` past the last row.
    mutating func wrappedRow(_ row: Int, of line: Int, width: Int) -> (start: Int, end: Int, isLast: Bool)? {
        let layout = wrapLayout(of: line, width: width, rowCount: row + 2)
        guard row < layout.rows.count else { return nil }
        if row + 1 < layout.rows.count { return (layout.rows[row].column, layout.rows[row + 1].column, false) }
        return (layout.rows[row].column, layout.characterCount, true)
    }

    /// Moves the cursor `delta` screen rows (soft wrap), keeping its offset within the row.
    mutating func moveByRows(_ delta: Int, width: Int) {
        var line = cursor.line
        var row = wrapLayout(of: line, width: width, throughColumn: cursor.column).rowIndex(containing: cursor.column)
        let offset = preferredColumn ?? (cursor.column - (wrappedRow(row, of: line, width: width)?.start ?? 0))
        for _ in 0..<abs(delta) {
            if delta > 0 {
                if wrappedRow(row, of: line, width: width)?.isLast == false {
                    row += 1
                } else if line + 1 < lineCount {
                    line += 1
                    row = 0
                } else {
                    break
                }
            } else if row > 0 {
                row -= 1
            } else if line > 0 {
                line -= 1
                row = wrappedRowCount(of: line, width: width) - 1
            } else {
                break
            }
        }
        guard let target = wrappedRow(row, of: line, width: width) else { return }
        // A row that is not the last ends where the next begins: that column is drawn on the next row.
        let last = target.isLast ? target.end : target.end - 1
        cursor = TextPosition(line: line, column: min(target.start + offset, max(target.start, last)))
        preferredColumn = offset
    }
}

extension TextEditorState {
    /// Scrolls `leftColumn` so the cursor fits in `width` columns (with one spare column for a
    /// cursor at the end of the line) and returns the cursor's offset from the left edge. Walks
    /// back from the cursor at most one screen width.
    mutating func scrollHorizontally(width: Int) -> Int {
        let line = lines[cursor.line]
        leftColumn = min(leftColumn, cursor.column)
        var index = self.index(of: cursor)
        var column = cursor.column
        var used = 0
        while column > leftColumn {
            let previous = line.index(before: index)
            let w = EditorGlyphs.width(of: line[previous])
            if used + w >= width { break }
            used += w
            index = previous
            column -= 1
        }
        leftColumn = column
        return used
    }
}
