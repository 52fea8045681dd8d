import JSONDiff
import JSONTree

/// Unfolding an unchanged subtree of the Diff view and folding it again. The comparison folds
/// every equal value to one row; opening one lays out its members (each folded in turn) from the
/// kept documents, the left's order, each member's partner on the right found by name or
/// position. Only what the user opened folds again: a container with changes inside stays open.
extension DiffViewState {
    /// At most this many members of one container are laid out (a row says how many more).
    static let unfoldLimit = 2_000

    /// Whether `row` is a folded container the documents can open.
    package func canUnfold(_ row: Int) -> Bool {
        guard rows.indices.contains(row), rows[row].mark == .folded, let node = rows[row].leftNode,
            let documents
        else { return false }
        let kind = documents.left.kind(node)
        return (kind == .object || kind == .array) && documents.left.childCount(node) > 0
    }

    /// Whether `row` opens a subtree the user unfolded (so it folds again).
    package func isUnfolded(_ row: Int) -> Bool {
        guard rows.indices.contains(row), let node = rows[row].leftNode else { return false }
        return rows[row].mark == .same && unfolded[node.index] != nil
    }

    /// The row of the container `row` is in (nil at the top level).
    package func parentRow(of row: Int) -> Int? {
        guard rows.indices.contains(row) else { return nil }
        let depth = rows[row].depth
        return rows[..<row].lastIndex { $0.depth < depth && $0.leftNode != nil }
    }

    /// Opens the folded container at `row`: its opening line, one folded row per member, its
    /// closing line. False when there is nothing to open there.
    @discardableResult
    package mutating func unfold(_ row: Int) -> Bool {
        guard canUnfold(row), let documents, let node = rows[row].leftNode else { return false }
        let folded = rows[row]
        let left = documents.left
        let right = documents.right
        let partner = folded.rightNode ?? rightPartner(of: row)
        let isObject = left.kind(node) == .object
        let preview = left.preview(node, maxLength: 160)
        let label = String((folded.left ?? "").dropLast(preview.count))
        var rightLabel = label
        if let partner, let text = folded.right {
            rightLabel = String(text.dropLast(right.preview(partner, maxLength: 160).count))
        }
        let (open, close) = isObject ? ("{", "}") : ("[", "]")
        var opened = [
            JSONDiffRow(
                .same, depth: folded.depth, left: label + open, right: rightLabel + open, leftNode: node,
                rightNode: partner)
        ]
        // Arrays pair by position (as the comparison does), objects by name.
        let rightItems = isObject ? [] : partner.map { Array(right.children($0).prefix(Self.unfoldLimit)) } ?? []
        var byName: [String: JSONNode] = [:]
        if isObject, let partner { for member in right.children(partner) { byName[right.key(member) ?? ""] = member } }
        var count = 0
        for (position, child) in left.children(node).enumerated() {
            count += 1
            guard position < Self.unfoldLimit else { continue }
            let name = isObject ? (left.key(child) ?? "") + ": " : "\(position): "
            let other =
                isObject
                ? byName[left.key(child) ?? ""] : rightItems.indices.contains(position) ? rightItems[position] : nil
            let leftText = name + left.preview(child, maxLength: 160)
            opened.append(
                JSONDiffRow(
                    .folded, depth: folded.depth + 1, left: leftText,
                    right: other.map { name + right.preview($0, maxLength: 160) } ?? leftText, leftNode: child,
                    rightNode: other))
        }
        if count > Self.unfoldLimit {
            let more = "… \(count - Self.unfoldLimit) more"
            opened.append(JSONDiffRow(.folded, depth: folded.depth + 1, left: more, right: more))
        }
        opened.append(JSONDiffRow(.same, depth: folded.depth, left: close, right: close))
        rows.replaceSubrange(row...row, with: opened)
        unfolded[node.index] = folded
        if let cursor = current, cursor > row { current = cursor + opened.count - 1 }
        return true
    }

    /// Folds the subtree the user opened at `row` (and any opened inside it) back to one row.
    @discardableResult
    package mutating func fold(_ row: Int) -> Bool {
        guard isUnfolded(row), let node = rows[row].leftNode, let folded = unfolded[node.index] else { return false }
        let depth = rows[row].depth
        let end = rows[(row + 1)...].firstIndex { $0.depth <= depth } ?? rows.count - 1
        for inner in rows[row...end] {
            if let node = inner.leftNode { unfolded[node.index] = nil }
        }
        rows.replaceSubrange(row...end, with: [folded])
        if let cursor = current, cursor > row {
            current = cursor <= end ? row : cursor - (end - row)
        }
        return true
    }

    /// Folds everything the user opened; the number of subtrees folded.
    @discardableResult
    package mutating func foldAll() -> Int {
        var count = 0
        while let row = rows.indices.first(where: isUnfolded) {
            fold(row)
            count += 1
        }
        return count
    }

    /// A member's partner on the right when the comparison did not record it: looked up in the
    /// right partner of the container it is in, by name or position.
    private func rightPartner(of row: Int) -> JSONNode? {
        guard let documents, let node = rows[row].leftNode, let parentRow = parentRow(of: row),
            let leftParent = rows[parentRow].leftNode, let rightParent = rows[parentRow].rightNode
        else { return nil }
        if documents.left.kind(leftParent) == .object {
            return documents.left.key(node).flatMap { documents.right.child(rightParent, key: $0) }
        }
        guard let position = documents.left.children(leftParent).enumerated().first(where: { $0.element == node })
        else { return nil }
        return documents.right.child(rightParent, at: position.offset)
    }
}
