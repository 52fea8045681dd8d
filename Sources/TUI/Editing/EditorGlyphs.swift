/// How editor text is drawn: like `VisibleText`, except a tab shows as four spaces.
enum EditorGlyphs {
    static func width(of character: Character) -> Int {
        if character == "\t" { return 4 }
        if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F { return 1 }
        var total = 0
        VisibleText.forEachCell(of: character) { _, width in total += width }
        return total
    }

    /// Draws `characters` from `x`, styling those whose offset (from `firstOffset`) is selected.
    /// Returns the column after the last one drawn.
    @discardableResult
    static func draw(
        _ characters: some Sequence<Character>, firstOffset: Int, x: Int, y: Int, maxX: Int, style: Style,
        selected: Range<Int>?, selectionStyle: Style, buffer: inout Buffer
    ) -> Int {
        var column = x
        var offset = firstOffset
        for character in characters {
            let width = self.width(of: character)
            if column + width > maxX { break }
            let cellStyle = selected?.contains(offset) == true ? style.patched(with: selectionStyle) : style
            if character == "\t" {
                buffer.write("    ", x: column, y: y, style: cellStyle)
            } else {
                buffer.write(String(character), x: column, y: y, style: cellStyle)
            }
            column += width
            offset += 1
        }
        return column
    }
}
