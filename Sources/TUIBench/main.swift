import Foundation
import TUI

// `make bench-tui` (pure half): how long the TUI toolkit takes per frame, without a terminal.
// 1. A full 200×60 frame whose every cell changes, rendered and diffed.
// 2. A screen of widgets (blocks, tree, table, text, status bar) at 200×60, scrolled every frame.
// 3. Scrolling a 1,000,000-row tree by a page (page-down + render + diff).
// Times are CPU milliseconds of the drawing thread per frame over many frames: median, p95, max.

/// Receives updates and drops them, so only the toolkit's work is measured.
final class NullBackend: TerminalBackend {
    let size: Size
    let colorCapability = ColorCapability.trueColor
    var cells = 0

    init(width: Int, height: Int) { size = Size(width: width, height: height) }
    func draw(_ updates: [CellUpdate]) { cells += updates.count }
    func clear() {}
    func setCursor(_ position: Position?) {}
    func flush() {}
}

/// Milliseconds of CPU time used by this thread: on a shared 2-core machine this is far steadier
/// than wall-clock time, and it is the work a frame costs (the benchmark does no I/O).
func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
}

func report(_ name: String, _ samples: [Double], cells: Int) {
    let sorted = samples.sorted()
    let median = sorted[sorted.count / 2]
    let p95 = sorted[min(sorted.count - 1, sorted.count * 95 / 100)]
    let line =
        name.padding(toLength: 48, withPad: " ", startingAt: 0)
        + String(
            format: "median %.3f ms  p95 %.3f ms  max %.3f ms  (%d frames, %d cells/frame)", median, p95,
            sorted.last ?? 0, samples.count, cells)
    print(line)
}

let width = 200
let height = 60
let frames = 400

// 1. Every cell changes each frame.
do {
    let terminal = Terminal(backend: NullBackend(width: width, height: height))
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 {}[]:,\"")
    let rows: [String] = (0..<(height + alphabet.count)).map { row in
        String((0..<width).map { alphabet[($0 + row) % alphabet.count] })
    }
    var samples: [Double] = []
    for frame in 0..<(frames + 20) {
        let start = now()
        terminal.draw { f in
            for y in 0..<height {
                f.buffer.write(
                    rows[(y + frame) % rows.count], x: 0, y: y, style: Style(foreground: .ansi(UInt8((y + frame) % 8))))
            }
        }
        if frame >= 20 { samples.append(now() - start) }
    }
    report("full 200x60 frame, every cell changed", samples, cells: terminal.backend.cells / (frames + 20))
}

/// A flat tree with a given number of top-level rows.
struct FlatTree: TreeDataSource {
    var count: Int
    func childCount(of path: TreePath) -> Int? { path.isEmpty ? count : (path.count < 2 ? 1000 : 0) }
    func isExpandable(_ path: TreePath) -> Bool { path.count < 2 }
    func label(of path: TreePath) -> Line {
        Line([Span("node ", style: Style(foreground: .blue)), Span(path.map(String.init).joined(separator: "."))])
    }
}

// 2. A screen of widgets, scrolled so most cells change each frame.
do {
    let terminal = Terminal(backend: NullBackend(width: width, height: height))
    let theme = Theme.defaultDark
    let source = FlatTree(count: 5000)
    var tree = TreeState(selected: [0])
    var table = TableState(selected: 0)
    let tableRows: [[Line]] = (0..<500).map { i in
        [
            Line("request \(i)"), Line(String(200 + i % 300), style: theme[.status(200 + i % 300)]),
            Line("\(i * 7 % 900) ms"),
        ]
    }
    let body = (0..<400).map { i in "  \"field\(i)\": \"value number \(i) with some text 日本語 ✔\"," }.joined(
        separator: "\n")
    var editor = TextEditorState(text: body)
    var samples: [Double] = []
    for frame in 0..<(frames + 20) {
        let start = now()
        tree.apply(.down, in: source)
        table.apply(.down, count: tableRows.count)
        editor.move(.down)
        terminal.draw { f in
            let rows = Layout.vertical([.length(1), .fill(1), .length(1)]).split(f.area)
            f.render(
                Tabs(["Params", "Headers", "Body", "Auth"], selected: frame % 4, highlightStyle: theme[.selection]),
                in: rows[0])
            let columns = Layout.horizontal([.percentage(30), .fill(1), .fill(1)]).split(rows[1])
            for (index, column) in columns.enumerated() {
                let block = Block(
                    title: Line(["Tree", "Table", "Body"][index], style: theme[.title]),
                    borderStyle: theme[index == frame % 3 ? .focusedBorder : .border])
                f.render(block, in: column)
                let inner = block.inner(column)
                switch index {
                case 0: f.render(TreeView(source: source, highlightStyle: theme[.selection]), in: inner, state: &tree)
                case 1:
                    f.render(
                        Table(
                            header: ["Name", "Status", "Time"], rows: tableRows,
                            widths: [.fill(1), .length(6), .length(8)], highlightStyle: theme[.selection]),
                        in: inner, state: &table
                    )
                default: f.render(TextArea(style: theme[.jsonString]), in: inner, state: &editor)
                }
            }
            f.render(
                StatusBar(
                    message: Line("frame \(frame)"),
                    hints: Keymap.standard.hints(for: ["app.palette", "app.help", "app.quit"]), right: "dark",
                    style: theme[.statusBar]), in: rows[2])
        }
        if frame >= 20 { samples.append(now() - start) }
    }
    report("200x60 widget screen, scrolled each frame", samples, cells: terminal.backend.cells / (frames + 20))
}

