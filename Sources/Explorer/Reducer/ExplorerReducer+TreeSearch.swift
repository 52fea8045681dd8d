import Foundation
import JSONTree
import TUI
import Workspace

/// The tree's search (`/`, `n`/`N`) and JSONPath filter (`|`): typing their queries, and their
/// results coming back from the work queue (dropped when they belong to an older result).
extension ExplorerReducer {
    /// Moves to the next (or previous) search match, unfolding what hides it.
    static func stepMatch(forward: Bool, _ state: inout ExplorerState) {
        let matches = state.response.search.matches
        guard !matches.isEmpty, var tree = state.response.tree else {
            if !state.response.search.lastPattern.isEmpty {
                notify(&state, "No match for \"\(state.response.search.lastPattern)\"", kind: .warning)
            }
            return
        }
        var index: Int
        if let current = state.response.search.current {
            index = (current + (forward ? 1 : matches.count - 1)) % matches.count
        } else {
            index = forward ? 0 : matches.count - 1
        }
        if state.response.search.current == nil {
            // Start from the selected row: the first match at or after it.
            let selectedNode = currentTreeRow(state)?.node.index ?? 0
            if forward, let first = matches.firstIndex(where: { $0.index >= selectedNode }) { index = first }
        }
        state.response.search.current = index
        tree.reveal(matches[index])
        state.response.tree = tree
        if let row = tree.row(of: matches[index]) {
            state.response.selectedRow = row
            state.response.scrollToSelection()
        }
    }

    /// A key typed into the search or filter field of the tree.
    static func typeIntoResponse(_ key: KeyEvent, _ state: inout ExplorerState) -> [ExplorerEffect] {
        let generation = state.shownResult?.generation ?? 0
        if state.response.search.isEditing {
            if key == KeyEvent(.enter) {
                state.response.search.isEditing = false
                let pattern = state.response.search.query.text
                state.response.search.lastPattern = pattern
                state.response.search.matches = []
                state.response.search.current = nil
                guard !pattern.isEmpty, let document = state.response.tree?.document else { return [] }
                return [.search(generation: generation, pattern: pattern, document: document)]
            }
            _ = state.response.search.query.handle(key)
            return []
        }
        if state.response.filter.isEditing {
            if key == KeyEvent(.enter) {
                state.response.filter.isEditing = false
                let query = state.response.filter.query.text.trimmingCharacters(in: .whitespaces)
                if query.isEmpty {
                    state.response.filter.applied = nil
                    state.response.filter.document = nil
                    state.response.filter.error = nil
                    state.response.treeGeneration = nil
                    buildTree(&state)
                    return []
                }
                guard case .json(let document)? = state.shownResult?.response?.content else { return [] }
                return [.filter(generation: generation, query: query, document: document)]
            }
            _ = state.response.filter.query.handle(key)
            return []
        }
        return []
    }

    static func searchFinished(
        _ generation: Int, _ pattern: String, _ matches: [JSONNode], _ error: String?, _ state: inout ExplorerState
    ) -> [ExplorerEffect] {
        guard state.shownResult?.generation == generation, state.response.search.lastPattern == pattern else {
            return []
        }
        if let error {
            notify(&state, error, kind: .error)
            return []
        }
        state.response.search.matches = matches
        state.response.search.current = nil
        if matches.isEmpty {
            notify(&state, "No match for \"\(pattern)\"", kind: .warning)
        } else {
            stepMatch(forward: true, &state)
            notify(&state, "\(matches.count) match\(matches.count == 1 ? "" : "es") (n/N)", kind: .info)
        }
        return []
    }

    static func filterFinished(
        _ generation: Int, _ query: String, _ result: Result<JSONFilterResult, FilterFailure>,
        _ state: inout ExplorerState
    ) -> [ExplorerEffect] {
        guard state.shownResult?.generation == generation else { return [] }
        switch result {
        case .success(let filtered):
            state.response.filter.applied = query
            state.response.filter.document = filtered.document
            state.response.filter.paths = filtered.paths
            state.response.filter.error = nil
            var tree = JSONTreeView(document: filtered.document)
            tree.expandAll()
            state.response.tree = tree
            state.response.selectedRow = 0
            state.response.offset = 0
            state.response.search = TreeSearchState()
            notify(&state, "\(filtered.count) value\(filtered.count == 1 ? "" : "s") selected by \(query)", kind: .info)
        case .failure(let failure):
            state.response.filter.error = failure.message
        }
        return []
    }
}
