import TUI
import Testing

@Suite struct TreeStateTests {
    /// Every visible path in pre-order, computed the slow, obvious way.
    private func allRows(_ state: TreeState, _ source: SampleTree) -> [TreePath] {
        var rows: [TreePath] = []
        func visit(_ parent: TreePath) {
            for i in 0..<(source.childCount(of: parent) ?? 0) {
                let path = parent + [i]
                rows.append(path)
                if state.isExpanded(path) { visit(path) }
            }
        }
        visit([])
        return rows
    }

    @Test func rowsAndPathsAgreeWithAPlainWalk() {
        let source = SampleTree(rootCount: 5, fanout: 4, depth: 4)
        var state = TreeState()
        for path in [[1], [1, 2], [1, 2, 0], [3], [3, 3], [4], [1, 3]] as [TreePath] { state.expand(path) }
        state.expand([0, 1])  // expanded under a collapsed parent: stays hidden
        let rows = allRows(state, source)
        #expect(state.rowCount(in: source) == rows.count)
        for (row, path) in rows.enumerated() {
            #expect(state.row(of: path, in: source) == row)
            #expect(state.path(atRow: row, in: source) == path)
            #expect(state.next(after: path, in: source) == (row + 1 < rows.count ? rows[row + 1] : nil))
        }
        #expect(state.path(atRow: rows.count, in: source) == nil)
    }

    @Test func navigationExpandsCollapsesAndJumps() {
        let source = SampleTree(rootCount: 3, fanout: 2, depth: 2)
        var state = TreeState(selected: [0])
        state.apply(.right, in: source)
        #expect(state.isExpanded([0]))
        state.apply(.right, in: source)
        #expect(state.selected == [0, 0])
        state.apply(.left, in: source)
        #expect(state.selected == [0])
        state.apply(.left, in: source)
        #expect(!state.isExpanded([0]))
        state.apply(.bottom, in: source)
        #expect(state.selected == [2])
        state.apply(.top, in: source)
        #expect(state.selected == [0])
        state.apply(.down, in: source)
        #expect(state.selected == [1])
    }

    @Test func collapsingAParentMovesTheSelectionUp() {
        var state = TreeState(selected: [1, 2])
        state.expand([1])
        state.collapse([1])
        #expect(state.selected == [1])
    }

    @Test func aMillionRowTreeScrollsByPages() {
        let source = SampleTree(rootCount: 1000, fanout: 1000, depth: 2)
        var state = TreeState(selected: [0])
        for i in 0..<1000 { state.expand([i]) }
        #expect(state.rowCount(in: source) == 1_001_000)
        let terminal = Terminal(backend: TestBackend(width: 30, height: 10))
        terminal.draw { frame in frame.render(TreeView(source: source), in: frame.area, state: &state) }
        state.apply(.bottom, in: source)
        terminal.draw { frame in frame.render(TreeView(source: source), in: frame.area, state: &state) }
        #expect(state.selected == [999, 999])
        #expect(terminal.backend.textDump().contains("node 999.999"))
        state.apply(.pageUp, in: source)
        #expect(state.selected == [999, 990])
    }
}
