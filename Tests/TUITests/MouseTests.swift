import TUI
import Testing

@Suite struct MouseTests {
    private func click(_ x: Int, _ y: Int) -> MouseEvent {
        MouseEvent(kind: .press(.left), position: Position(x: x, y: y))
    }

    @Test func clickingAListRowSelectsIt() {
        let items = ["one", "two", "three", "four"]
        var state = ListState()
        let terminal = Terminal(backend: TestBackend(width: 10, height: 5))
        terminal.draw { frame in
            frame.render(ListView(items), in: Rect(x: 0, y: 1, width: 10, height: 3), state: &state)
        }
        let handled1 = state.handle(click(2, 3), items: items)
        #expect(handled1)
        #expect(state.selected == 2)
        let handled2 = state.handle(click(2, 4), items: items)
        #expect(!handled2)
        let handled3 = state.handle(MouseEvent(kind: .scrollDown, position: Position(x: 0, y: 0)), items: items)
        #expect(handled3)
        #expect(state.selected == 3)
    }

    @Test func clickingATreeMarkerToggles() {
        let source = SampleTree(rootCount: 3, fanout: 2, depth: 2)
        var state = TreeState()
        let terminal = Terminal(backend: TestBackend(width: 20, height: 6))
        let draw = { (state: inout TreeState) in
            terminal.draw { frame in frame.render(TreeView(source: source), in: frame.area, state: &state) }
        }
        _ = draw(&state)
        let handled4 = state.handle(click(0, 1), in: source)
        #expect(handled4)
        #expect(state.selected == [1])
        #expect(state.isExpanded([1]))
        _ = draw(&state)
        let handled5 = state.handle(click(6, 3), in: source)
        #expect(handled5)
        #expect(state.selected == [1, 1])
        let handled6 = state.handle(click(8, 0), in: source)
        #expect(handled6)
        #expect(state.selected == [0])
        #expect(!state.isExpanded([0]))
    }

    @Test func clickingATableRowSkipsTheHeader() {
        var state = TableState()
        let table = Table(header: ["h"], rows: [["a"], ["b"]], widths: [.fill(1)])
        let terminal = Terminal(backend: TestBackend(width: 5, height: 4))
        terminal.draw { frame in frame.render(table, in: frame.area, state: &state) }
        let handled7 = state.handle(click(1, 0), count: 2)
        #expect(!handled7)
        let handled8 = state.handle(click(1, 2), count: 2)
        #expect(handled8)
        #expect(state.selected == 1)
    }
}
