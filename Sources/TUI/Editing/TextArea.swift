/// A multi-line editor with optional line numbers and soft wrap. Only the lines on screen are
/// measured and drawn, so a 10 MB document renders as fast as a short one.
package struct TextArea: StatefulWidget {
    package var lineNumbers: Bool
    package var softWrap: Bool
    package var style: Style
    package var lineNumberStyle: Style
    package var selectionStyle: Style
    package var focused: Bool

    package init(
        lineNumbers: Bool = true, softWrap: Bool = false, style: Style = .plain,
        lineNumberStyle: Style = Style(modifiers: .dim), selectionStyle: Style = Style(modifiers: .reverse),
        focused: Bool = true
    ) {
        self.lineNumbers = lineNumbers
        self.softWrap = softWrap
        self.style = style
        self.lineNumberStyle = lineNumberStyle
        self.selectionStyle = selectionStyle
        self.focused = focused
    }

    package func render(in area: Rect, buffer: inout Buffer, state: inout TextEditorState) {
        guard !area.isEmpty else {
            state.screenCursor = nil
            return
        }
        buffer.setStyle(style, in: area)
        let gutter = lineNumbers ? String(state.lineCount).count + 1 : 0
        let textX = area.x + min(gutter, area.width)
        let textWidth = area.right - textX
        state.pageSize = area.height
        state.lastTextArea = Rect(x: textX, y: area.y, width: textWidth, height: area.height)
        if softWrap {
            renderWrapped(
                area: area, textX: textX, textWidth: textWidth, gutter: gutter, buffer: &buffer, state: &state)
        } else {
            renderScrolled(
                area: area, textX: textX, textWidth: textWidth, gutter: gutter, buffer: &buffer, state: &state)
        }
    }

    private func drawNumber(_ line: Int, y: Int, gutter: Int, area: Rect, buffer: inout Buffer) {
        guard gutter > 0 else { return }
        let text = String(line + 1)
        buffer.write(text, x: area.x + gutter - 1 - text.count, y: y, style: lineNumberStyle, maxX: area.x + gutter)
    }

    private func selectedColumns(of line: Int, state: TextEditorState) -> Range<Int>? {
        guard let selection = state.selection, line >= selection.lowerBound.line, line <= selection.upperBound.line
        else {
            return nil
        }
        let start = line == selection.lowerBound.line ? selection.lowerBound.column : 0
        // A selected line break shows as one selected cell past the end of the line.
        let end = line == selection.upperBound.line ? selection.upperBound.column : Int.max
        return start..<end
    }

    private func renderScrolled(
        area: Rect, textX: Int, textWidth: Int, gutter: Int, buffer: inout Buffer, state: inout TextEditorState
    ) {
        state.wrapWidth = nil
        let cursor = state.cursor
        if cursor.line < state.topLine { state.topLine = cursor.line }
        if cursor.line >= state.topLine + area.height { state.topLine = cursor.line - area.height + 1 }
        state.topLine = max(0, min(state.topLine, state.lineCount - 1))
        state.topRow = 0
        // Measuring the cursor line (a no-op unless it is long) gives the column lookups checkpoints.
        _ = state.wrapLayout(of: cursor.line, width: max(1, textWidth), throughColumn: cursor.column)
        let widthBeforeCursor = state.scrollHorizontally(width: textWidth)
        for row in 0..<area.height {
            let lineIndex = state.topLine + row
            guard lineIndex < state.lineCount else { break }
            let y = area.y + row
            drawNumber(lineIndex, y: y, gutter: gutter, area: area, buffer: &buffer)
            guard textWidth > 0 else { continue }
            if state.layouts[lineIndex] != nil {
                // A long line: measured (once, then cached) as far as the left edge for a checkpoint.
                _ = state.wrapLayout(of: lineIndex, width: max(1, textWidth), throughColumn: state.leftColumn)
            }
            let line = state.lines[lineIndex]
            let left = state.index(of: TextPosition(line: lineIndex, column: state.leftColumn))
            EditorGlyphs.draw(
                line[left...], firstOffset: state.leftColumn, x: textX, y: y, maxX: area.right, style: style,
                selected: selectedColumns(of: lineIndex, state: state), selectionStyle: selectionStyle,
                buffer: &buffer
            )
        }
        let y = area.y + cursor.line - state.topLine
        state.screenCursor = focused && textWidth > 0 ? Position(x: textX + widthBeforeCursor, y: y) : nil
    }

    private func renderWrapped(
        area: Rect, textX: Int, textWidth: Int, gutter: Int, buffer: inout Buffer, state: inout TextEditorState
    ) {
        state.leftColumn = 0
        let width = max(1, textWidth)
        state.wrapWidth = width
        let cursor = state.cursor
        let cursorRow = state.wrapLayout(of: cursor.line, width: width, throughColumn: cursor.column).rowIndex(
            containing: cursor.column)
        // Scroll up to the cursor, or down until the cursor's row fits on screen.
        if (cursor.line, cursorRow) < (state.topLine, state.topRow) {
            state.topLine = cursor.line
            state.topRow = cursorRow
        } else {
            var rowsAbove = cursorRow  // rows from (topLine, topRow) to the cursor's row
            var line = cursor.line - 1
            while line >= state.topLine, rowsAbove < area.height {
                let count = state.wrappedRowCount(of: line, width: width)
                rowsAbove += line == state.topLine ? count - state.topRow : count
                line -= 1
            }
            if cursor.line == state.topLine { rowsAbove -= state.topRow }
            if rowsAbove >= area.height {
                // Walk back from the cursor to fill the screen.
                var remaining = area.height - 1 - cursorRow
                var top = (cursor.line, cursorRow - min(cursorRow, area.height - 1))
                var previous = cursor.line - 1
                while remaining > 0, previous >= 0 {
                    let count = state.wrappedRowCount(of: previous, width: width)
                    if count > remaining {
                        top = (previous, count - remaining)
                        remaining = 0
                    } else {
                        top = (previous, 0)
                        remaining -= count
                    }
                    previous -= 1
                }
                state.topLine = top.0
                state.topRow = top.1
            }
        }
        var y = area.y
        var lineIndex = state.topLine
        var firstRow = state.topRow
        state.screenCursor = nil
        while y < area.bottom, lineIndex < state.lineCount {
            let layout = state.wrapLayout(of: lineIndex, width: width, rowCount: firstRow + area.bottom - y)
            let line = state.lines[lineIndex]
            let selected = selectedColumns(of: lineIndex, state: state)
            for rowIndex in min(firstRow, layout.rows.count - 1)..<layout.rows.count {
                guard y < area.bottom else { break }
                if rowIndex == 0 { drawNumber(lineIndex, y: y, gutter: gutter, area: area, buffer: &buffer) }
                let row = layout.rows[rowIndex]
                let start = line.utf8.index(line.utf8.startIndex, offsetBy: row.utf8)
                let end =
                    rowIndex + 1 < layout.rows.count
                    ? line.utf8.index(line.utf8.startIndex, offsetBy: layout.rows[rowIndex + 1].utf8) : line.endIndex
                if textWidth > 0 {
                    EditorGlyphs.draw(
                        line[start..<end], firstOffset: row.column, x: textX, y: y, maxX: area.right, style: style,
                        selected: selected, selectionStyle: selectionStyle, buffer: &buffer
                    )
                }
                if focused, textWidth > 0, lineIndex == cursor.line, rowIndex == cursorRow {
                    let x = line[start...].prefix(cursor.column - row.column).reduce(textX) {
                        $0 + EditorGlyphs.width(of: $1)
                    }
                    state.screenCursor = Position(x: min(x, area.right - 1), y: y)
                }
                y += 1
            }
            firstRow = 0
            lineIndex += 1
        }
    }
}
