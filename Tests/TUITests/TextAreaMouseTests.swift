import TUI
import TUITesting
import Testing

/// Clicks, drags and the wheel in a `TextArea`, mapped through the last render.
@Suite struct TextAreaMouseTests {
    private func render(_ state: inout TextEditorState, _ area: TextArea, width: Int, height: Int) {
        let terminal = Terminal(backend: TestBackend(width: width, height: height))
        terminal.draw { frame in frame.render(area, in: frame.area, state: &state) }
    }

    private func click(_ x: Int, _ y: Int, _ kind: MouseEvent.Kind = .press(.left)) -> MouseEvent {
        MouseEvent(kind: kind, position: Position(x: x, y: y))
    }

    @Test func clickPlacesTheCursorAndDragSelects() {
        var state = TextEditorState(text: "hello world\nsecond line")
        render(&state, TextArea(), width: 20, height: 3)  // line numbers take 2 columns
        let handled = state.handle(click(8, 0))
        #expect(handled)
        #expect(state.cursor == TextPosition(line: 0, column: 6))
        _ = state.handle(click(5, 1))
        #expect(state.cursor == TextPosition(line: 1, column: 3))
        _ = state.handle(click(19, 1))
        #expect(state.cursor == TextPosition(line: 1, column: 11))
        _ = state.handle(click(5, 2))
        #expect(state.cursor == TextPosition(line: 1, column: 11))
        let onLineNumbers = state.handle(click(0, 0))
        #expect(!onLineNumbers)  // the line numbers are not text

        _ = state.handle(click(2, 0))
        _ = state.handle(click(7, 1, .drag(.left)))
        #expect(state.selectedText == "hello world\nsecon")
        _ = state.handle(click(4, 0))
        #expect(state.selection == nil)
    }

    @Test func clicksInSoftWrappedRowsCountWideCharacters() {
        var state = TextEditorState(text: "ab世界cd efgh")
        let area = TextArea(lineNumbers: false, softWrap: true)
        render(&state, area, width: 5, height: 3)  // rows: "ab世", "界cd ", "efgh"
        _ = state.handle(click(1, 1))
        #expect(state.cursor.column == 3)
        _ = state.handle(click(2, 1))
        #expect(state.cursor.column == 4)
        _ = state.handle(click(0, 2))
        #expect(state.cursor.column == 7)
        _ = state.handle(click(4, 0))
        #expect(state.cursor.column == 2)
    }

    @Test func theWheelMovesThreeRows() {
        var state = TextEditorState(text: (0..<20).map { "line \($0)" }.joined(separator: "\n"))
        render(&state, TextArea(), width: 20, height: 5)
        _ = state.handle(click(0, 0, .scrollDown))
        #expect(state.cursor.line == 3)
        _ = state.handle(click(0, 0, .scrollUp))
        #expect(state.cursor.line == 0)
    }
}
