/// A one-line text field (URL bar, search box) with cursor, selection and horizontal scroll.
/// After rendering, `state.screenCursor` says where to put the terminal cursor.
package struct TextInput: StatefulWidget {
    package var placeholder: String
    package var style: Style
    package var placeholderStyle: Style
    package var selectionStyle: Style
    package var focused: Bool

    package init(
        placeholder: String = "", style: Style = .plain, placeholderStyle: Style = Style(modifiers: .dim),
        selectionStyle: Style = Style(modifiers: .reverse), focused: Bool = true
    ) {
        self.placeholder = placeholder
        self.style = style
        self.placeholderStyle = placeholderStyle
        self.selectionStyle = selectionStyle
        self.focused = focused
    }

    package func render(in area: Rect, buffer: inout Buffer, state: inout TextEditorState) {
        guard !area.isEmpty else {
            state.screenCursor = nil
            return
        }
        let row = area.row(0)
        buffer.setStyle(style, in: row)
        let line = state.lines[state.cursor.line]
        if line.isEmpty, !placeholder.isEmpty {
            buffer.write(placeholder, x: area.x, y: area.y, style: placeholderStyle, maxX: area.right)
            state.leftColumn = 0
            state.screenCursor = focused ? Position(x: area.x, y: area.y) : nil
            return
        }
        let cursorX = area.x + state.scrollHorizontally(width: area.width)
        let selected = state.selection.map { $0.lowerBound.column..<$0.upperBound.column }
        let left = state.index(of: TextPosition(line: state.cursor.line, column: state.leftColumn))
        EditorGlyphs.draw(
            line[left...], firstOffset: state.leftColumn, x: area.x, y: area.y, maxX: area.right, style: style,
            selected: selected, selectionStyle: selectionStyle, buffer: &buffer
        )
        state.screenCursor = focused ? Position(x: cursorX, y: area.y) : nil
    }
}
