extension VariableProblem {
    /// The description, and — for a name no layer defines but a request of `collection` captures
    /// (a login's token) — which request to send first: the usual way to meet this problem is
    /// sending a request alone that needs another's capture.
    package func description(in collection: RequestCollection, for requestID: String? = nil) -> String {
        guard case .unresolved(let name) = kind else { return description }
        var capturing: [RequestCollection.RequestLocation] = []
        collection.forEachRequest { folderPath, request in
            if request.id != requestID, request.captures.contains(where: { $0.variable == name }) {
                capturing.append(.init(folderPath: folderPath, request: request))
            }
        }
        guard let first = capturing.first else { return description }
        let path = (first.folderPath + [first.request.name]).joined(separator: "/")
        let others =
            switch capturing.count {
            case 1: ""
            case 2: " (or 1 other)"
            default: " (or \(capturing.count - 1) others)"
            }
        return description + "; \"\(path)\"\(others) captures it: send that first, or run them together"
    }
}
