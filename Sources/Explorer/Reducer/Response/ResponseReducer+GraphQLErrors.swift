import JSONTree
import TUI
import Workspace

/// The GraphQL errors list above the tree (issue 28): `e` gives it the keyboard, the moves pick an
/// error, Enter goes to the node its `path` names and `o` asks the root for its place in the query.
extension ResponseReducer {
    static func toggleGraphQLErrors(_ state: inout ResponseViewState) -> Outcome {
        guard let errors = shownGraphQLErrors(state) else {
            return Outcome(notice: Notice("No GraphQL errors in this response", kind: .info))
        }
        state.tab = .tree
        state.graphqlErrorsFocused.toggle()
        state.graphqlErrorSelected = min(max(0, state.graphqlErrorSelected), errors.count - 1)
        return Outcome()
    }

    /// A move while the list has the keyboard: the previous or next error, the first or last.
    static func navigateGraphQLErrors(_ navigation: NavigationAction, _ state: inout ResponseViewState) {
        guard let errors = shownGraphQLErrors(state) else { return }
        let last = errors.count - 1
        let current = state.graphqlErrorSelected
        switch navigation {
        case .up: state.graphqlErrorSelected = max(0, current - 1)
        case .down: state.graphqlErrorSelected = min(last, current + 1)
        case .pageUp: state.graphqlErrorSelected = max(0, current - 5)
        case .pageDown: state.graphqlErrorSelected = min(last, current + 5)
        case .top: state.graphqlErrorSelected = 0
        case .bottom: state.graphqlErrorSelected = last
        case .left, .right: break
        }
    }

    /// Enter (or a click) on an error: the tree shows the value its `path` names (unfolding what
    /// hides it), else its own entry of `errors`; the tree takes the keyboard back.
    static func goToGraphQLErrorNode(_ state: inout ResponseViewState) -> Outcome {
        guard let errors = shownGraphQLErrors(state), errors.indices.contains(state.graphqlErrorSelected),
            var tree = state.tree
        else { return Outcome(notice: Notice("No GraphQL errors in this response", kind: .info)) }
        let index = state.graphqlErrorSelected
        let error = errors[index]
        guard let position = state.findings.firstIndex(where: { $0.graphqlError == index }) else {
            return Outcome(
                notice: Notice(
                    "The error's value is not in the values the filter selected (| Enter with nothing: all of it)",
                    kind: .info))
        }
        let node = state.findings[position].node
        tree.reveal(node)
        state.tree = tree
        if let row = tree.row(of: node) {
            state.selectedRow = row
            state.scrollToSelection()
        }
        state.currentFinding = position
        state.graphqlErrorsFocused = false
        let place = error.path.isEmpty ? "its entry of errors (it has no path)" : error.dottedPath
        return Outcome(notice: Notice("Error \(index + 1) of \(errors.count): \(place)", kind: .info))
    }

    /// `o`: the error's first location, for the root to put the query's cursor there. In the tree,
    /// the error on the selected row's value when there is one, else the list's.
    static func graphqlErrorQueryPlace(_ state: inout ResponseViewState) -> Outcome {
        guard let errors = shownGraphQLErrors(state) else {
            return Outcome(notice: Notice("No GraphQL errors in this response", kind: .info))
        }
        if !state.graphqlErrorsFocused, let node = currentTreeRow(state)?.node,
            let onRow = state.findings.first(where: { $0.node == node && $0.graphqlError != nil })?.graphqlError
        {
            state.graphqlErrorSelected = onRow
        }
        let index = min(state.graphqlErrorSelected, errors.count - 1)
        let error = errors[index]
        guard let location = error.locations.first else {
            return Outcome(notice: Notice("The error has no location in the query: \(error.message)", kind: .info))
        }
        state.graphqlErrorsFocused = false
        return Outcome(
            notice: Notice("Query \(location.line):\(location.column): \(error.message)", kind: .warning),
            requests: [.goToQuery(line: location.line, column: location.column)])
    }

    /// The errors of the GraphQL answer the tree shows, when it has any.
    static func shownGraphQLErrors(_ state: ResponseViewState) -> [GraphQLResponse.Error]? {
        guard state.tree != nil, let errors = state.graphql?.errors, !errors.isEmpty else { return nil }
        return errors
    }
}
