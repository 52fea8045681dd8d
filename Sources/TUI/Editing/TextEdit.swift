/// One reversible change: `oldText` at `start` was replaced by `newText`. Undo applies the
/// inverse; storing edits (not snapshots) keeps undo cheap on a 10 MB document.
struct TextEdit: Hashable, Sendable {
    var start: TextPosition
    var oldText: String
    var newText: String
    var cursorBefore: TextPosition
    var anchorBefore: TextPosition?
    /// Typing that may merge with the next typed character into one undo step.
    var isTyping: Bool

    /// Where the new text ends.
    var newEnd: TextPosition { TextEdit.end(of: newText, from: start) }

    static func end(of text: String, from start: TextPosition) -> TextPosition {
        var line = start.line
        var column = start.column
        for character in text {
            if LineBreak(character) != nil {
                line += 1
                column = 0
            } else {
                column += 1
            }
        }
        return TextPosition(line: line, column: column)
    }
}
