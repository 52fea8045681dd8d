import TUI
import TUITesting
import Testing

@Suite struct TextEditorTests {
    private func type(_ text: String, into state: inout TextEditorState) {
        for character in text { _ = state.handle(.char(character)) }
    }

    @Test func typingAndUndoRedoByWord() {
        var state = TextEditorState()
        type("hello world", into: &state)
        #expect(state.text == "hello world")
        state.undo()
        #expect(state.text == "hello")
        state.undo()
        #expect(state.text == "")
        state.redo()
        state.redo()
        #expect(state.text == "hello world")
        #expect(state.cursor == TextPosition(line: 0, column: 11))
    }

    @Test func wordMovesAndDeletes() {
        var state = TextEditorState(text: "GET /users/{id} now", singleLine: true)
        state.move(.documentEnd)
        state.move(.wordLeft)
        #expect(state.cursor.column == 16)
        state.move(.wordLeft)
        #expect(state.cursor.column == 12)
        _ = state.handle(KeyEvent(.right, modifiers: .ctrl))
        #expect(state.cursor.column == 14)
        _ = state.handle(.ctrl("w"))
        #expect(state.text == "GET /users/{} now")
        state.undo()
        #expect(state.text == "GET /users/{id} now")
    }

    @Test func shiftSelectionReplacedByTyping() {
        var state = TextEditorState(text: "abcdef", singleLine: true)
        state.move(.lineStart)
        state.move(.right)
        _ = state.handle(KeyEvent(.right, modifiers: .shift))
        _ = state.handle(KeyEvent(.right, modifiers: .shift))
        #expect(state.selectedText == "bc")
        type("X", into: &state)
        #expect(state.text == "aXdef")
        state.undo()
        #expect(state.text == "abcdef")
        #expect(state.selectedText == "bc")
    }

    @Test func pasteIntoASingleLineFlattensLineBreaks() {
        var state = TextEditorState(singleLine: true)
        _ = state.handle(.paste("one\r\ntwo\nthree"))
        #expect(state.text == "one two three")
        #expect(state.lineCount == 1)
        let handled = state.handle(.key(KeyEvent(.enter)))
        #expect(!handled)
    }

    @Test func multiLineEditing() {
        var state = TextEditorState(text: "first\nsecond")
        state.move(.lineEnd)
        _ = state.handle(.key(KeyEvent(.enter)))
        type("middle", into: &state)
        #expect(state.text == "first\nmiddle\nsecond")
        state.move(.down)
        #expect(state.cursor == TextPosition(line: 2, column: 6))
        state.move(.documentStart)
        _ = state.handle(.ctrl("a"))
        #expect(state.selectedText == "first\nmiddle\nsecond")
        _ = state.handle(.key(KeyEvent(.backspace)))
        #expect(state.text == "")
        state.undo()
        #expect(state.text == "first\nmiddle\nsecond")
    }

    @Test func backspaceJoinsLines() {
        var state = TextEditorState(text: "ab\ncd")
        state.move(.down)
        state.move(.lineStart)
        state.deleteBackward()
        #expect(state.text == "abcd")
        #expect(state.cursor == TextPosition(line: 0, column: 2))
    }

    @Test func largeDocumentRendersOnlyVisibleLines() {
        let line = String(repeating: "{\"key\": \"value\", \"n\": 12345}, ", count: 3)
        let text = Array(repeating: line, count: 120_000).joined(separator: "\n")
        var state = TextEditorState(text: text)
        #expect(state.lineCount == 120_000)
        state.move(.documentEnd)
        let terminal = Terminal(backend: TestBackend(width: 60, height: 10))
        terminal.draw { frame in frame.render(TextArea(), in: frame.area, state: &state) }
        #expect(terminal.backend.textDump().contains("120000"))
        type("!", into: &state)
        #expect(state.lines[119_999].hasSuffix("!"))
    }
}

@Suite struct ListAndPaletteTests {
    @Test func listNavigationSkipsFilteredItems() {
        let items = ["alpha", "beta", "gamma", "delta"]
        var state = ListState(selected: 0)
        state.typeFilter("ta", items: items)
        #expect(state.selected == 1)
        state.apply(.down, items: items)
        #expect(state.selected == 3)
        state.apply(.down, items: items)
        #expect(state.selected == 3)
        state.clearFilter(items: items)
        state.apply(.top, items: items)
        #expect(state.selected == 0)
        state.typeFilter("zzz", items: items)
        #expect(state.selected == nil)
    }

