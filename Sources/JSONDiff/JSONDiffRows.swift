package import JSONTree

/// One line of a side-by-side diff: what the left document shows there, what the right one does,
/// and how they differ. Text is without indentation (`depth` says how deep).
package struct JSONDiffRow: Sendable, Equatable {
    package enum Mark: Sendable, Equatable {
        /// An opening or closing line of a container with changes inside.
        case same
        /// A value (or a whole unchanged subtree, folded to one line) equal on both sides.
        case folded
        case changed
        /// Only on the left.
        case removed
        /// Only on the right.
        case added
    }

    package var mark: Mark
    package var depth: Int
    package var left: String?
    package var right: String?
    /// The values the row shows (a folded row's, a container's opening row's), so a view can
    /// unfold an unchanged subtree; nil on the right where the partner was not looked up.
    package var leftNode: JSONNode?
    package var rightNode: JSONNode?

    package init(
        _ mark: Mark, depth: Int, left: String?, right: String?, leftNode: JSONNode? = nil,
        rightNode: JSONNode? = nil
    ) {
        self.mark = mark
        self.depth = depth
        self.left = left
        self.right = right
        self.leftNode = leftNode
        self.rightNode = rightNode
    }

    /// Whether this row is a change (what next/previous change keys stop at).
    package var isChange: Bool { mark == .changed || mark == .removed || mark == .added }
}

/// Both documents of a diff as aligned rows, as a side-by-side view shows them: containers with
/// changes inside open over several rows, everything unchanged folded to one row per value
/// (`key: {…} 12 keys`), a changed value on one row with both sides, a removed one only on the
/// left, an added one only on the right (after the members both sides have). Needs a result made
/// with `recordsPairs`; stops after `limit` rows.
package enum JSONDiffRows {
    private enum Step {
        case pair(JSONNode, JSONNode, depth: Int, label: String, rightLabel: String)
        case row(JSONDiffRow)
    }

    package static func build(_ result: JSONDiffResult, limit: Int = 100_000) -> [JSONDiffRow] {
        let left = result.left
        let right = result.right
        var changed: [Int: Int] = [:]
        var removed = Set<Int>()
        var added = Set<Int>()
        for change in result.changes {
            switch change.kind {
            case .changed: if let a = change.left, let b = change.right { changed[a.index] = b.index }
            case .removed: if let a = change.left { removed.insert(a.index) }
            case .added: if let b = change.right { added.insert(b.index) }
            }
        }
        var rows: [JSONDiffRow] = []
        var stack: [Step] = [.pair(left.root, right.root, depth: 0, label: "", rightLabel: "")]
        while let step = stack.popLast(), rows.count < limit {
            switch step {
            case .row(let row):
                rows.append(row)
            case .pair(let a, let b, let depth, let label, let rightLabel):
                if changed[a.index] == b.index {
                    rows.append(
                        JSONDiffRow(
                            .changed, depth: depth, left: label + preview(left, a),
                            right: rightLabel + preview(right, b)))
                    continue
                }
                guard result.pairs[a.index] == b.index else {
                    rows.append(
                        JSONDiffRow(
                            .folded, depth: depth, left: label + preview(left, a),
                            right: rightLabel + preview(right, b), leftNode: a, rightNode: b))
                    continue
                }
                let isObject = left.kind(a) == .object
                rows.append(
                    JSONDiffRow(
                        .same, depth: depth, left: label + (isObject ? "{" : "["),
                        right: rightLabel + (isObject ? "{" : "["), leftNode: a, rightNode: b))
                var steps: [Step] = []
                for (position, child) in left.children(a).enumerated() {
                    let name = isObject ? (left.key(child) ?? "") + ": " : "\(position): "
                    if removed.contains(child.index) {
                        steps.append(
                            .row(JSONDiffRow(.removed, depth: depth + 1, left: name + preview(left, child), right: nil))
                        )
                    } else if let other = changed[child.index] ?? result.pairs[child.index] {
                        let partner = JSONNode(index: other)
                        steps.append(
                            .pair(
                                child, partner, depth: depth + 1, label: name,
                                rightLabel: Self.label(right, partner, in: b, isObject)))
                    } else {
                        let text = name + preview(left, child)
                        steps.append(
                            .row(JSONDiffRow(.folded, depth: depth + 1, left: text, right: text, leftNode: child)))
                    }
                }
                for (position, child) in right.children(b).enumerated() where added.contains(child.index) {
                    let name = isObject ? (right.key(child) ?? "") + ": " : "\(position): "
                    steps.append(
                        .row(JSONDiffRow(.added, depth: depth + 1, left: nil, right: name + preview(right, child))))
                }
                let closing = isObject ? "}" : "]"
                steps.append(.row(JSONDiffRow(.same, depth: depth, left: closing, right: closing)))
                stack.append(contentsOf: steps.reversed())
            }
        }
        return rows
    }

    /// `key: ` or `index: ` of a right-side child (its index found by walking its container).
    private static func label(_ document: JSONDocument, _ node: JSONNode, in parent: JSONNode, _ isObject: Bool)
        -> String
    {
        if isObject { return (document.key(node) ?? "") + ": " }
        var position = 0
        for child in document.children(parent) {
            if child == node { break }
            position += 1
        }
        return "\(position): "
    }

    /// A value on one line: scalars as written, containers by size.
    private static func preview(_ document: JSONDocument, _ node: JSONNode) -> String {
        document.preview(node, maxLength: 160)
    }
}
