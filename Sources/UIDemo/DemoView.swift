import TUI

/// Draws the demo screen from its state with the toolkit's widgets: a title bar with tabs, the
/// page, a toast when there is one, and a status bar with key hints.
enum DemoView {
    static func render(_ state: inout DemoState, into frame: inout Frame) {
        let theme = state.theme
        frame.buffer.fill(frame.area, with: .blank(theme[.background].patched(with: theme[.text])))
        let rows = Layout.vertical([.length(1), .fill(1), .length(1)]).split(frame.area)
        renderTitle(state, in: rows[0], frame: &frame)
        switch state.page {
        case .explorer: renderExplorer(&state, in: rows[1], frame: &frame)
        case .widgets: renderWidgets(&state, in: rows[1], frame: &frame)
        }
        if let toast = state.toast { frame.render(toast, in: rows[1]) }
        if state.overlay == .search {
            renderSearchPrompt(&state, in: rows[2], frame: &frame)
        } else {
            let hints = state.keys.keymap.hints(for: DemoKeys.hintActions)
            let status = StatusBar(
                message: Line("last: \(state.lastEvent)"), hints: hints,
                right: Line(state.mouseEnabled ? "mouse on" : "mouse off"),
                style: theme[.statusBar], keyStyle: theme[.keyHint])
            frame.render(status, in: rows[2])
        }
        renderOverlay(&state, frame: &frame)
    }

    private static func renderSearchPrompt(_ state: inout DemoState, in area: Rect, frame: inout Frame) {
        let theme = state.theme
        frame.buffer.fill(area, with: .blank(theme[.statusBar]))
        let x = frame.buffer.write(" / ", x: area.x, y: area.y, style: theme[.keyHint])
        let input = TextInput(
            placeholder: "search the tree, Enter to find, Esc to cancel", style: theme[.statusBar],
            placeholderStyle: theme[.statusBar].patched(with: theme[.muted]), selectionStyle: theme[.selection])
        frame.render(
            input, in: Rect(x: x + 1, y: area.y, width: max(0, area.right - x - 1), height: 1), state: &state.search)
        frame.cursor = state.search.screenCursor
    }

    private static func renderOverlay(_ state: inout DemoState, frame: inout Frame) {
        let theme = state.theme
        switch state.overlay {
        case .help:
            frame.cursor = nil
            // Scrolled with j/k or the arrows when the screen is shorter than the list.
            let lineCount = state.keys.keymap.helpLines().count
            state.helpScroll = max(0, min(state.helpScroll, lineCount - (frame.area.height - 2)))
            frame.render(
                HelpOverlay(
                    keymap: state.keys.keymap, scroll: state.helpScroll, style: theme.base,
                    borderStyle: theme[.focusedBorder], keyStyle: theme[.accent]),
                in: frame.area)
        case .palette:
            let commands = state.commands
            let keymap = state.keys.keymap
            let shortcuts = commands.map { keymap.keys(for: $0.action).first?.description ?? "" }
            frame.render(
                theme.palette(commands: commands.map(\.title), shortcuts: shortcuts), in: frame.area,
                state: &state.palette)
            frame.cursor = state.palette.query.screenCursor
        case .problems:
            frame.cursor = nil
            var dialog = theme.dialog(title: "Problems at startup", message: state.problems.joined(separator: "\n"))
            dialog.width = max(50, frame.area.width - 8)
            frame.render(dialog, in: frame.area)
        case .search, nil:
            break
        }
    }

    private static func renderTitle(_ state: DemoState, in area: Rect, frame: inout Frame) {
        let theme = state.theme
        let x = frame.buffer.write(" Lazer UI demo ", x: area.x, y: area.y, style: theme[.title])
        let right = " theme: \(state.theme.name) "
        let rightX = max(x, area.right - right.count)
        let tabs = Tabs(
            DemoState.Page.allCases.map { Line($0.title) }, selected: state.page.rawValue, style: theme[.muted],
            highlightStyle: theme[.selection])
        frame.render(tabs, in: Rect(x: x, y: area.y, width: max(0, rightX - x), height: 1))
        frame.buffer.write(right, x: rightX, y: area.y, style: theme[.accent])
    }