    @Test func fuzzyRanksWordStartsAndRunsFirst() throws {
        let commands = ["Show history", "Send request", "Save response body"]
        var state = CommandPaletteState()
        _ = state.handle(.paste("sr"), commands: commands)
        let ranked = state.matches(in: commands).map { commands[$0.index] }
        #expect(ranked.first == "Send request" || ranked.first == "Save response body")
        #expect(TextMatch.fuzzy("xyz", in: "Send request") == nil)
        let hit = try #require(TextMatch.fuzzy("sndrq", in: "Send request"))
        #expect(hit.positions == [0, 2, 3, 5, 7])
    }

    @Test func keyValueRowsToggleAndEdit() {
        var state = KeyValueEditorState(rows: [KeyValueEditorRow(key: "Accept", value: "*/*")])
        _ = state.handle(.key(.char(" ")))
        #expect(state.enabledRows.isEmpty)
        // A row with a name starts on its value (Enter on `Accept` edits `*/*`).
        #expect(state.column == .value)
        _ = state.handle(.key(KeyEvent(.enter)))
        _ = state.handle(.key(KeyEvent(.backspace)))
        _ = state.handle(.paste("json"))
        _ = state.handle(.key(KeyEvent(.enter)))
        #expect(state.rows[0].value == "*/json")
        // Esc on the row `a` added takes it away; once its first cell is kept, Esc only cancels
        // the cell being edited.
        _ = state.handle(.key(.char("a")))
        _ = state.handle(.paste("X-Id"))
        _ = state.handle(.key(KeyEvent(.escape)))
        #expect(state.rows.count == 1)
        #expect(state.table.selected == 0)
        _ = state.handle(.key(.char("a")))
        _ = state.handle(.paste("X-Id"))
        _ = state.handle(.key(KeyEvent(.tab)))
        _ = state.handle(.key(KeyEvent(.enter)))
        _ = state.handle(.key(KeyEvent(.escape)))
        #expect(state.rows.map(\.key) == ["Accept", "X-Id"])
        _ = state.handle(.key(.char("d")))
        #expect(state.rows.count == 1)
    }
}

@Suite struct TextAreaScrollTests {
    /// After any movement the cursor is drawn inside the area, on the character it points at.
    @Test(arguments: [false, true])
    func cursorStaysVisible(softWrap: Bool) throws {
        let lines = (0..<60).map { i in String(repeating: "word\(i) ", count: i % 7 + 1) + (i % 5 == 0 ? "日本語テキスト" : "")
        }
        var state = TextEditorState(text: lines.joined(separator: "\n"))
        let terminal = Terminal(backend: TestBackend(width: 18, height: 7))
        let moves: [TextMovement] = [
            .pageDown, .lineEnd, .down, .down, .wordLeft, .pageDown, .pageDown, .documentEnd, .up, .lineStart,
            .pageUp, .wordRight, .documentStart, .right, .down, .lineEnd, .pageDown, .up, .up,
        ]
        for move in moves {
            state.move(move)
            terminal.draw { frame in
                frame.render(TextArea(softWrap: softWrap), in: frame.area, state: &state)
                frame.cursor = state.screenCursor
            }
            let cursor = try #require(state.screenCursor, "cursor hidden after \(move)")
            #expect(terminal.area.contains(cursor), "cursor \(cursor) outside after \(move)")
            let line = state.lines[state.cursor.line]
            if state.cursor.column < line.count {
                let character = line[line.index(line.startIndex, offsetBy: state.cursor.column)]
                #expect(terminal.backend.buffer[x: cursor.x, y: cursor.y].symbol == String(character), "after \(move)")
            }
        }
    }
}

@Suite struct FilterAndModalTests {
    @Test func typingFiltersAList() {
        let items = ["GET /users", "POST /users", "GET /health"]
        var state = ListState()
        for key in [KeyEvent.char("h"), .char("E"), KeyEvent(.backspace), .char("e")] {
            _ = state.handleFilterKey(key, items: items)
        }
        #expect(state.filter == "he")
        #expect(state.visibleIndices(of: items) == [2])
        #expect(state.selected == 2)
        let handled = state.handleFilterKey(KeyEvent(.down), items: items)
        #expect(!handled)
        _ = state.handleFilterKey(KeyEvent(.escape), items: items)
        #expect(state.filter.isEmpty)
    }

