/// The text, cursor, selection, undo history and scroll position behind `TextInput` (one line)
/// and `TextArea` (many lines).
///
/// Text is stored as an array of lines, so an edit costs time in proportion to the line it
/// touches and rendering visits only the lines on screen: a 10 MB document stays responsive.
/// Columns count grapheme clusters (Swift `Character`s).
///
/// Line breaks are `\n` or `\r\n` (see `LineBreak`), and each line remembers its own: `text`
/// gives back exactly the text loaded, so a CRLF document is saved as CRLF. Enter and pasted text
/// use `lineEnding`, the document's first break. A lone `\r` inside a line is kept (and drawn
/// as `␍`).
package struct TextEditorState: Hashable, Sendable {
    package internal(set) var lines: [String]
    /// The break after each line but the last (`lineBreaks.count == lines.count - 1`).
    package private(set) var lineBreaks: [LineBreak]
    /// The break Enter and pasted line breaks insert: the document's first one (LF without one).
    package var lineEnding: LineBreak
    package var cursor: TextPosition {
        didSet { cursor = clamped(cursor) }
    }
    /// The other end of the selection, or `nil` when nothing is selected.
    package var anchor: TextPosition?
    /// Newlines are not allowed: pasted line breaks become spaces.
    package let singleLine: Bool
    /// Editing code (a JSON body): Tab indents and Enter keeps the line's indentation (see
    /// `TextEditorState+Indentation.swift`); otherwise Tab is left to the app.
    package var indentsCode = false
    var undoStack: [TextEdit] = []
    var redoStack: [TextEdit] = []
    var preferredColumn: Int?

    /// Scroll position: first line (and wrapped row within it) shown, first column shown.
    package var topLine = 0
    package var topRow = 0
    package var leftColumn = 0
    /// Rows shown at the last render (the page size for PgUp/PgDn).
    package internal(set) var pageSize = 10
    /// Where the cursor was drawn at the last render or layout (for `Frame.cursor`); a caller that
    /// lays out a stand-in (a masked copy of a secret) may carry the stand-in's place over.
    package var screenCursor: Position?
    /// Where the text (not the line numbers) was drawn at the last render (for mouse hits).
    package internal(set) var lastTextArea: Rect = .zero
    /// The text width of the last soft-wrapped render, `nil` when not wrapping: Up, Down, PgUp
    /// and PgDn then move by screen rows.
    package internal(set) var wrapWidth: Int?
    /// Lengths and wrapped rows of the long lines (a cache, ignored by `==`).
    var layouts = LineLayoutCache()

    package init(text: String = "", singleLine: Bool = false) {
        self.singleLine = singleLine
        let source = singleLine ? Self.flatten(text) : text
        let (lines, breaks) = LineBreak.split(source)
        self.lines = lines
        self.lineBreaks = breaks
        self.lineEnding = breaks.first ?? .lf
        self.cursor = TextPosition(line: 0, column: 0)
        for line in lines.indices { cacheLayoutIfLong(line) }
    }

    /// The whole text, each line followed by its own break.
    package var text: String {
        guard !lineBreaks.isEmpty else { return lines[0] }
        var result = ""
        for (line, lineBreak) in zip(lines, lineBreaks) {
            result += line
            result += lineBreak.text
        }
        return result + lines[lines.count - 1]
    }

    package var lineCount: Int { lines.count }

    package var canUndo: Bool { !undoStack.isEmpty }
    package var canRedo: Bool { !redoStack.isEmpty }

    /// The selected range, ordered, or `nil` when empty.
    package var selection: Range<TextPosition>? {
        guard let anchor, anchor != cursor else { return nil }
        return min(anchor, cursor)..<max(anchor, cursor)
    }

    package var selectedText: String? {
        selection.map { text(in: $0) }
    }

    func characterCount(of line: Int) -> Int { layouts[line]?.characterCount ?? lines[line].count }

    func clamped(_ position: TextPosition) -> TextPosition {
        let line = min(max(0, position.line), lines.count - 1)
        return TextPosition(line: line, column: min(max(0, position.column), characterCount(of: line)))
    }

    /// The string index of a (clamped) position in its line.
    func index(of position: TextPosition) -> String.Index {
        let line = lines[position.line]
        if let layout = layouts[position.line] { return layout.index(ofColumn: position.column, in: line) }
        return line.index(line.startIndex, offsetBy: position.column, limitedBy: line.endIndex) ?? line.endIndex
    }

    /// The text between two positions.
    package func text(in range: Range<TextPosition>) -> String {
        let a = clamped(range.lowerBound)
        let b = clamped(range.upperBound)
        if a.line == b.line { return String(lines[a.line][index(of: a)..<index(of: b)]) }
        var result = String(lines[a.line][index(of: a)...]) + lineBreaks[a.line].text
        for line in (a.line + 1)..<b.line {
            result += lines[line]
            result += lineBreaks[line].text
        }
        return result + lines[b.line][..<index(of: b)]
    }

    /// Replaces the text between `a` and `b` with `newText`, recording it for undo.
    mutating func replace(_ range: Range<TextPosition>, with newText: String, typing: Bool = false) {
        let start = clamped(range.lowerBound)
        let end = clamped(range.upperBound)
        let inserted = singleLine ? Self.flatten(newText) : newText
        let old = text(in: start..<end)
        if old.isEmpty && inserted.isEmpty { return }
        let edit = TextEdit(
            start: start, oldText: old, newText: inserted, cursorBefore: cursor, anchorBefore: anchor, isTyping: typing
        )
        apply(start: start, end: end, text: inserted)
        redoStack.removeAll()
        if typing, var last = undoStack.last, last.isTyping, last.oldText.isEmpty, old.isEmpty, last.newEnd == start,
            !(inserted.first?.isWhitespace ?? true)
        {
            last.newText += inserted
            undoStack[undoStack.count - 1] = last
        } else {
            undoStack.append(edit)
        }
        anchor = nil
        cursor = TextEdit.end(of: inserted, from: start)
        preferredColumn = nil
    }

    private mutating func apply(start: TextPosition, end: TextPosition, text: String) {
        let (parts, breaks) = LineBreak.split(text)
        if start.line == end.line, breaks.isEmpty, layouts[start.line] != nil {
            return applyInLongLine(start.line, from: start.column, to: end.column, text: text)
        }
        var newLines = parts
        newLines[0] = lines[start.line][..<index(of: start)] + newLines[0]
        newLines[newLines.count - 1] += lines[end.line][index(of: end)...]
        lines.replaceSubrange(start.line...end.line, with: newLines)
        lineBreaks.replaceSubrange(start.line..<end.line, with: breaks)
        layouts.replaceLines(start.line...end.line, count: newLines.count)
        for line in start.line..<(start.line + newLines.count) { cacheLayoutIfLong(line) }
    }

    /// Reverts the last edit.
    package mutating func undo() {
        guard let edit = undoStack.popLast() else { return }
        apply(start: edit.start, end: edit.newEnd, text: edit.oldText)
        redoStack.append(edit)
        cursor = edit.cursorBefore
        anchor = edit.anchorBefore
    }

    /// Re-applies the last undone edit.
    package mutating func redo() {
        guard let edit = redoStack.popLast() else { return }
        apply(start: edit.start, end: TextEdit.end(of: edit.oldText, from: edit.start), text: edit.newText)
        undoStack.append(
            TextEdit(
                start: edit.start, oldText: edit.oldText, newText: edit.newText, cursorBefore: edit.cursorBefore,
                anchorBefore: edit.anchorBefore, isTyping: false
            ))
        anchor = nil
        cursor = edit.newEnd
    }

    /// Types or pastes `text` at the cursor, replacing the selection.
    package mutating func insert(_ text: String) {
        let range = selection ?? cursor..<cursor
        var typed = text.replacingCarriageReturns()
        if lineEnding == .crlf, typed.contains("\n") {
            typed = String(typed.flatMap { $0 == "\n" ? ["\r\n"] : [$0] })
        }
        replace(range, with: typed, typing: text.count == 1)
    }

    /// Replaces the whole text (as one undoable edit); its first line break becomes `lineEnding`.
    package mutating func setText(_ text: String) {
        let end = TextPosition(line: lines.count - 1, column: characterCount(of: lines.count - 1))
        replace(TextPosition(line: 0, column: 0)..<end, with: text)
        lineEnding = lineBreaks.first ?? lineEnding
    }

    package mutating func deleteBackward() {
        if let selection { return replace(selection, with: "") }
        guard cursor > TextPosition(line: 0, column: 0) else { return }
        replace(position(before: cursor)..<cursor, with: "")
    }

    package mutating func deleteForward() {
        if let selection { return replace(selection, with: "") }
        let next = position(after: cursor)
        guard next != cursor else { return }
        replace(cursor..<next, with: "")
    }

    package mutating func deleteWordBackward() {
        if let selection { return replace(selection, with: "") }
        let start = wordStart(before: cursor)
        if start != cursor { replace(start..<cursor, with: "") }
    }

    package mutating func selectAll() {
        anchor = TextPosition(line: 0, column: 0)
        cursor = TextPosition(line: lines.count - 1, column: lines[lines.count - 1].count)
    }

    static func flatten(_ text: String) -> String {
        String(text.replacingCarriageReturns().map { $0 == "\n" ? " " : $0 })
    }
}

extension String {
    /// CRLF and lone CR as LF (typed and pasted text from other systems).
    func replacingCarriageReturns() -> String {
        guard contains("\r") || contains("\r\n") else { return self }
        var result = ""
        for character in self {
            if character == "\r\n" || character == "\r" { result.append("\n") } else { result.append(character) }
        }
        return result
    }
}
