import JSONTree
import TUI

/// Moving in the response pane: the JSON tree's selection and folds, the history list, and the
/// scroll of the other tabs (and of an error card, which has no tabs).
extension ResponseReducer {
    static func navigate(_ navigation: NavigationAction, _ shown: ExchangeResult?, _ state: inout ResponseViewState) {
        let page = max(1, state.pageSize)
        // An error card or a cancelled exchange has no tabs: whatever tab was last chosen, the keys
        // scroll the card (its details and timeline are below the fold of a short pane).
        if let outcome = shown?.outcome {
            switch outcome {
            case .failure, .cancelled: return scroll(navigation, page, &state)
            case .response: break
            }
        }
        switch state.tab {
        case .tree:
            guard let tree = state.tree, tree.rowCount > 0 else { return scroll(navigation, page, &state) }
            let last = tree.rowCount - 1
            var row = state.selectedRow
            switch navigation {
            case .up: row -= 1
            case .down: row += 1
            case .pageUp: row -= page
            case .pageDown: row += page
            case .top: row = 0
            case .bottom: row = last
            case .left: return foldOrParent(&state)
            case .right:
                if let current = currentTreeRow(state), !current.isClosing {
                    state.tree?.expand(current.node)
                }
                return
            }
            state.selectedRow = max(0, min(last, row))
            state.scrollToSelection()
        case .history:
            let count = state.history.count
            guard count > 0 else { return }
            switch navigation {
            case .up: state.historySelected = max(0, state.historySelected - 1)
            case .down: state.historySelected = min(count - 1, state.historySelected + 1)
            case .top: state.historySelected = 0
            case .bottom: state.historySelected = count - 1
            default: break
            }
        case .raw where !state.rawWrap && (navigation == .left || navigation == .right):
            // A step grows with the distance gone, so the end of a megabyte line is some tens of
            // keys away, not thousands.
            let step = max(40, state.rawColumn / 4)
            state.rawColumn = max(0, state.rawColumn + (navigation == .right ? step : -step))
        default:
            scroll(navigation, page, &state)
        }
    }

    private static func scroll(_ navigation: NavigationAction, _ page: Int, _ state: inout ResponseViewState) {
        switch navigation {
        case .up: state.scroll -= 1
        case .down: state.scroll += 1
        case .pageUp: state.scroll -= page
        case .pageDown: state.scroll += page
        case .top: state.scroll = 0
        case .bottom: state.scroll = Int.max / 2
        case .left, .right: break
        }
        state.scroll = max(0, state.scroll)
    }

    static func currentTreeRow(_ state: ResponseViewState) -> JSONTreeRow? {
        state.tree?.rows(from: state.selectedRow, count: 1).first
    }

    /// `h`/Left: folds an open container, else moves to the parent.
    private static func foldOrParent(_ state: inout ResponseViewState) {
        guard let row = currentTreeRow(state), var tree = state.tree else { return }
        if !row.isClosing, row.isExpanded {
            tree.collapse(row.node)
            state.tree = tree
            return
        }
        let target = row.isClosing ? row.node : tree.document.parent(row.node)
        if let target, let index = tree.row(of: target) {
            if row.isClosing { tree.collapse(target) }
            state.tree = tree
            state.selectedRow = tree.row(of: target) ?? index
            state.scrollToSelection()
        }
    }

    /// Enter or Space on a row: folds or unfolds it; a long string opens in the viewer instead.
    static func treeToggle(_ state: inout ResponseViewState) -> Outcome {
        guard let row = currentTreeRow(state), var tree = state.tree else { return Outcome() }
        let document = tree.document
        if document.kind(row.node) == .string, let text = document.string(row.node),
            text.count > 60 || text.contains("\n")
        {
            return Outcome(requests: [.openOverlay(.viewer(title: document.jsonPath(row.node), text: text, scroll: 0))])
        }
        tree.toggle(row.node)
        state.tree = tree
        if row.isClosing, let index = tree.row(of: row.node) { state.selectedRow = index }
        keepSelectionInRange(&state)
        return Outcome()
    }

    private static func keepSelectionInRange(_ state: inout ResponseViewState) {
        let count = state.tree?.rowCount ?? 0
        state.selectedRow = max(0, min(state.selectedRow, count - 1))
        state.scrollToSelection()
    }

    /// After the folds changed: the cursor stays on `node`, or on its nearest ancestor still on
    /// screen, instead of on the same row number (which now shows another part of the document).
    static func keepSelection(on node: JSONNode?, _ state: inout ResponseViewState) {
        if let tree = state.tree, var current = node {
            while true {
                if let row = tree.row(of: current) {
                    state.selectedRow = row
                    break
                }
                guard let parent = tree.document.parent(current) else { break }
                current = parent
            }
        }
        keepSelectionInRange(&state)
    }

    /// Unfolds every container down to `depth` levels below the root, folds the rest.
    static func expand(toDepth depth: Int, _ state: inout ResponseViewState) {
        guard var tree = state.tree else { return }
        let node = currentTreeRow(state)?.node
        tree.collapseAll()
        var frontier = [tree.document.root]
        for _ in 0..<depth {
            var next: [JSONNode] = []
            for node in frontier where tree.document.kind(node).isContainer {
                tree.expand(node)
                // Wide containers: unfold the first 1,000 children's children at most.
                next += tree.document.children(node).prefix(1000)
            }
            frontier = next
        }
        state.tree = tree
        keepSelection(on: node, &state)
    }
}