    @Test func modalClearsItsBoxAndLeavesTheRest() {
        let terminal = Terminal(backend: TestBackend(width: 20, height: 7))
        let modal = Modal(title: "Env", width: 12, height: 5)
        terminal.draw { frame in
            frame.render(Paragraph(text: String(repeating: "x", count: 140)), in: frame.area)
            frame.render(modal, in: frame.area)
            frame.buffer.write("dev", x: modal.inner(in: frame.area).x, y: modal.inner(in: frame.area).y)
        }
        Snapshot.assert(terminal.backend.textDump(), named: "modal")
    }
}

@Suite struct SearchTests {
    @Test func findWalksMatchesForwardAndBackwardWithWrap() {
        var state = TextEditorState(text: "Token one\nno match\ntoken two token\nlast")
        let found1 = state.find("token")
        #expect(found1)
        #expect(state.selection == TextPosition(line: 0, column: 0)..<TextPosition(line: 0, column: 5))
        let found2 = state.find("token")
        #expect(found2)
        #expect(state.selection?.lowerBound == TextPosition(line: 2, column: 0))
        let found3 = state.find("token")
        #expect(found3)
        #expect(state.selection?.lowerBound == TextPosition(line: 2, column: 10))
        let found4 = state.find("token")
        #expect(found4)
        #expect(state.selection?.lowerBound == TextPosition(line: 0, column: 0))
        let found5 = state.find("token", forward: false)
        #expect(found5)
        #expect(state.selection?.lowerBound == TextPosition(line: 2, column: 10))
        let found6 = state.find("token", forward: false)
        #expect(found6)
        #expect(state.selection?.lowerBound == TextPosition(line: 2, column: 0))
        let found7 = state.find("absent")
        #expect(!found7)
        #expect(state.selectedText == "token")
    }

    @Test func findSingleOccurrenceWrapsToItself() {
        var state = TextEditorState(text: "a needle here")
        let found8 = state.find("NEEDLE")
        #expect(found8)
        let found9 = state.find("needle")
        #expect(found9)
        #expect(state.selection?.lowerBound == TextPosition(line: 0, column: 2))
        let found10 = state.find("needle", forward: false)
        #expect(found10)
        #expect(state.selection?.lowerBound == TextPosition(line: 0, column: 2))
    }

    @Test func listNAndShiftNVisitMatchingItems() {
        let items = ["GET /users", "POST /orders", "GET /orders/{id}", "DELETE /users/{id}"]
        var state = ListState(selected: 0)
        let found11 = state.selectMatch("orders", items: items)
        #expect(found11)
        #expect(state.selected == 1)
        let found12 = state.selectMatch("orders", items: items)
        #expect(found12)
        #expect(state.selected == 2)
        let found13 = state.selectMatch("orders", items: items)
        #expect(found13)
        #expect(state.selected == 1)
        let found14 = state.selectMatch("users", items: items, forward: false)
        #expect(found14)
        #expect(state.selected == 0)
        let found15 = state.selectMatch("nothing", items: items)
        #expect(!found15)
    }
}

@Suite struct SearchDetailTests {
    @Test func asciiAndUnicodeNeedlesReportCharacterColumns() {
        #expect(TextEditorState.matchColumns(of: "id", in: "日本 ID: id, Id") == [3, 7, 11])
        #expect(TextEditorState.matchColumns(of: "ü", in: "Über über") == [0, 5])
        #expect(TextEditorState.matchColumns(of: "aa", in: "aaa") == [0, 1])
        #expect(TextEditorState.matchColumns(of: "x", in: "").isEmpty)
    }
}

@Suite struct KeyValueColumnTests {
    /// The column chosen on one row is not carried to the next (issue 33: typing `2` on `page`
    /// made `?2=1`): each row starts on its value when it has a name, on its name when not.
    @Test func eachRowStartsOnItsOwnColumn() {
        var state = KeyValueEditorState(rows: [
            KeyValueEditorRow(key: "page", value: "1"), KeyValueEditorRow(key: "", value: ""),
            KeyValueEditorRow(key: "size", value: "20"),
        ])
        #expect(state.column == .value)
        state.selectColumn(.key)
        state.apply(.down)
        #expect(state.column == .key)
        state.selectColumn(.value)
        state.apply(.down)
        #expect(state.column == .value)
        state.selectColumn(.key)
        state.apply(.up)
        #expect(state.column == .key)
        #expect(state.table.selected == 1)
        // Deleting moves to the next row, on its own column.
        state.apply(.up)
        state.selectColumn(.key)
        _ = state.deleteSelected()
        #expect(state.rows.map(\.key) == ["", "size"])
        #expect(state.column == .key)
        state.apply(.down)
        _ = state.handle(.key(KeyEvent(.enter)))
        #expect(state.editor?.text == "20")
    }
}
