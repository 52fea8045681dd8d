import JSONTree
import TUI

/// `f`/`F` in the tree: the next or previous contract finding, unfolding what hides it.
extension ResponseReducer {
    static func stepFinding(forward: Bool, _ state: inout ResponseViewState) -> Notice? {
        let findings = state.findings
        guard !findings.isEmpty, var tree = state.tree else {
            return Notice(
                state.filter.applied == nil
                    ? "No contract findings in this response"
                    : "No contract findings in the values the filter selected (| Enter with nothing: all of it)",
                kind: .info)
        }
        state.tab = .tree
        var index: Int
        if let current = state.currentFinding {
            index = (current + (forward ? 1 : findings.count - 1)) % findings.count
        } else {
            // From the selected row: the first finding after it (or the last before it).
            let selected = currentTreeRow(state)?.node.index ?? -1
            if forward {
                index = findings.firstIndex { $0.node.index > selected } ?? 0
            } else {
                index = findings.lastIndex { $0.node.index < selected } ?? findings.count - 1
            }
        }
        state.currentFinding = index
        let finding = findings[index]
        // A GraphQL error's finding picks it in the errors list too (`o` then goes to its place).
        if let error = finding.graphqlError { state.graphqlErrorSelected = error }
        tree.reveal(finding.node)
        state.tree = tree
        if let row = tree.row(of: finding.node) {
            state.selectedRow = row
            state.scrollToSelection()
        }
        return Notice("Finding \(index + 1) of \(findings.count): \(finding.message)", kind: .warning)
    }
}
