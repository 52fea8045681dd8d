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
        let hints = [
            KeyHint("q", "quit"), KeyHint("t", "theme"), KeyHint("Tab", "focus"), KeyHint("1/2", "page"),
            KeyHint("m", "mouse"), KeyHint("e", "edit"), KeyHint("p", "page"), KeyHint("y", "copy"),
            KeyHint("^Z", "suspend"),
        ]
        let status = StatusBar(
            message: Line("last: \(state.lastEvent)"), hints: hints,
            right: Line(state.mouseEnabled ? "mouse on" : "mouse off"),
            style: theme[.statusBar], keyStyle: theme[.keyHint])
        frame.render(status, in: rows[2])
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
        frame.render(tree, in: treeBlock.inner(columns[0]), state: &state.tree)

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
