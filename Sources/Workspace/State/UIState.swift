/// What the explorer remembers about a collection between runs — never stored in the shared
/// collection file: the selected environment and request, and which folders are open.
package struct UIState: Sendable, Equatable {
    package var selectedEnvironment: String?
    package var selectedRequestID: String?
    /// Folder paths joined with "/", for example `Posts/Drafts`.
    package var expandedFolders: [String]

    package init(selectedEnvironment: String? = nil, selectedRequestID: String? = nil, expandedFolders: [String] = []) {
        self.selectedEnvironment = selectedEnvironment
        self.selectedRequestID = selectedRequestID
        self.expandedFolders = expandedFolders
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("selectedEnvironment", selectedEnvironment)
        object.add("selectedRequestId", selectedRequestID)
        object.add("expandedFolders", list: expandedFolders.map(StoredJSON.string))
        return object.json
    }

    init(stored: StoredJSON) {
        var folders: [String] = []
        if case .array(let items)? = stored["expandedFolders"] { folders = items.compactMap(\.stringValue) }
        self.init(
            selectedEnvironment: stored["selectedEnvironment"]?.stringValue,
            selectedRequestID: stored["selectedRequestId"]?.stringValue, expandedFolders: folders)
    }
}
