import TUI
import Testing

/// Every widget at every tiny size: nothing may crash or draw outside its area.
@Suite struct TinyScreenTests {
    @Test func everyWidgetSurvivesTinyAreas() {
        let source = SampleTree(rootCount: 3, fanout: 2, depth: 2)
        for width in 0...4 {
            for height in 0...4 {
                let backend = TestBackend(width: width, height: height)
                let terminal = Terminal(backend: backend)
                var list = ListState()
                var tree = TreeState()
                tree.expand([0])
                var table = TableState()
                var editor = TextEditorState(text: "日本語\nabc")
                var input = TextEditorState(text: "👍🏽 wide", singleLine: true)
                var keyValues = KeyValueEditorState(rows: [KeyValueEditorRow(key: "日本", value: "語")])
                var palette = CommandPaletteState()
                for widgetIndex in 0..<17 {
                    terminal.draw { frame in
                        let area = frame.area
                        switch widgetIndex {
                        case 0: frame.render(Block(title: "Title", bottomTitle: "1/2"), in: area)
                        case 1: frame.render(Paragraph(text: "日本語 text that wraps"), in: area)
                        case 2: frame.render(ListView(["日本", "b"]), in: area, state: &list)
                        case 3: frame.render(TreeView(source: source), in: area, state: &tree)
                        case 4:
                            frame.render(
                                Table(header: ["a", "b"], rows: [["日本", "x"]], widths: [.fill(1), .length(3)]),
                                in: area, state: &table
                            )
                        case 5: frame.render(Tabs(["日本", "Tab"], selected: 1), in: area)
                        case 6: frame.render(TextArea(softWrap: true), in: area, state: &editor)
                        case 7: frame.render(TextArea(), in: area, state: &editor)
                        case 8: frame.render(TextInput(), in: area, state: &input)
                        case 9: frame.render(KeyValueEditor(), in: area, state: &keyValues)
                        case 10:
                            frame.render(StatusBar(message: "日本", hints: [KeyHint("q", "quit")], right: "x"), in: area)
                        case 11: frame.render(Dialog(title: "日本", message: "message", buttons: ["OK", "No"]), in: area)
                        case 12: frame.render(CommandPalette(commands: ["Send"]), in: area, state: &palette)
                        case 13: frame.render(Toast("日本語"), in: area)
                        case 14: frame.render(ProgressBar(ratio: 0.5, label: "50%"), in: area)
                        case 15: frame.render(Scrollbar(total: 10, offset: 3, visible: 2), in: area)
                        default: frame.render(HelpOverlay(keymap: .standard), in: area)
                        }
                        frame.cursor = input.screenCursor
                    }
                    #expect(backend.size == Size(width: width, height: height))
                }
            }
        }
    }

    @Test func widgetsStayInsideTheirArea() {
        let terminal = Terminal(backend: TestBackend(width: 12, height: 5))
        var list = ListState()
        terminal.draw { frame in
            let inner = Rect(x: 3, y: 1, width: 5, height: 2)
            frame.render(Paragraph(text: "日本語日本語 long text"), in: inner)
            frame.render(ListView(["wide 日本語 item"]), in: Rect(x: 3, y: 3, width: 5, height: 1), state: &list)
        }
        let lines = terminal.backend.textDump().split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        #expect(lines[0].allSatisfy { $0 == " " })
        #expect(lines[4].allSatisfy { $0 == " " })
        for line in lines[1...3] {
            #expect(line.hasPrefix("   "))
            #expect(line.hasSuffix("    "))
        }
    }
}
