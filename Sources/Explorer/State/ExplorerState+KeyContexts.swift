extension ExplorerState {
    /// The keymap contexts active for the focused pane (besides `global`), most specific first:
    /// what the reducer resolves keys in and the help overlay lists.
    package var keyContexts: [String] {
        if runner?.isShown == true { return ["runner"] }
        switch focus {
        case .collections: return ["collections", "outside"]
        case .request: return ["request", "outside"]
        case .response:
            switch response.tab {
            case .tree: return ["tree", "response", "outside"]
            case .raw: return ["raw", "response", "outside"]
            default: return ["response", "outside"]
            }
        }
    }
}
