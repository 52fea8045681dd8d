import CCurses
package import TUI

/// Drawing: cells to ncurses' window, in runs.
extension NcursesBackend {
    /// Draws runs of horizontally adjacent cells with one `wmove` and one `wadd_wchnstr` each: the
    /// cells' `cchar_t`s are built from a per-style template (no `setcchar` per cell), and ncurses
    /// copies the run into its window without the per-character work of `wadd_wch`.
    package func draw(_ updates: [CellUpdate]) {
        guard isActive else { return }
        let width = Int(ccurses_getmaxx(window))
        let height = Int(ccurses_getmaxy(window))
        // The loop works on locals (no exclusivity checks on the object's properties per cell).
        var run = self.run
        self.run = []
        defer { self.run = run }
        var template = styleCell
        var style = lastStyle
        updates.withUnsafeBufferPointer { updates in
            var index = 0
            while index < updates.count {
                let first = updates[index]
                guard first.x >= 0, first.y >= 0, first.x < width, first.y < height else {
                    index += 1
                    continue
                }
                run.removeAll(keepingCapacity: true)
                var column = first.x
                while index < updates.count, updates[index].y == first.y, updates[index].x == column, column < width {
                    let cell = updates[index].cell
                    if cell.style != style {
                        apply(cell.style)
                        style = cell.style
                        template = styleCell
                    }
                    if let scalar = cell.scalarValue, scalar >= 0x20, scalar < 0x7F {
                        // Printable ASCII (most cells): the style's template with its character.
                        template.chars.0 = wchar_t(scalar)
                        run.append(template)
                    } else {
                        appendCharacters(of: cell, template: template, to: &run)
                    }
                    column += max(1, Int(cell.width))
                    index += 1
                }
                wmove(window, Int32(first.y), Int32(first.x))
                run.withUnsafeBufferPointer { run in
                    _ = wadd_wchnstr(window, run.baseAddress, Int32(run.count))
                }
            }
        }
    }

    /// Appends the `cchar_t`s that show a cell that is not printable ASCII: one, plus a blank for
    /// the second column of a wide cell that ncurses would draw one column wide.
    func appendCharacters(of cell: Cell, template: cchar_t, to run: inout [cchar_t]) {
        var template = template
        let cellWidth = Int(cell.width)
        if let scalar = cell.scalarValue {
            let isControl = scalar < 0x20 || (0x7F...0x9F).contains(scalar)
            let character = wchar_t(bitPattern: isControl ? 0xFFFD : scalar)
            if Int(ccurses_wcwidth(character)) == cellWidth {
                template.chars.0 = character
                run.append(template)
                return
            }
        }
        var cchar = cchar_t()
        let cursesWidth = fillCharacters(cell.symbol)
        if cursesWidth == cellWidth, ccurses_setcchar(&cchar, characters, lastAttributes, lastPair) == OK {
            run.append(cchar)
            return
        }
        // ncurses (the C library's wcwidth) disagrees with the toolkit's width table: an emoji newer
        // than the system's Unicode data, a flag, or an emoji-presentation selector. Keep both grids
        // in step: the base character alone when ncurses gives it one column (else a replacement
        // character), and a blank in a wide cell's second column.
        template.chars.0 = cursesWidth == 1 && cellWidth == 2 ? characters[0] : 0xFFFD
        run.append(template)
        if cellWidth == 2 {
            template.chars.0 = 0x20
            run.append(template)
        }
    }

    /// Converts a cell's symbol to the NUL-terminated wide string `setcchar` wants. Symbols from
    /// TUI are already safe; any control character that slipped through is still never emitted.
    ///
    /// Returns the columns ncurses will give the cell: the C library's width of the first
    /// character, or -1 when ncurses cannot show the symbol as one cell (an unprintable
    /// character, or a second spacing character such as the other half of a flag).
    func fillCharacters(_ symbol: String) -> Int {
        // Most cells are one printable ASCII character: skip the scalar walk.
        let utf8 = symbol.utf8
        if utf8.count == 1, let byte = utf8.first, byte >= 0x20, byte < 0x7F {
            characters[0] = wchar_t(byte)
            characters[1] = 0
            return 1
        }
        let limit = Int(ccurses_ccharw_max())
        var count = 0
        for scalar in symbol.unicodeScalars {
            if count == limit { break }
            let value = scalar.value
            let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
            characters[count] = wchar_t(bitPattern: isControl ? 0xFFFD : value)
            count += 1
        }
        if count == 0 {
            characters[0] = 0x20
            count = 1
        }
        characters[count] = 0
        for index in 1..<count where ccurses_wcwidth(characters[index]) != 0 { return -1 }
        return Int(ccurses_wcwidth(characters[0]))
    }

    func apply(_ style: Style) {
        lastStyle = style
        var attributes = ccurses_a_normal()
        let modifiers = style.modifiers
        if modifiers.contains(.bold) { attributes |= ccurses_a_bold() }
        if modifiers.contains(.dim) { attributes |= ccurses_a_dim() }
        if modifiers.contains(.italic) { attributes |= ccurses_a_italic() }
        if modifiers.contains(.underline) { attributes |= ccurses_a_underline() }
        if modifiers.contains(.reverse) { attributes |= ccurses_a_reverse() }
        lastAttributes = attributes
        guard colorCapability != .monochrome else {
            lastPair = 0
            setStyleCell()
            return
        }
        var colors = ColorPairCache.Colors(
            foreground: CursesPalette.number(for: style.resolvedForeground, colors: max(colorCount, 16)),
            background: CursesPalette.number(for: style.resolvedBackground, colors: max(colorCount, 16))
        )
        if colorCount < 16 {
            let folded = CursesPalette.eightColor(foreground: colors.foreground, background: colors.background)
            colors = ColorPairCache.Colors(foreground: folded.foreground, background: folded.background)
            if folded.bold { attributes |= ccurses_a_bold() }
            if folded.dim { attributes |= ccurses_a_dim() }
            lastAttributes = attributes
        }
        let lookup = pairs.pair(for: colors)
        if lookup.startedOver { clearok(window, true) }
        if lookup.isNew { init_extended_pair(lookup.number, colors.foreground, colors.background) }
        lastPair = lookup.number
        setStyleCell()
    }

    /// Rebuilds `styleCell` for `lastAttributes` and `lastPair`.
    func setStyleCell() {
        characters[0] = 0x20
        characters[1] = 0
        _ = ccurses_setcchar(&styleCell, characters, lastAttributes, lastPair)
    }
}
