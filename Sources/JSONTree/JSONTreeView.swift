/// The collapsible tree over a document: which containers are expanded, how many rows that
/// makes, and the rows visible from any scroll offset — in O(rows shown), however large the
/// document or an expanded container (a million children cost the same as ten).
///
/// Expansion is "everything collapsed except `exceptions`" or, after `expandAll()`,
/// "everything expanded except `exceptions`". Rows are computed from the tape's subtree sizes:
/// fully expanded, row N is tape entry N.
package struct JSONTreeView: Sendable, Equatable {
    package let document: JSONDocument
    /// Whether containers are expanded unless listed in `exceptions`.
    package private(set) var expandedByDefault: Bool
    /// Containers whose state differs from the default (tape indices).
    package private(set) var exceptions: Set<Int>
    private var layout: JSONTreeLayout

    /// A view with only the root expanded.
    package init(document: JSONDocument) {
        self.document = document
        self.expandedByDefault = false
        self.exceptions = [0]
        self.layout = JSONTreeLayout()
        rebuild()
    }

    /// A view of `document` folded as `earlier` is: for a document that holds `earlier`'s as its
    /// start (a longer `JSONPrefix` of the same text, or the whole text), whose tape indices are
    /// the same, so every fold and row `earlier` showed is where it was.
    package init(document: JSONDocument, carrying earlier: JSONTreeView) {
        self.document = document
        self.expandedByDefault = earlier.expandedByDefault
        self.exceptions = earlier.exceptions
        self.layout = JSONTreeLayout()
        rebuild()
    }

    /// Number of visible rows.
    package var rowCount: Int { layout.rowCount }

    /// Whether `node` is an expanded, non-empty container.
    package func isExpanded(_ node: JSONNode) -> Bool {
        document.childCount(node) > 0 && (expandedByDefault != exceptions.contains(node.index))
    }

    // MARK: - Changing expansion

    package mutating func expand(_ node: JSONNode) { set(node, expanded: true) }

    package mutating func collapse(_ node: JSONNode) { set(node, expanded: false) }

    package mutating func toggle(_ node: JSONNode) { set(node, expanded: !isExpanded(node)) }

    /// Expands every container: O(1) bookkeeping, rows come straight from the tape.
    package mutating func expandAll() {
        expandedByDefault = true
        exceptions = []
        rebuild()
    }

    /// Collapses everything but the root.
    package mutating func collapseAll() {
        expandedByDefault = false
        exceptions = [0]
        rebuild()
    }

    /// Expands every ancestor of `node` so that it becomes visible.
    package mutating func reveal(_ node: JSONNode) {
        for step in document.locate(node.index).chain where !isExpanded(JSONNode(index: step.container)) {
            toggleException(step.container)
        }
        rebuild()
    }

    private mutating func set(_ node: JSONNode, expanded: Bool) {
        guard document.childCount(node) > 0, isExpanded(node) != expanded else { return }
        toggleException(node.index)
        rebuild()
    }

    private mutating func toggleException(_ index: Int) {
        if exceptions.remove(index) == nil { exceptions.insert(index) }
    }

    private mutating func rebuild() {
        layout =
            expandedByDefault
            ? JSONTreeLayout.collapsedRanges(document: document, collapsed: exceptions)
            : JSONTreeLayout.expandedForest(document: document, expanded: exceptions)
    }

    // MARK: - Rows

    /// Up to `count` rows starting at row `offset`.
    package func rows(from offset: Int, count: Int) -> [JSONTreeRow] {
        guard offset >= 0, offset < rowCount, count > 0 else { return [] }
        var cursor = JSONTreeCursor(view: self, start: layout.locate(row: offset, in: document))
        var rows: [JSONTreeRow] = []
        rows.reserveCapacity(min(count, rowCount - offset))
        while rows.count < count, let row = cursor.current {
            rows.append(row)
            cursor.advance()
        }
        return rows
    }

    /// The row showing `node` (its opening line), or nil when an ancestor is collapsed.
    package func row(of node: JSONNode) -> Int? {
        let chain = document.locate(node.index).chain
        guard chain.allSatisfy({ isExpanded(JSONNode(index: $0.container)) }) else { return nil }
        return layout.row(of: node.index, chain: chain, in: document)
    }
}
