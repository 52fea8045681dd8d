/// Auth inheritance: a request that inherits (the default) uses the auth of its nearest folder
/// that sets one, else the collection's, else none — so a folder of bearer-protected requests
/// sets its token once, and a request added to it is authorised without a word.
extension RequestCollection {
    /// The auth a request is sent with, and where it comes from.
    package struct AuthInForce: Sendable, Equatable {
        package enum Origin: Sendable, Equatable {
            /// The request's own auth (`none` included).
            case request
            /// A folder's, by the folder names from the top.
            case folder([String])
            case collection
            /// It inherits and nothing above it sets auth: none is sent.
            case nowhere
        }

        package var auth: SavedAuth
        package var origin: Origin

        package init(auth: SavedAuth, origin: Origin) {
            self.auth = auth
            self.origin = origin
        }

        /// "inherited from folder Users", "inherited from the collection", for the screen.
        package var inheritedFrom: String? {
            switch origin {
            case .request: nil
            case .folder(let path): "inherited from folder \(path.joined(separator: " / "))"
            case .collection: "inherited from the collection"
            case .nowhere: "inherited: no folder above it nor the collection sets auth"
            }
        }
    }

    /// The auth `request` (its draft, say) is sent with, where it sits in this collection (by
    /// id); a request not in the collection inherits from the collection only.
    package func authInForce(for request: SavedRequest) -> AuthInForce {
        guard request.auth.scheme == .inherit else { return AuthInForce(auth: request.auth, origin: .request) }
        // Where the request sits matters only when some folder sets auth; finding it is a walk
        // over every request, once per send (a run of n requests would be n² string compares).
        guard Self.anySetsAuth(folders) else { return inheritedAuth(folderPath: []) }
        return inheritedAuth(folderPath: folderPath(ofRequest: request.id) ?? [])
    }

    private static func anySetsAuth(_ folders: [Folder]) -> Bool {
        folders.contains { folder in
            if let auth = folder.auth, auth.scheme != .inherit { return true }
            return anySetsAuth(folder.folders)
        }
    }

    /// What a request inherits in the folder at `folderPath` (empty: at the top level).
    package func inheritedAuth(folderPath: [String]) -> AuthInForce {
        var chain: [(path: [String], auth: SavedAuth?)] = []
        var folders = self.folders
        for (depth, name) in folderPath.enumerated() {
            guard let folder = folders.first(where: { $0.name == name }) else { break }
            chain.append((Array(folderPath.prefix(depth + 1)), folder.auth))
            folders = folder.folders
        }
        for (path, auth) in chain.reversed() {
            if let auth, auth.scheme != .inherit { return AuthInForce(auth: auth, origin: .folder(path)) }
        }
        if let auth, auth.scheme != .inherit { return AuthInForce(auth: auth, origin: .collection) }
        return AuthInForce(auth: SavedAuth(.none), origin: .nowhere)
    }

    /// `request` with the auth in force written in (for resolving and for formats without
    /// inheritance: curl, `.http`).
    package func withAuthInForce(_ request: SavedRequest) -> SavedRequest {
        var request = request
        request.auth = authInForce(for: request).auth
        return request
    }

    /// The folder names leading to the request with `id`, nil when it is not in the collection.
    package func folderPath(ofRequest id: String) -> [String]? {
        func find(_ folders: [Folder], _ requests: [SavedRequest], _ trail: [String]) -> [String]? {
            for folder in folders {
                if let found = find(folder.folders, folder.requests, trail + [folder.name]) { return found }
            }
            return Self.index(of: id, in: requests) != nil ? trail : nil
        }
        return find(folders, requests, [])
    }
}

extension RequestCollection {
    /// Sets `auth` on the folder at `path` (`[]`: the collection) and makes every request under
    /// it that has exactly this auth inherit it instead (not one below a folder that sets another:
    /// it would then get that one). Returns how many requests inherit it now.
    @discardableResult
    package mutating func setInheritedAuth(_ auth: SavedAuth, at path: [String]) -> Int {
        if path.isEmpty {
            self.auth = auth
        } else {
            var found = false
            editContents(at: Array(path.dropLast())) { folders, _ in
                guard let index = folders.firstIndex(where: { $0.name == path.last }) else { return false }
                folders[index].auth = auth
                found = true
                return true
            }
            guard found else { return 0 }
        }
        var inheriting = 0
        for location in allRequests where location.folderPath.starts(with: path) {
            let request = location.request
            guard request.auth == auth || request.auth.scheme == .inherit,
                inheritedAuth(folderPath: location.folderPath).auth == auth
            else { continue }
            if request.auth == auth { _ = updateRequest(id: request.id) { $0.auth = SavedAuth(.inherit) } }
            inheriting += 1
        }
        return inheriting
    }
}
