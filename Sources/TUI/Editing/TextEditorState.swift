/// The text, cursor, selection, undo history and scroll position behind `TextInput` (one line)
/// and `TextArea` (many lines).
///
/// Text is stored as an array of lines, so an edit costs time in proportion to the line it
/// touches and rendering visits only the lines on screen: a 10 MB document stays responsive.
/// Columns count grapheme clusters (Swift `Character`s).
public struct TextEditorState: Hashable, Sendable {
    public private(set) var lines: [String]
    public var cursor: TextPosition {
        didSet { cursor = clamped(cursor) }
    }
    /// The other end of the selection, or `nil` when nothing is selected.
    public var anchor: TextPosition?
    /// Newlines are not allowed: pasted line breaks become spaces.
    public let singleLine: Bool
    var undoStack: [TextEdit] = []
    var redoStack: [TextEdit] = []
    var preferredColumn: Int?

    /// Scroll position: first line (and wrapped row within it) shown, first column shown.
    public var topLine = 0
    public var topRow = 0
    public var leftColumn = 0
    /// Rows shown at the last render (the page size for PgUp/PgDn).
    public internal(set) var pageSize = 10
    /// Where the cursor was drawn at the last render (for `Frame.cursor`).
    public internal(set) var screenCursor: Position?

    public init(text: String = "", singleLine: Bool = false) {
        self.singleLine = singleLine
        let source = singleLine ? Self.flatten(text) : text
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.isEmpty { lines = [""] }
        self.lines = lines
        self.cursor = TextPosition(line: 0, column: 0)
    }

    /// The whole text, lines joined with `\n`.
    public var text: String { lines.joined(separator: "\n") }

    public var lineCount: Int { lines.count }

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    /// The selected range, ordered, or `nil` when empty.
    public var selection: Range<TextPosition>? {
        guard let anchor, anchor != cursor else { return nil }
        return min(anchor, cursor)..<max(anchor, cursor)
    }

    public var selectedText: String? {
        selection.map { text(in: $0) }
    }

    func characterCount(of line: Int) -> Int { lines[line].count }

    func clamped(_ position: TextPosition) -> TextPosition {
        let line = min(max(0, position.line), lines.count - 1)
        return TextPosition(line: line, column: min(max(0, position.column), lines[line].count))
    }

    /// The text between two positions.
    public func text(in range: Range<TextPosition>) -> String {
        let a = clamped(range.lowerBound)
        let b = clamped(range.upperBound)
        if a.line == b.line {
            let line = lines[a.line]
            return String(line.dropFirst(a.column).prefix(b.column - a.column))
        }
        var parts = [String(lines[a.line].dropFirst(a.column))]
        if b.line > a.line + 1 { parts.append(contentsOf: lines[(a.line + 1)..<b.line]) }
        parts.append(String(lines[b.line].prefix(b.column)))
        return parts.joined(separator: "\n")
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
        let prefix = lines[start.line].prefix(start.column)
        let suffix = lines[end.line].dropFirst(end.column)
        var parts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if parts.isEmpty { parts = [""] }
        parts[0] = prefix + parts[0]
        parts[parts.count - 1] += suffix
        lines.replaceSubrange(start.line...end.line, with: parts)
    }

    /// Reverts the last edit.
    public mutating func undo() {
        guard let edit = undoStack.popLast() else { return }
        apply(start: edit.start, end: edit.newEnd, text: edit.oldText)
        redoStack.append(edit)
        cursor = edit.cursorBefore
        anchor = edit.anchorBefore
    }

    /// Re-applies the last undone edit.
    public mutating func redo() {
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
    public mutating func insert(_ text: String) {
        let range = selection ?? cursor..<cursor
        replace(range, with: text.replacingCarriageReturns(), typing: text.count == 1)
    }

    /// Replaces the whole text (as one undoable edit).
    public mutating func setText(_ text: String) {
        let end = TextPosition(line: lines.count - 1, column: lines[lines.count - 1].count)
        replace(TextPosition(line: 0, column: 0)..<end, with: text)
    }

    public mutating func deleteBackward() {
        if let selection { return replace(selection, with: "") }
        guard cursor > TextPosition(line: 0, column: 0) else { return }
        replace(position(before: cursor)..<cursor, with: "")
    }

    public mutating func deleteForward() {
        if let selection { return replace(selection, with: "") }
        let next = position(after: cursor)
        guard next != cursor else { return }
        replace(cursor..<next, with: "")
    }

    public mutating func deleteWordBackward() {
        if let selection { return replace(selection, with: "") }
        let start = wordStart(before: cursor)
        if start != cursor { replace(start..<cursor, with: "") }
    }

    public mutating func selectAll() {
        anchor = TextPosition(line: 0, column: 0)
        cursor = TextPosition(line: lines.count - 1, column: lines[lines.count - 1].count)
    }

    static func flatten(_ text: String) -> String {
        String(text.replacingCarriageReturns().map { $0 == "\n" ? " " : $0 })
    }
}

extension String {
    /// CRLF and lone CR as LF (pasted text from other systems).
    func replacingCarriageReturns() -> String {
        guard contains("\r") || contains("\r\n") else { return self }
        var result = ""
        for character in self {
            if character == "\r\n" || character == "\r" { result.append("\n") } else { result.append(character) }
        }
        return result
    }
}
