import TUI
import TUITesting
import Testing

/// Whole-widget renders compared with stored text dumps under `Snapshots/`.
@Suite struct WidgetSnapshotTests {
    private func screen(width: Int, height: Int, _ draw: (inout Frame) -> Void) -> String {
        let terminal = Terminal(backend: TestBackend(width: width, height: height))
        terminal.draw(draw)
        return terminal.backend.textDump()
    }

    @Test func blockWithTitles() {
        Snapshot.assert(
            Block(title: "Request", bottomTitle: "3/10"), width: 24, height: 4, named: "block-titles"
        )
        Snapshot.assert(Block(title: "Tiny"), width: 3, height: 2, named: "block-tiny")
        Snapshot.assert(Block(title: "Double", borderType: .double), width: 14, height: 3, named: "block-double")
        // A title longer than the border ends in … before the corner.
        let cut = screen(width: 20, height: 3) { frame in
            frame.render(Block(title: "Request · A very long name"), in: frame.area)
        }
        #expect(cut.split(separator: "\n").first == "╭─ Request · A v… ─╮")
    }

    @Test func paragraphWrapsWordsAndWideText() {
        let text = "The quick brown fox jumps over the lazy dog. 日本語のテキストも折り返します。 e\u{301}te\u{301}"
        Snapshot.assert(Paragraph(text: text), width: 16, height: 8, named: "paragraph-wrap")
        Snapshot.assert(Paragraph(text: text, scroll: 2), width: 16, height: 3, named: "paragraph-scroll")
    }

    @Test func listWithFilterAndSelection() {
        let items = ["GET /users", "POST /users", "GET /users/{id}", "DELETE /users/{id}", "GET /health"]
        var state = ListState(selected: 2)
        let list = screen(width: 24, height: 4) { frame in frame.render(ListView(items), in: frame.area, state: &state)
        }
        Snapshot.assert(list, named: "list-selected")
        state.typeFilter("get", items: items)
        let filtered = screen(width: 24, height: 4) { frame in
            frame.render(ListView(items), in: frame.area, state: &state)
        }
        Snapshot.assert(filtered, named: "list-filtered")
        #expect(state.selected == 2)
    }

    @Test func treeWithExpandedAndLoadingNodes() {
        let source = SampleTree(rootCount: 4, fanout: 3, depth: 3, loading: [[2]])
        var state = TreeState(selected: [1, 1])
        state.expand([1])
        state.expand([1, 1])
        state.expand([2])
        let tree = screen(width: 26, height: 10) { frame in
            frame.render(TreeView(source: source), in: frame.area, state: &state)
        }
        Snapshot.assert(tree, named: "tree-expanded")
    }

    @Test func tableWithHeaderAndSelection() {
        let table = Table(
            header: ["Name", "Status", "Time"],
            rows: [["list users", "200", "12 ms"], ["create user", "201", "30 ms"], ["broken", "500", "1.2 s"]],
            widths: [.fill(1), .length(6), .length(6)]
        )
        var state = TableState(selected: 1)
        Snapshot.assert(
            screen(width: 30, height: 4) { frame in frame.render(table, in: frame.area, state: &state) },
            named: "table"
        )
    }

    @Test func tabsStatusBarAndHints() {
        let text = screen(width: 50, height: 3) { frame in
            frame.render(Tabs(["Params", "Headers", "Body"], selected: 1), in: frame.area.row(0))
            frame.render(
                StatusBar(
                    message: "Ready",
                    hints: [KeyHint("^S", "save"), KeyHint("F5", "send"), KeyHint("?", "help"), KeyHint("q", "quit")],
                    right: "dark"),
                in: frame.area.row(2)
            )
        }
        Snapshot.assert(text, named: "tabs-statusbar")
    }

    @Test func dialogOverContent() {
        let text = screen(width: 40, height: 9) { frame in
            frame.render(Paragraph(text: String(repeating: "background text ", count: 30)), in: frame.area)
            frame.render(
                Dialog(
                    title: "Discard changes?", message: "The request has unsaved edits.",
                    buttons: ["Discard", "Cancel"], selectedButton: 1, width: 34),
                in: frame.area
            )
        }
        Snapshot.assert(text, named: "dialog")
    }

    /// Buttons too wide for the dialog lose their key hints before anything is cut (the quit
    /// question's last button was cut at 60 columns).
    @Test func narrowDialogButtonsDropTheirKeyHints() {
        let buttons = ["Save all (Alt+S)", "Discard (Alt+D)", "Cancel (Esc)"]
        func buttonsRow(width: Int) -> String {
            let text = screen(width: width, height: 8) { frame in
                frame.render(
                    Dialog(
                        title: "Unsaved edits", message: "1 request has unsaved edits.", buttons: buttons, width: width),
                    in: frame.area)
            }
            return text.split(separator: "\n").first { $0.contains("[ ") }.map(String.init) ?? ""
        }
        #expect(buttonsRow(width: 80).contains("[ Cancel (Esc) ]"))
        let narrow = buttonsRow(width: 58)
        #expect(narrow.contains("[ Save all ]  [ Discard ]  [ Cancel ]"), "\(narrow)")
    }

