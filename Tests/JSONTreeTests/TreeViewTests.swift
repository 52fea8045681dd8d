import JSONTree
import Testing

@Suite("tree view model")
struct TreeViewTests {
    /// The rows a naive recursive walk produces: the reference the fast model must match.
    static func referenceRows(_ view: JSONTreeView) -> [JSONTreeRow] {
        let document = view.document
        var rows: [JSONTreeRow] = []
        func visit(_ node: JSONNode, depth: Int, position: Int?, parentKind: JSONKind?) {
            let expanded = view.isExpanded(node)
            rows.append(
                JSONTreeRow(
                    node: node, depth: depth, isClosing: false, isExpanded: expanded, position: position,
                    parentKind: parentKind))
            guard expanded else { return }
            for (index, child) in document.children(node).enumerated() {
                visit(child, depth: depth + 1, position: index, parentKind: document.kind(node))
            }
            rows.append(
                JSONTreeRow(
                    node: node, depth: depth, isClosing: true, isExpanded: true, position: position,
                    parentKind: parentKind))
        }
        visit(document.root, depth: 0, position: nil, parentKind: nil)
        return rows
    }

    static func expectMatchesReference(_ view: JSONTreeView) {
        let reference = referenceRows(view)
        #expect(view.rowCount == reference.count)
        #expect(view.rows(from: 0, count: reference.count + 5) == reference)
        for offset in stride(from: 0, to: reference.count, by: max(1, reference.count / 40)) {
            #expect(view.rows(from: offset, count: 7) == Array(reference[offset..<min(reference.count, offset + 7)]))
        }
        for (rowIndex, row) in reference.enumerated() where !row.isClosing {
            #expect(view.row(of: row.node) == rowIndex)
        }
    }

    let sample = """
        {"users": [{"name": "ada", "tags": ["x", "y"], "meta": {}}, {"name": "bob", "tags": [], "meta": {"a": [1, [2]]}}],
         "count": 2, "empty": [], "deep": [[[["bottom"]]]]}
        """

    @Test("initially only the root is expanded")
    func initial() throws {
        let document = try JSONDocument(text: sample)
        let view = JSONTreeView(document: document)
        let rows = view.rows(from: 0, count: 100)
        #expect(rows.count == 6)
        #expect(rows.map(\.depth) == [0, 1, 1, 1, 1, 0])
        #expect(rows.map { document.key($0.node) } == [nil, "users", "count", "empty", "deep", nil])
        #expect(rows.last?.isClosing == true)
        Self.expectMatchesReference(view)
    }

    @Test("expanding and collapsing nodes matches a full walk at every offset")
    func expandCollapse() throws {
        let document = try JSONDocument(text: sample)
        var view = JSONTreeView(document: document)
        let users = try #require(document.child(document.root, key: "users"))
        view.expand(users)
        Self.expectMatchesReference(view)
        let second = try #require(document.child(users, at: 1))
        view.expand(second)
        Self.expectMatchesReference(view)
        let meta = try #require(document.child(second, key: "meta"))
        view.expand(meta)
        view.collapse(users)
        Self.expectMatchesReference(view)
        view.expand(users)
        Self.expectMatchesReference(view)
        let rows = view.rows(from: 0, count: 100)
        let labels = rows.filter { $0.parentKind == .array && !$0.isClosing && $0.depth == 2 }.map(\.position)
        #expect(labels == [0, 1])
    }

    @Test("expand all makes one row per tape entry; collapsing inside it still matches")
    func expandAll() throws {
        let document = try JSONDocument(text: sample)
        var view = JSONTreeView(document: document)
        view.expandAll()
        #expect(view.rowCount == document.tapeCount)
        Self.expectMatchesReference(view)
        let users = try #require(document.child(document.root, key: "users"))
        let first = try #require(document.child(users, at: 0))
        view.collapse(first)
        let deep = try #require(document.child(document.root, key: "deep"))
        view.collapse(deep)
        Self.expectMatchesReference(view)
        view.collapse(users)
        Self.expectMatchesReference(view)
        view.collapseAll()
        #expect(view.rowCount == 6)
    }

    @Test("reveal expands the ancestors of a node so it gets a row")
    func reveal() throws {
        let document = try JSONDocument(text: sample)
        var view = JSONTreeView(document: document)
        let deep = try #require(document.child(document.root, key: "deep"))
        var node = deep
        while let child = document.child(node, at: 0) { node = child }
        #expect(view.row(of: node) == nil)
        view.reveal(node)
        let row = try #require(view.row(of: node))
        #expect(view.rows(from: row, count: 1).first?.node == node)
        Self.expectMatchesReference(view)
    }

    @Test("random documents and random expansions agree with the reference walk")
    func randomized() throws {
        var random = SplitMix(seed: 42)
        for _ in 0..<30 {
            let text = RandomJSON.value(&random, depth: 0)
            let document = try JSONDocument(text: text)
            var view = JSONTreeView(document: document)
            if random.next() % 2 == 0 { view.expandAll() }
            for _ in 0..<6 {
                let index = Int(random.next() % UInt64(document.tapeCount))
                view.toggle(JSONNode(index: index))
                Self.expectMatchesReference(view)
            }
        }
    }

    @Test("a container with a million children: rows at the end come from arithmetic, not a walk")
    func millionChildren() throws {
        let text = "[" + Array(repeating: "{\"x\":1}", count: 1_000_000).joined(separator: ",") + "]"
        let document = try JSONDocument(text: text)
        var view = JSONTreeView(document: document)
        #expect(view.rowCount == 1_000_002)
        let last = view.rows(from: 1_000_000, count: 5)
        #expect(last.map(\.position) == [999_999, nil])
        #expect(last.last?.isClosing == true)
        view.expandAll()
        #expect(view.rowCount == 3_000_002)
        let tail = view.rows(from: 3_000_000 - 2, count: 10)
        #expect(tail.map(\.depth) == [1, 2, 1, 0])
        #expect(tail.map(\.position) == [999_999, 0, 999_999, nil])
    }
}
