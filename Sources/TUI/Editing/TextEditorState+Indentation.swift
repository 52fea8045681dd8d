/// Indentation for code typed in a text area (a JSON body): what every code editor does, so a
/// user does not have to count spaces or leave the field to indent.
extension TextEditorState {
    /// Spaces one level of indentation is.
    package static let indentWidth = 2

    /// Tab: spaces up to the next indentation stop (in place of the selection, if any).
    package mutating func indent() {
        let column = selection?.lowerBound.column ?? cursor.column
        insert(String(repeating: " ", count: Self.indentWidth - column % Self.indentWidth))
    }

    /// Enter: a line break, then the current line's indentation, one level more after an opening
    /// `{` or `[`; between a pair (`{|}`) the closing one goes to a line of its own below.
    package mutating func newLineKeepingIndentation() {
        let position = selection?.lowerBound ?? cursor
        let line = lines[position.line]
        let before = line.prefix(position.column)
        let indentation = String(before.prefix { $0 == " " || $0 == "\t" })
        let opener = before.last { $0 != " " && $0 != "\t" }
        guard let opener, opener == "{" || opener == "[" else {
            insert("\n" + indentation)
            return
        }
        let inner = indentation + String(repeating: " ", count: Self.indentWidth)
        let after = line.dropFirst(position.column).first { $0 != " " && $0 != "\t" }
        let closes = (opener == "{" && after == "}") || (opener == "[" && after == "]")
        guard closes else {
            insert("\n" + inner)
            return
        }
        insert("\n" + inner + "\n" + indentation)
        move(.up)
        move(.lineEnd)
    }
}
