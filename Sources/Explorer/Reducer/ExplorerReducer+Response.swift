import Foundation
import JSONTree
import TUI
import Workspace

/// The response pane: tabs, the JSON tree (folds, search, JSONPath filter, copy), Raw options,
/// history.
extension ExplorerReducer {
    static func navigateResponse(_ navigation: NavigationAction, _ state: inout ExplorerState) -> [ExplorerEffect] {
        let page = max(1, state.response.pageSize)
        // An error card or a cancelled exchange has no tabs: whatever tab was last chosen, the keys
        // scroll the card (its details and timeline are below the fold of a short pane).
        if let outcome = state.shownResult?.outcome {
            switch outcome {
            case .failure, .cancelled: return scroll(navigation, page, &state)
            case .response: break
            }
        }
        switch state.response.tab {
        case .tree:
            guard let tree = state.response.tree, tree.rowCount > 0 else { return scroll(navigation, page, &state) }
            let last = tree.rowCount - 1
            var row = state.response.selectedRow
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
                    state.response.tree?.expand(current.node)
                }
                return []
            }
            state.response.selectedRow = max(0, min(last, row))
            state.response.scrollToSelection()
        case .history:
            let count = state.response.history.count
            guard count > 0 else { return [] }
            switch navigation {
            case .up: state.response.historySelected = max(0, state.response.historySelected - 1)
            case .down: state.response.historySelected = min(count - 1, state.response.historySelected + 1)
            case .top: state.response.historySelected = 0
            case .bottom: state.response.historySelected = count - 1
            default: break
            }
        default:
            return scroll(navigation, page, &state)
        }
        return []
    }

    private static func scroll(_ navigation: NavigationAction, _ page: Int, _ state: inout ExplorerState)
        -> [ExplorerEffect]
    {
        switch navigation {
        case .up: state.response.scroll -= 1
        case .down: state.response.scroll += 1
        case .pageUp: state.response.scroll -= page
        case .pageDown: state.response.scroll += page
        case .top: state.response.scroll = 0
        case .bottom: state.response.scroll = Int.max / 2
        case .left, .right: break
        }
        state.response.scroll = max(0, state.response.scroll)
        return []
    }

    static func currentTreeRow(_ state: ExplorerState) -> JSONTreeRow? {
        state.response.tree?.rows(from: state.response.selectedRow, count: 1).first
    }

    /// `h`/Left: folds an open container, else moves to the parent.
    private static func foldOrParent(_ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let row = currentTreeRow(state), var tree = state.response.tree else { return [] }
        if !row.isClosing, row.isExpanded {
            tree.collapse(row.node)
            state.response.tree = tree
            return []
        }
        let target = row.isClosing ? row.node : tree.document.parent(row.node)
        if let target, let index = tree.row(of: target) {
            if row.isClosing { tree.collapse(target) }
            state.response.tree = tree
            state.response.selectedRow = tree.row(of: target) ?? index
            state.response.scrollToSelection()
        }
        return []
    }

    static func responseAction(_ command: ResponseCommand, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch command {
        case .previousTab, .nextTab:
            let count = ResponseTab.allCases.count
            let step = command == .nextTab ? 1 : count - 1
            state.response.tab = ResponseTab(rawValue: (state.response.tab.rawValue + step) % count) ?? .tree
            state.response.scroll = 0
        case .retry:
            return send(&state)
        case .details:
            state.response.detailsOpen.toggle()
        case .save:
            guard let response = state.shownResult?.response, !response.content.bytes.isEmpty else {
                notify(&state, "No body to save", kind: .info)
                return []
            }
            let name = (state.selectedRequest?.name ?? "response").lowercased().map {
                $0.isLetter || $0.isNumber ? $0 : "-"
            }
            let fileExtension = response.contentType.map(ResponseFiles.fileExtension) ?? "bin"
            state.overlay = .prompt(
                PromptState(
                    purpose: .saveBody, title: "Save the body (\(ByteCount.format(response.size))) to",
                    text: String(name).split(separator: "-").joined(separator: "-") + "." + fileExtension))
        case .open:
            if state.response.tab == .history, state.response.history.indices.contains(state.response.historySelected) {
                let entry = state.response.history[state.response.historySelected]
                state.response.resetForNewResult()
                state.response.openedHistory = entry
                state.response.openedHistoryResult = HistoryResult.make(entry, index: state.response.historySelected)
                state.response.tab = .tree
                buildTree(&state)
                notify(
                    &state, "A past exchange (\(ISOTimeText.short(entry.date))) — Esc returns to the latest",
                    kind: .info)
            } else if state.response.tab == .tree {
                return treeToggle(&state)
            }
        case .treeToggle: return treeToggle(&state)
        case .expandAll:
            let node = currentTreeRow(state)?.node
            state.response.tree?.expandAll()
            keepSelection(on: node, &state)
        case .collapseAll:
            state.response.tree?.collapseAll()
            state.response.selectedRow = 0
            state.response.offset = 0
        case .depth1: expand(toDepth: 1, &state)
        case .depth2: expand(toDepth: 2, &state)
        case .depth3: expand(toDepth: 3, &state)
        case .search:
            state.response.search.isEditing = true
            state.response.search.query.selectAll()
        case .filter:
            state.response.filter.isEditing = true
            state.response.filter.query.selectAll()
        case .nextMatch, .previousMatch:
            stepMatch(forward: command == .nextMatch, &state)
        case .copyValue, .copyPath:
            guard let row = currentTreeRow(state), let document = state.response.tree?.document else { return [] }
            let filter = state.response.filter
            let text =
                command == .copyPath
                ? (filter.document == nil
                    ? document.jsonPath(row.node) : filter.responsePath(of: document.jsonPath(row.node)))
                : (document.kind(row.node) == .string ? document.string(row.node) ?? "" : document.rawText(row.node))
            notify(&state, "Copied \(command == .copyPath ? "path" : "value"): \(text.prefix(60))", kind: .info)
            return [.copy(text)]
        case .rawWrap, .rawHex, .rawPretty:
            // From the palette on another tab the switch flipped out of sight: show the Raw tab.
            state.response.tab = .raw
            state.focus = .response
            if command == .rawWrap { state.response.rawWrap.toggle() }
            if command == .rawHex { state.response.rawHex.toggle() }
            if command == .rawPretty { state.response.rawPretty.toggle() }
        case .saveMock:
            return promptMockRoute(&state)
        case .rawCopy:
            guard let bytes = state.shownResult?.response?.content.bytes else { return [] }
            notify(&state, "Copied the body (\(ByteCount.format(Int64(bytes.count))))", kind: .info)
            return [.copy(String(decoding: bytes, as: UTF8.self))]
        }
        return []
    }

    private static func treeToggle(_ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let row = currentTreeRow(state), var tree = state.response.tree else { return [] }
        let document = tree.document
        if document.kind(row.node) == .string, let text = document.string(row.node),
            text.count > 60 || text.contains("\n")
        {
            state.overlay = .viewer(title: document.jsonPath(row.node), text: text, scroll: 0)
            return []
        }
        tree.toggle(row.isClosing ? row.node : row.node)
        state.response.tree = tree
        if row.isClosing, let index = tree.row(of: row.node) { state.response.selectedRow = index }
        keepSelectionInRange(&state)
        return []
    }

    private static func keepSelectionInRange(_ state: inout ExplorerState) {
        let count = state.response.tree?.rowCount ?? 0
        state.response.selectedRow = max(0, min(state.response.selectedRow, count - 1))
        state.response.scrollToSelection()
    }

    /// After the folds changed: the cursor stays on `node`, or on its nearest ancestor still on
    /// screen, instead of on the same row number (which now shows another part of the document).
    private static func keepSelection(on node: JSONNode?, _ state: inout ExplorerState) {
        if let tree = state.response.tree, var current = node {
            while true {
                if let row = tree.row(of: current) {
                    state.response.selectedRow = row
                    break
                }
                guard let parent = tree.document.parent(current) else { break }
                current = parent
            }
        }
        keepSelectionInRange(&state)
    }

    /// Unfolds every container down to `depth` levels below the root, folds the rest.
    private static func expand(toDepth depth: Int, _ state: inout ExplorerState) {
        guard var tree = state.response.tree else { return }
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
        state.response.tree = tree
        keepSelection(on: node, &state)
    }
}
