/// Row arithmetic for `JSONTreeView`, rebuilt on each expand/collapse in O(changed nodes),
/// never O(body).
///
/// - Everything expanded except a few containers: the visible rows are the tape entries minus the
///   interiors of collapsed containers, so a row maps to an entry by a binary search over those
///   hidden ranges.
/// - Everything collapsed except a few containers: the expanded ones form a forest; each knows
///   its row count and its expanded children's row offsets, and other children are found by
///   position through the document's child checkpoints.
struct JSONTreeLayout: Sendable, Equatable {
    /// An expanded container in the collapsed-by-default forest.
    struct ForestNode: Sendable, Equatable {
        var rows = 0
        /// Expanded children in position order, with their first row relative to the first child.
        var children: [(position: Int, entry: Int, startRow: Int)] = []

        static func == (a: ForestNode, b: ForestNode) -> Bool {
            a.rows == b.rows && a.children.elementsEqual(b.children) { $0 == $1 }
        }
    }

    enum Strategy: Sendable, Equatable {
        /// Hidden tape ranges (start entry, hidden entry count) and the hidden count before each.
        case ranges(starts: [Int], lengths: [Int], hiddenBefore: [Int])
        case forest([Int: ForestNode])
    }

    var rowCount = 1
    var strategy = Strategy.forest([:])

    // MARK: - Building

    static func collapsedRanges(document: JSONDocument, collapsed: Set<Int>) -> JSONTreeLayout {
        var starts: [Int] = []
        var lengths: [Int] = []
        var hiddenBefore: [Int] = []
        var hidden = 0
        var lastEnd = -1
        for index in collapsed.sorted() where index > lastEnd {
            let length = document.childCount(JSONNode(index: index)) > 0 ? document.payload(index) : 0
            guard length > 0 else { continue }
            starts.append(index)
            lengths.append(length)
            hiddenBefore.append(hidden)
            hidden += length
            lastEnd = index + length
        }
        return JSONTreeLayout(
            rowCount: document.tapeCount - hidden,
            strategy: .ranges(starts: starts, lengths: lengths, hiddenBefore: hiddenBefore))
    }

    static func expandedForest(document: JSONDocument, expanded: Set<Int>) -> JSONTreeLayout {
        guard expanded.contains(0), document.childCount(document.root) > 0 else {
            return JSONTreeLayout(rowCount: 1, strategy: .forest([:]))
        }
        // Keep the expanded containers whose ancestors are all expanded, with their locations.
        var visible: [(entry: Int, parent: Int, position: Int, depth: Int)] = []
        for index in expanded where index != 0 && document.childCount(JSONNode(index: index)) > 0 {
            let chain = document.locate(index).chain
            guard let parent = chain.last, chain.allSatisfy({ expanded.contains($0.container) }) else { continue }
            visible.append((index, parent.container, parent.position, chain.count))
        }
        var forest: [Int: ForestNode] = [0: ForestNode()]
        for item in visible { forest[item.entry] = ForestNode() }
        // Deepest first, so each child's row count is final before its parent adds it up.
        visible.sort { $0.depth != $1.depth ? $0.depth > $1.depth : $0.entry < $1.entry }
        var pending: [Int: [(position: Int, entry: Int)]] = [:]
        for item in visible { pending[item.parent, default: []].append((item.position, item.entry)) }
        func finish(_ entry: Int) {
            var node = forest[entry] ?? ForestNode()
            var extra = 0
            for child in (pending[entry] ?? []).sorted(by: { $0.position < $1.position }) {
                let childRows = forest[child.entry]?.rows ?? 1
                node.children.append((child.position, child.entry, child.position + extra))
                extra += childRows - 1
            }
            node.rows = 2 + document.childCount(JSONNode(index: entry)) + extra
            forest[entry] = node
        }
        for item in visible { finish(item.entry) }
        finish(0)
        return JSONTreeLayout(rowCount: forest[0]?.rows ?? 1, strategy: .forest(forest))
    }

    // MARK: - Queries

    /// The value (and its ancestors) shown on row `row`.
    func locate(row: Int, in document: JSONDocument) -> JSONTreeLocation {
        switch strategy {
        case .ranges(let starts, let lengths, let hiddenBefore):
            // Last collapsed container whose own row is before `row`: entries after it shift by
            // everything hidden up to and including it.
            var low = 0
            var high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] - hiddenBefore[middle] < row { low = middle + 1 } else { high = middle }
            }
            let entry = low == 0 ? row : row + hiddenBefore[low - 1] + lengths[low - 1]
            let (chain, closing) = document.locate(entry)
            return JSONTreeLocation(chain: chain, entry: closing ?? entry, isClosing: closing != nil)
        case .forest(let forest):
            var chain: [(container: Int, position: Int)] = []
            var container = 0
            var remaining = row
            while true {
                guard remaining > 0, let node = forest[container] else {
                    return JSONTreeLocation(chain: chain, entry: container, isClosing: false)
                }
                if remaining == node.rows - 1 {
                    return JSONTreeLocation(chain: chain, entry: container, isClosing: true)
                }
                let childRow = remaining - 1
                // Last expanded child starting at or before `childRow`.
                var low = 0
                var high = node.children.count
                while low < high {
                    let middle = (low + high) / 2
                    if node.children[middle].startRow <= childRow { low = middle + 1 } else { high = middle }
                }
                var position = childRow
                if low > 0 {
                    let child = node.children[low - 1]
                    let childRows = forest[child.entry]?.rows ?? 1
                    if childRow < child.startRow + childRows {
                        chain.append((container, child.position))
                        container = child.entry
                        remaining = childRow - child.startRow
                        continue
                    }
                    position = child.position + (childRow - child.startRow - childRows) + 1
                }
                chain.append((container, position))
                let entry = document.childIndex(of: container, at: position) ?? container
                return JSONTreeLocation(chain: chain, entry: entry, isClosing: false)
            }
        }
    }

    /// The row of a visible entry whose ancestors are `chain`.
    func row(of entry: Int, chain: [(container: Int, position: Int)], in document: JSONDocument) -> Int {
        switch strategy {
        case .ranges(let starts, let lengths, let hiddenBefore):
            var low = 0
            var high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] < entry { low = middle + 1 } else { high = middle }
            }
            return low == 0 ? entry : entry - hiddenBefore[low - 1] - lengths[low - 1]
        case .forest(let forest):
            var row = 0
            for step in chain {
                guard let node = forest[step.container] else { return row }
                var extra = 0
                for child in node.children where child.position < step.position {
                    extra = child.startRow - child.position + (forest[child.entry]?.rows ?? 1) - 1
                }
                row += 1 + step.position + extra
            }
            return row
        }
    }
}
