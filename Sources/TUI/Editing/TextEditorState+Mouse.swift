extension TextEditorState {
    /// A click places the cursor on the character under the pointer, a drag selects from where
    /// the button went down, and the wheel moves the cursor three rows (the view follows it).
    /// Positions come from the last render, so call this between renders of a `TextArea`.
    package mutating func handle(_ mouse: MouseEvent) -> Bool {
        switch mouse.kind {
        case .scrollUp, .scrollDown:
            let up = mouse.kind == .scrollUp
            for _ in 0..<3 { move(up ? .up : .down) }
        case .press(.left):
            guard lastTextArea.contains(mouse.position) else { return false }
            anchor = nil
            cursor = position(atScreen: mouse.position)
            preferredColumn = nil
        case .drag(.left):
            guard !lastTextArea.isEmpty else { return false }
            if anchor == nil { anchor = cursor }
            cursor = position(atScreen: mouse.position)
            preferredColumn = nil
        default:
            return false
        }
        return true
    }

    /// The text position drawn at a screen cell of the last render; points outside the text
    /// area go to the nearest row and column.
    mutating func position(atScreen point: Position) -> TextPosition {
        let dy = min(max(0, point.y - lastTextArea.y), max(0, lastTextArea.height - 1))
        let dx = max(0, point.x - lastTextArea.x)
        var line = min(topLine, lineCount - 1)
        let start: Int
        let last: Int
        if let width = wrapWidth {
            var row = topRow
            var pastTheEnd = false
            for _ in 0..<dy {
                if wrappedRow(row, of: line, width: width)?.isLast == false {
                    row += 1
                } else if line + 1 < lineCount {
                    line += 1
                    row = 0
                } else {
                    pastTheEnd = true
                    break
                }
            }
            guard let target = wrappedRow(row, of: line, width: width) else {
                return TextPosition(line: line, column: characterCount(of: line))
            }
            if pastTheEnd { return TextPosition(line: line, column: target.end) }
            start = target.start
            last = target.isLast ? target.end : target.end - 1
        } else {
            if topLine + dy >= lineCount {
                return TextPosition(line: lineCount - 1, column: characterCount(of: lineCount - 1))
            }
            line = topLine + dy
            start = min(leftColumn, characterCount(of: line))
            last = characterCount(of: line)
        }
        let text = lines[line]
        var index = self.index(of: TextPosition(line: line, column: start))
        var column = start
        var used = 0
        while column < last, index < text.endIndex {
            let width = EditorGlyphs.width(of: text[index])
            if used + width > dx { break }
            used += width
            column += 1
            index = text.index(after: index)
        }
        return TextPosition(line: line, column: column)
    }
}
