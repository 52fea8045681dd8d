import Workspace

extension ExplorerState {
    /// The keymap contexts active for the focused pane (besides `global`), most specific first:
    /// what the reducer resolves keys in and the help overlay lists.
    package var keyContexts: [KeyContext] {
        if load?.isShown == true { return [.load] }
        if runner?.isShown == true { return [.runner] }
        if diff.view?.isShown == true { return [.diff] }
        switch focus {
        case .collections: return [.collections, .outside]
        case .request: return (tableHasFocus ? [.table] : []) + [.request, .outside]
        case .response:
            switch response.tab {
            case .tree:
                return (response.graphqlErrorsFocused ? [.graphqlErrors] : []) + [.tree, .response, .outside]
            case .raw: return [.raw, .response, .outside]
            default: return [.response, .outside]
            }
        }
    }

    /// Whether a Params, Headers, form or multipart table of the request pane has the keyboard
    /// (its `table` keys apply).
    package var tableHasFocus: Bool {
        focus == .request && editor.tableHasKeyboard(body: selectedRequest?.body)
    }
}