    @Test func toastSpinnerProgressAndScrollbar() {
        let text = screen(width: 40, height: 8) { frame in
            frame.render(Spinner(frame: 3, label: "connecting…"), in: frame.area.row(0))
            frame.render(ProgressBar(ratio: 0.42, label: "42%"), in: Rect(x: 0, y: 1, width: 20, height: 1))
            frame.render(ProgressBar(ratio: nil, tick: 3), in: Rect(x: 0, y: 2, width: 20, height: 1))
            frame.render(Scrollbar(total: 100, offset: 50, visible: 20), in: Rect(x: 39, y: 0, width: 1, height: 8))
            frame.render(Toast("Saved users.json", kind: .success), in: Rect(x: 0, y: 0, width: 38, height: 8))
        }
        Snapshot.assert(text, named: "toast-spinner-progress-scrollbar")
    }

    @Test func textInputScrollsToTheCursor() {
        var state = TextEditorState(text: "https://api.example.com/v1/users?page=2&limit=50", singleLine: true)
        state.move(.documentEnd)
        state.move(.wordLeft, selecting: true)
        let text = screen(width: 20, height: 2) { frame in
            frame.render(TextInput(), in: frame.area.row(0), state: &state)
            var empty = TextEditorState(singleLine: true)
            frame.render(TextInput(placeholder: "Search…"), in: frame.area.row(1), state: &empty)
            frame.cursor = state.screenCursor
        }
        Snapshot.assert(text, named: "textinput-scrolled")
        #expect(state.screenCursor == Position(x: 19, y: 0))
    }

    @Test func textAreaWithLineNumbersAndSoftWrap() {
        let body =
            "{\n  \"name\": \"Ada Lovelace\",\n  \"languages\": [\"Analytical Engine\", \"日本語\"],\n\t\"ok\": true\n}"
        var state = TextEditorState(text: body)
        state.move(.down)
        state.move(.lineEnd)
        Snapshot.assert(
            screen(width: 24, height: 6) { frame in frame.render(TextArea(), in: frame.area, state: &state) },
            named: "textarea-numbers"
        )
        var wrapped = TextEditorState(text: body)
        Snapshot.assert(
            screen(width: 24, height: 9) { frame in
                frame.render(TextArea(softWrap: true), in: frame.area, state: &wrapped)
            },
            named: "textarea-softwrap"
        )
    }

    @Test func keyValueEditor() {
        var state = KeyValueEditorState(rows: [
            KeyValueEditorRow(key: "Accept", value: "application/json"),
            KeyValueEditorRow(key: "X-Debug", value: "1", enabled: false),
            KeyValueEditorRow(key: "Authorization", value: "Bearer {{token}}"),
        ])
        state.apply(.down)
        Snapshot.assert(
            screen(width: 40, height: 4) { frame in frame.render(KeyValueEditor(), in: frame.area, state: &state) },
            named: "keyvalue-editor"
        )
    }

    /// Of two tables side by side, only the one with the keys shows its selected row: the Params
    /// tab drew its query and path-parameter selections alike, two rows looking selected.
    @Test func aTableWithoutTheKeysShowsNoSelectedRow() {
        var state = KeyValueEditorState(rows: [KeyValueEditorRow(key: "id", value: "42")])
        var shown = Buffer(area: Rect(x: 0, y: 0, width: 30, height: 1))
        KeyValueEditor().render(in: shown.area, buffer: &shown, state: &state)
        var quiet = Buffer(area: shown.area)
        var editor = KeyValueEditor()
        editor.showsSelection = false
        editor.render(in: quiet.area, buffer: &quiet, state: &state)
        #expect(shown[x: 10, y: 0].style.modifiers.contains(.reverse))
        #expect(!quiet[x: 10, y: 0].style.modifiers.contains(.reverse))
        #expect(!quiet[x: 5, y: 0].style.modifiers.contains(.underline))
    }

    @Test func aCutKeyOrValueEndsInAnEllipsis() {
        var state = KeyValueEditorState(rows: [
            KeyValueEditorRow(key: "X-A-Very-Long-Header-Name", value: "a value much longer than its column"),
            KeyValueEditorRow(key: "Short", value: "fits"),
        ])
        let text = screen(width: 40, height: 2) { frame in
            frame.render(KeyValueEditor(), in: frame.area, state: &state)
        }
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "[x]  X-A-Very-Lon… a value much longer …")
        #expect(lines.last?.hasPrefix("[x]  Short") == true && lines.last?.contains("…") == false)
    }

    @Test func commandPaletteHighlightsFuzzyHits() {
        let commands = ["Send request", "Save request", "Switch environment", "Show history", "Quit"]
        var state = CommandPaletteState()
        for character in "sre" { _ = state.handle(.key(.char(character)), commands: commands) }
        let palette = CommandPalette(commands: commands, shortcuts: ["F5", "^S", "^E", "", "q"], width: 36, height: 7)
        Snapshot.assert(
            screen(width: 40, height: 10) { frame in frame.render(palette, in: frame.area, state: &state) },
            named: "command-palette"
        )
        #expect(state.chosen(in: commands) == 0)
    }

    @Test("a command title too long for the palette ends in … before its key, not cut mid-word")
    func paletteMarksACutTitle() {
        let commands = ["Mark a History entry to compare (m on another compares them)"]
        var state = CommandPaletteState()
        let palette = CommandPalette(commands: commands, shortcuts: ["m"], width: 30, height: 5)
        let dump = screen(width: 30, height: 5) { frame in frame.render(palette, in: frame.area, state: &state) }
        let row = dump.split(separator: "\n").map(String.init).first { $0.contains("Mark a") } ?? ""
        #expect(row.contains("…  m") || row.contains("… m"), "\(row)")
        #expect(!row.contains("compares them"))
    }
}