// 3. A 1,000,000-row tree: page down and redraw.
for (label, source, expandAll) in [
    ("1,000,000-row flat tree, page down", FlatTree(count: 1_000_000), false),
    ("1,001,000-row tree (1000 expanded), page down", FlatTree(count: 1000), true),
] {
    let terminal = Terminal(backend: NullBackend(width: width, height: height))
    var state = TreeState(selected: [0])
    if expandAll { for i in 0..<1000 { state.expand([i]) } }
    let view = TreeView(source: source)
    terminal.draw { f in f.render(view, in: f.area, state: &state) }
    var samples: [Double] = []
    for _ in 0..<frames {
        let start = now()
        state.apply(.pageDown, in: source)
        terminal.draw { f in f.render(view, in: f.area, state: &state) }
        samples.append(now() - start)
    }
    report(label, samples, cells: terminal.backend.cells / (frames + 1))
    let jumpStart = now()
    state.apply(.bottom, in: source)
    terminal.draw { f in f.render(view, in: f.area, state: &state) }
    print(
        "  jump to the last row (G) and redraw: \(String(format: "%.3f", now() - jumpStart)) ms, rows \(state.rowCount(in: source))"
    )
}

// 4. A 10 MB text document: load, jump to the end, type a character.
do {
    let line = String(repeating: "{\"key\": \"value\", \"number\": 12345, \"ok\": true}, ", count: 2)
    let text = Array(repeating: line, count: 10_000_000 / line.utf8.count).joined(separator: "\n")
    let terminal = Terminal(backend: NullBackend(width: width, height: height))
    var start = now()
    var editor = TextEditorState(text: text)
    let load = now() - start
    start = now()
    editor.move(.documentEnd)
    terminal.draw { f in f.render(TextArea(), in: f.area, state: &editor) }
    let jump = now() - start
    var samples: [Double] = []
    for i in 0..<200 {
        start = now()
        _ = editor.handle(.char(i % 10 == 9 ? " " : "x"))
        terminal.draw { f in f.render(TextArea(), in: f.area, state: &editor) }
        samples.append(now() - start)
    }
    print(
        String(format: "10 MB text (%d lines): load %.1f ms, jump to end + draw %.3f ms", editor.lineCount, load, jump))
    report("  type a character + redraw", samples, cells: 0)
    editor.move(.documentStart)
    start = now()
    let found = editor.find("no such word")
    let searchTime = String(format: "%.1f", now() - start)
    print("  search the whole text for an absent word (/ then n): \(searchTime) ms (found: \(found))")
}

// 5. A 10 MB body on one line (a minified JSON response) in a soft-wrapped text area: the cost of
// one keystroke and its frame, and of scrolling by a page, with the cursor in the middle of the line.
do {
    let record = "{\"id\":12345,\"name\":\"value 日本\",\"tags\":[\"a\",\"b\"],\"ok\":true},"
    let text = "[" + String(repeating: record, count: 10_000_000 / record.utf8.count) + "]"
    let terminal = Terminal(backend: NullBackend(width: width, height: height))
    let area = TextArea(softWrap: true)
    var editor = TextEditorState(text: text)
    var start = now()
    editor.cursor = TextPosition(line: 0, column: text.count / 2)
    terminal.draw { f in f.render(area, in: f.area, state: &editor) }
    let first = now() - start
    let keystrokes = 30
    var typing: [Double] = []
    for i in 0..<keystrokes {
        start = now()
        _ = editor.handle(.char(i % 10 == 9 ? " " : "x"))
        terminal.draw { f in f.render(area, in: f.area, state: &editor) }
        typing.append(now() - start)
    }
    var paging: [Double] = []
    for i in 0..<keystrokes {
        start = now()
        editor.move(i < keystrokes / 2 ? .pageDown : .pageUp)
        terminal.draw { f in f.render(area, in: f.area, state: &editor) }
        paging.append(now() - start)
    }
    print(String(format: "10 MB single line, soft wrap: move to the middle + first frame %.1f ms", first))
    report("  type a character + frame", typing, cells: 0)
    report("  page down/up + frame", paging, cells: 0)
}