    private static func block(_ title: String, focused: Bool, theme: Theme) -> Block {
        Block(
            title: Line(title, style: focused ? theme[.focusedBorder] : theme[.title]),
            borderStyle: focused ? theme[.focusedBorder] : theme[.border])
    }

    private static func renderExplorer(_ state: inout DemoState, in area: Rect, frame: inout Frame) {
        let theme = state.theme
        let columns = Layout.horizontal([.percentage(45), .fill(1)]).split(area)
        let treeBlock = block("Tree (1,000,000 rows)", focused: state.focus == .tree, theme: theme)
        frame.render(treeBlock, in: columns[0])
        let tree = TreeView(source: state.treeSource, highlightStyle: theme[.selection], markerStyle: theme[.muted])
        let treeArea = treeBlock.inner(columns[0])
        frame.render(tree, in: treeArea, state: &state.tree)
        // The scrollbar sits on the block's right border.
        frame.render(
            Scrollbar(
                total: state.tree.rowCount(in: state.treeSource), offset: state.tree.offset,
                visible: state.tree.pageSize, trackStyle: theme[.border], thumbStyle: theme[.accent]),
            in: Rect(x: treeArea.x, y: treeArea.y, width: treeArea.width + 1, height: treeArea.height))

        let textBlock = block("Text area", focused: state.focus == .text, theme: theme)
        frame.render(textBlock, in: columns[1])
        let textArea = TextArea(
            lineNumbers: true, softWrap: true, style: theme[.text], lineNumberStyle: theme[.muted],
            selectionStyle: theme[.selection], focused: state.focus == .text)
        frame.render(textArea, in: textBlock.inner(columns[1]), state: &state.editor)
        if state.focus == .text { frame.cursor = state.editor.screenCursor }
    }

    private static func renderWidgets(_ state: inout DemoState, in area: Rect, frame: inout Frame) {
        let theme = state.theme
        let columns = Layout.horizontal([.percentage(35), .fill(1)]).split(area)
        let listBlock = block("List (type to filter)", focused: state.focus == .list, theme: theme)
        frame.render(listBlock, in: columns[0])
        let list = ListView(
            DemoState.listItems.map { Line($0, style: theme[.text]) }, highlightStyle: theme[.selection],
            matchStyle: theme[.match])
        frame.render(list, in: listBlock.inner(columns[0]), state: &state.list)

        let right = Layout.vertical([.fill(1), .length(6), .length(5)]).split(columns[1])
        let tableBlock = block("Table", focused: state.focus == .table, theme: theme)
        frame.render(tableBlock, in: right[0])
        let table = Table(
            header: ["Method", "Path", "Status", "Time"].map { Line($0) },
            rows: DemoState.tableRows.map { row in
                [
                    Line(row.method, style: theme[.method(row.method)]), Line(row.path, style: theme[.text]),
                    Line("\(row.status)", style: theme[.status(row.status)]), Line(row.time, style: theme[.muted]),
                ]
            },
            widths: [.length(8), .fill(1), .length(7), .length(8)], headerStyle: theme[.title],
            highlightStyle: theme[.selection])
        frame.render(table, in: tableBlock.inner(right[0]), state: &state.table)

        let headersBlock = block("Headers (space toggles)", focused: state.focus == .headers, theme: theme)
        frame.render(headersBlock, in: right[1])
        let editor = KeyValueEditor(highlightStyle: theme[.selection], disabledStyle: theme[.muted])
        frame.render(editor, in: headersBlock.inner(right[1]), state: &state.headers)

        let progressBlock = block("Progress", focused: false, theme: theme)
        frame.render(progressBlock, in: right[2])
        let inner = progressBlock.inner(right[2])
        let ratio = Double(state.tick % 21) / 20
        frame.render(
            ProgressBar(ratio: ratio, label: "download", filledStyle: theme[.accent], emptyStyle: theme[.muted]),
            in: Rect(x: inner.x, y: inner.y, width: inner.width, height: min(1, inner.height)))
        if inner.height >= 3 {
            frame.render(
                Spinner(frame: state.tick, label: "waiting for headers…", style: theme[.info]),
                in: Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: 1))
        }
    }
}
