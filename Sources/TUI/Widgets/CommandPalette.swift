/// A pop-up command list with a query line; commands are fuzzy-matched and the matched
/// characters highlighted.
package struct CommandPalette: StatefulWidget {
    package var commands: [String]
    /// Key hints shown right-aligned beside each command (same order as `commands`).
    package var shortcuts: [String]
    package var style: Style
    package var borderStyle: Style
    package var matchStyle: Style
    package var highlightStyle: Style
    package var width: Int
    package var height: Int

    package init(
        commands: [String], shortcuts: [String] = [], style: Style = .plain, borderStyle: Style = .plain,
        matchStyle: Style = Style(modifiers: [.bold, .underline]), highlightStyle: Style = Style(modifiers: .reverse),
        width: Int = 60, height: Int = 14
    ) {
        self.commands = commands
        self.shortcuts = shortcuts
        self.style = style
        self.borderStyle = borderStyle
        self.matchStyle = matchStyle
        self.highlightStyle = highlightStyle
        self.width = width
        self.height = height
    }

    package func render(in area: Rect, buffer: inout Buffer, state: inout CommandPaletteState) {
        let box = Rect(
            x: area.x + max(0, (area.width - width) / 2), y: area.y + min(2, area.height / 6),
            width: min(width, area.width), height: min(height, area.height))
        guard box.height >= 3, box.width >= 6 else { return }
        buffer.fill(box, with: .blank(style))
        let inner = Block(borderStyle: borderStyle, style: style).inner(box)
        let listArea = Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: inner.height - 1)
        let matches = state.matches(in: commands)
        state.list.scrollIntoView(count: matches.count, height: listArea.height)
        // More commands than rows: which ones are shown, as the other lists say it.
        var position: Line?
        if matches.count > listArea.height, listArea.height > 0 {
            let first = state.list.offset
            let last = min(first + listArea.height, matches.count)
            let arrows = (first > 0 ? "↑" : "") + (last < matches.count ? "↓" : "")
            position = Line("\(first + 1)–\(last) of \(matches.count) \(arrows)", style: Style(modifiers: .dim))
        }
        Block(title: "Commands", bottomTitle: position, borderStyle: borderStyle, style: style)
            .render(in: box, buffer: &buffer)
        var x = buffer.write("> ", x: inner.x, y: inner.y, style: Style(modifiers: .bold), maxX: inner.right)
        TextInput(placeholder: "type to search").render(
            in: Rect(x: x, y: inner.y, width: inner.right - x, height: 1), buffer: &buffer, state: &state.query
        )
        if matches.isEmpty {
            buffer.write(
                "no matching command", x: listArea.x + 2, y: listArea.y, style: Style(modifiers: .dim),
                maxX: listArea.right)
        }
        for row in 0..<listArea.height {
            let index = state.list.offset + row
            guard index < matches.count else { break }
            let match = matches[index]
            let y = listArea.y + row
            let shortcut = match.index < shortcuts.count ? shortcuts[match.index] : ""
            let shortcutWidth = CharacterWidth.of(shortcut)
            if shortcutWidth > 0 {
                buffer.write(shortcut, x: listArea.right - shortcutWidth - 1, y: y, style: Style(modifiers: .dim))
            }
            x = buffer.write("  ", x: listArea.x, y: y)
            let room = max(0, listArea.right - x - shortcutWidth - 2)
            let title = Line.highlighting(
                Line(commands[match.index]), positions: Set(match.positions), style: matchStyle)
            if title.width > room, room > 1 {
                // A cut title ends in "…" so it does not read as the whole command.
                let end = title.render(x: x, y: y, width: room - 1, buffer: &buffer)
                buffer.write("…", x: end, y: y, maxX: x + room)
            } else {
                title.render(x: x, y: y, width: room, buffer: &buffer)
            }
            if index == state.list.selected {
                buffer.setStyle(highlightStyle, in: Rect(x: listArea.x, y: y, width: listArea.width, height: 1))
            }
        }
    }
}
