/// Cursor movements, shared by `TextInput` and `TextArea`.
package enum TextMovement: Hashable, Sendable {
    case left
    case right
    case up
    case down
    case wordLeft
    case wordRight
    case lineStart
    case lineEnd
    case pageUp
    case pageDown
    case documentStart
    case documentEnd
}

extension TextEditorState {
    /// Moves the cursor; with `selecting` the selection grows from where it was.
    package mutating func move(_ movement: TextMovement, selecting: Bool = false) {
        if selecting {
            if anchor == nil { anchor = cursor }
        } else if let selection, movement == .left || movement == .right {
            // Collapse the selection to the side the arrow points to.
            cursor = movement == .left ? selection.lowerBound : selection.upperBound
            anchor = nil
            return
        } else {
            anchor = nil
        }
        var keepColumn = false
        switch movement {
        case .left: cursor = position(before: cursor)
        case .right: cursor = position(after: cursor)
        case .wordLeft: cursor = wordStart(before: cursor)
        case .wordRight: cursor = wordEnd(after: cursor)
        case .lineStart: cursor.column = 0
        case .lineEnd: cursor.column = characterCount(of: cursor.line)
        case .documentStart: cursor = TextPosition(line: 0, column: 0)
        case .documentEnd: cursor = TextPosition(line: lineCount - 1, column: characterCount(of: lineCount - 1))
        case .up, .down, .pageUp, .pageDown:
            let step = movement == .up || movement == .down ? 1 : max(1, pageSize - 1)
            let delta = movement == .up || movement == .pageUp ? -step : step
            keepColumn = true
            if let wrapWidth, wrapWidth > 0, !singleLine {
                moveByRows(delta, width: wrapWidth)
                break
            }
            let column = preferredColumn ?? cursor.column
            cursor = TextPosition(line: cursor.line + delta, column: column)
            preferredColumn = column
        }
        if !keepColumn { preferredColumn = nil }
    }

    func position(before position: TextPosition) -> TextPosition {
        if position.column > 0 { return TextPosition(line: position.line, column: position.column - 1) }
        if position.line > 0 {
            return TextPosition(line: position.line - 1, column: characterCount(of: position.line - 1))
        }
        return position
    }

    func position(after position: TextPosition) -> TextPosition {
        if position.column < characterCount(of: position.line) {
            return TextPosition(line: position.line, column: position.column + 1)
        }
        if position.line < lineCount - 1 { return TextPosition(line: position.line + 1, column: 0) }
        return position
    }

    private static func isWord(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// Start of the word before `position` (skipping separators first), crossing line starts.
    func wordStart(before position: TextPosition) -> TextPosition {
        if position.column == 0 { return self.position(before: position) }
        let line = lines[position.line]
        var index = self.index(of: position)
        var column = position.column
        for wordPart in [false, true] {
            while index > line.startIndex {
                let previous = line.index(before: index)
                if Self.isWord(line[previous]) != wordPart { break }
                index = previous
                column -= 1
            }
        }
        return TextPosition(line: position.line, column: column)
    }

    /// End of the word after `position` (skipping separators first), crossing line ends.
    func wordEnd(after position: TextPosition) -> TextPosition {
        let count = characterCount(of: position.line)
        if position.column >= count { return self.position(after: position) }
        let line = lines[position.line]
        var index = self.index(of: position)
        var column = position.column
        for wordPart in [false, true] {
            while index < line.endIndex, Self.isWord(line[index]) == wordPart {
                index = line.index(after: index)
                column += 1
            }
        }
        return TextPosition(line: position.line, column: column)
    }
}
