import Foundation
import JSONTree
import TUI
import Workspace

/// The tree's search (`/`, `n`/`N`) and JSONPath filter (`|`): typing their queries, and their
/// results coming back from the work queue (the slice drops those of an older result).
extension ResponseReducer {
    /// Moves to the next (or previous) search match, unfolding what hides it; without matches,
    /// the notice that says so (after a search that found none).
    static func stepMatch(forward: Bool, _ state: inout ResponseViewState) -> Notice? {
        let matches = state.search.matches
        guard !matches.isEmpty, var tree = state.tree else {
            if !state.search.lastPattern.isEmpty {
                return Notice("No match for \"\(state.search.lastPattern)\"", kind: .warning)
            }
            return nil
        }
        var index: Int
        if let current = state.search.current {
            index = (current + (forward ? 1 : matches.count - 1)) % matches.count
        } else {
            index = forward ? 0 : matches.count - 1
        }
        if state.search.current == nil {
            // Start from the selected row: the first match at or after it.
            let selectedNode = currentTreeRow(state)?.node.index ?? 0
            if forward, let first = matches.firstIndex(where: { $0.index >= selectedNode }) { index = first }
        }
        state.search.current = index
        tree.reveal(matches[index])
        state.tree = tree
        if let row = tree.row(of: matches[index]) {
            state.selectedRow = row
            state.scrollToSelection()
        }
        return nil
    }

    /// A key typed into the search or filter field of the tree; Enter asks for the search (or
    /// the filter) to run on the work queue.
    static func type(_ key: KeyEvent, _ shown: ExchangeResult?, _ state: inout ResponseViewState) -> Outcome {
        let generation = shown?.generation ?? 0
        if state.search.isEditing {
            if key == KeyEvent(.enter) {
                state.search.isEditing = false
                let pattern = state.search.query.text
                state.search.lastPattern = pattern
                state.search.matches = []
                state.search.current = nil
                guard !pattern.isEmpty, let document = state.tree?.document else { return Outcome() }
                return Outcome(effects: [.search(generation: generation, pattern: pattern, document: document)])
            }
            _ = state.search.query.handle(key)
            return Outcome()
        }
        if state.filter.isEditing {
            if key == KeyEvent(.enter) {
                state.filter.isEditing = false
                let query = state.filter.query.text.trimmingCharacters(in: .whitespaces)
                if query.isEmpty {
                    state.filter.asked = nil
                    state.filter.applied = nil
                    state.filter.document = nil
                    state.filter.error = nil
                    state.treeGeneration = nil
                    buildTree(shown, &state)
                    return Outcome()
                }
                guard case .json(let document)? = shown?.response?.content else { return Outcome() }
                state.filter.asked = query
                return Outcome(effects: [.filter(generation: generation, query: query, document: document)])
            }
            _ = state.filter.query.handle(key)
            return Outcome()
        }
        return Outcome()
    }

    static func searchFinished(
        _ pattern: String, _ matches: [JSONNode], _ error: String?, _ state: inout ResponseViewState
    ) -> Outcome {
        if let error { return Outcome(notice: Notice(error, kind: .error)) }
        state.search.matches = matches
        state.search.current = nil
        if matches.isEmpty {
            return Outcome(notice: Notice("No match for \"\(pattern)\"", kind: .warning))
        }
        _ = stepMatch(forward: true, &state)
        return Outcome(notice: Notice(matchCount(matches.count) + " (n/N)", kind: .info))
    }

    static func filterFinished(
        _ query: String, _ result: Result<JSONFilterResult, FilterFailure>, _ shown: ExchangeResult?,
        _ state: inout ResponseViewState
    ) -> Outcome {
        if state.filter.asked == query { state.filter.asked = nil }
        switch result {
        case .success(let filtered):
            state.filter.applied = query
            state.filter.document = filtered.document
            state.filter.paths = filtered.paths
            state.filter.error = nil
            var tree = JSONTreeView(document: filtered.document)
            tree.expandAll()
            state.tree = tree
            state.selectedRow = 0
            state.offset = 0
            state.search = TreeSearchState()
            state.findings = filteredFindings(filtered, shown)
            state.currentFinding = nil
            return Outcome(
                notice: Notice(
                    "\(CountText.format(filtered.count)) value\(filtered.count == 1 ? "" : "s") selected by \(query)",
                    kind: .info))
        case .failure(let failure):
            state.filter.error = failure.message
            return Outcome()
        }
    }

    /// The findings on the response shown, each moved to its copy in the filtered array.
    static func filteredFindings(_ filtered: JSONFilterResult, _ shown: ExchangeResult?) -> [TreeFinding] {
        guard case .json(let original)? = shown?.response?.content else { return [] }
        return TreeFinding.filtered(
            TreeFinding.make(shown?.response?.checks ?? [], in: original), original: original,
            filtered: filtered.document, paths: filtered.paths)
    }
}
