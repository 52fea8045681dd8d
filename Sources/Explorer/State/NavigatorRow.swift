/// One visible row of the collections tree: a collection, a broken file, a folder or a request.
package struct NavigatorRow: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        case collection(collectionID: String)
        /// A file that did not load; the row shows its first positioned error.
        case broken(path: String)
        /// `path` is the folder names from the collection down to this folder.
        case folder(collectionID: String, path: [String])
        case request(RequestKey)
    }

    package var kind: Kind
    package var depth: Int
    package var title: String
    /// The request's method (requests only).
    package var method: String?
    package var isExpanded: Bool
    package var hasChildren: Bool

    package init(kind: Kind, depth: Int, title: String, method: String? = nil, isExpanded: Bool, hasChildren: Bool) {
        self.kind = kind
        self.depth = depth
        self.title = title
        self.method = method
        self.isExpanded = isExpanded
        self.hasChildren = hasChildren
    }

    /// The key expansion is remembered under (collections and folders only).
    package var expansionKey: String? {
        switch kind {
        case .collection(let id): id
        case .folder(let id, let path): ([id] + path).joined(separator: "/")
        case .broken, .request: nil
        }
    }

    package var requestKey: RequestKey? {
        if case .request(let key) = kind { return key }
        return nil
    }

    package var collectionID: String? {
        switch kind {
        case .collection(let id), .folder(let id, _): id
        case .request(let key): key.collectionID
        case .broken: nil
        }
    }
}
