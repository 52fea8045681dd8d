import JSONTree
import TUI
import Workspace

/// A tree shown while its body arrives grows as more comes and when all has come (issue 31): the
/// folds, selection and scroll stay, and a JSONPath filter and a search that are on run again over
/// the larger document, so what they show grows with it instead of being dropped.
extension ResponseReducer {
    /// `partial`, the tree shown, grown to `result` (more of the same send's body, or all of it).
    static func grow(
        _ partial: (tree: JSONTreeView, selectedRow: Int, offset: Int), to result: ExchangeResult,
        _ state: inout ResponseViewState
    ) -> Outcome {
        guard case .json(let document)? = result.response?.content else {
            // The whole body turned out not to be JSON: shown as any such body is.
            state.resetForNewResult()
            buildTree(result, &state)
            return Outcome()
        }
        if let query = state.filter.applied {
            // The filtered tree stays until the filter has run over the larger document.
            return Outcome(effects: [
                .filter(generation: result.generation, query: query, document: document, refresh: true)
            ])
        }
        state.treeGeneration = nil
        buildTree(result, &state)
        carry(partial, &state)
        var outcome = searchAgain(generation: result.generation, &state)
        // A filter asked over the smaller document and not answered yet is asked again over this
        // one: its answer comes after the first (one work queue) and replaces it.
        if let asked = state.filter.asked {
            outcome.effects.append(
                .filter(generation: result.generation, query: asked, document: document, refresh: true))
        }
        return outcome
    }

    /// The search that is on, asked again over the tree's (larger) document.
    private static func searchAgain(generation: Int, _ state: inout ResponseViewState) -> Outcome {
        let pattern = state.search.lastPattern
        guard !pattern.isEmpty, let document = state.tree?.document else { return Outcome() }
        return Outcome(effects: [.search(generation: generation, pattern: pattern, document: document, refresh: true)])
    }

    /// A search asked again over a grown tree answered: its matches replace the ones before, the
    /// match `n`/`N` stood on stays current (a node keeps its place as the document grows), and the
    /// selection does not move. While the body arrives the partial line counts them; the answer
    /// over the whole body says its count once, as the first search did.
    static func searchRefreshed(
        _ matches: [JSONNode], _ error: String?, _ shown: ExchangeResult?, _ state: inout ResponseViewState
    ) -> Outcome {
        guard error == nil else { return Outcome() }
        let current = state.search.currentMatch
        state.search.matches = matches
        state.search.current = current.flatMap { matches.firstIndex(of: $0) }
        guard shown?.response?.partial == nil, !matches.isEmpty else { return Outcome() }
        return Outcome(notice: Notice(matchCount(matches.count) + " (n/N)", kind: .info))
    }

    /// "1 match", "1,111 matches".
    static func matchCount(_ count: Int) -> String {
        "\(CountText.format(count)) match\(count == 1 ? "" : "es")"
    }

    /// A filter run again over a grown body answered: the filtered tree is replaced with its folds,
    /// selection and scroll; a filter that now fails leaves the last answer shown.
    static func filterRefreshed(
        _ query: String, _ result: Result<JSONFilterResult, FilterFailure>, _ shown: ExchangeResult?,
        _ state: inout ResponseViewState
    ) -> Outcome {
        guard state.filter.applied == query, case .success(let filtered) = result else { return Outcome() }
        state.filter.document = filtered.document
        state.filter.paths = filtered.paths
        let tree: JSONTreeView
        if let earlier = state.tree {
            tree = JSONTreeView(document: filtered.document, carrying: earlier)
        } else {
            var expanded = JSONTreeView(document: filtered.document)
            expanded.expandAll()
            tree = expanded
        }
        // A selection on the last row follows the end, as on a tree that is not filtered (`G`).
        let followsEnd = state.selectedRow > 0 && state.selectedRow == (state.tree?.rowCount ?? 0) - 1
        state.tree = tree
        let last = max(0, tree.rowCount - 1)
        state.selectedRow = followsEnd ? last : min(state.selectedRow, last)
        if followsEnd {
            state.scrollToSelection()
        } else {
            state.offset = min(state.offset, state.selectedRow)
        }
        state.findings = filteredFindings(filtered, shown)
        return searchAgain(generation: shown?.generation ?? 0, &state)
    }
}
