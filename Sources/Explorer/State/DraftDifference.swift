package import Workspace

/// Both sides of a conflict, as text for the viewer: what the other program changed in the file
/// (against the version Lazer last read or wrote), then what the user's drafts change (against
/// that same version). `-` lines are the earlier text, `+` the new.
package enum DraftDifference {
    package static func describe(
        base: RequestCollection?, theirs: RequestCollection?, drafts: [RequestKey: SavedRequest]
    ) -> String {
        var out = ["What the other program changed in the file:", ""]
        out += outsideChanges(base: base, theirs: theirs)
        out += ["", "What your drafts change (not saved):", ""]
        if drafts.isEmpty { out.append("  (no drafts in this collection)") }
        for (key, draft) in drafts.sorted(by: { $0.key.requestID < $1.key.requestID }) {
            let original = base?.request(id: key.requestID)
            let gone = theirs != nil && theirs?.request(id: key.requestID) == nil
            out.append("── \(draft.name) (\(key.requestID))" + (gone ? " — deleted in the file on disk" : ""))
            out += lineChanges(from: original.map { masked($0, against: nil) }, to: masked(draft, against: original))
            out.append("")
        }
        return out.joined(separator: "\n")
    }

    /// The requests the other program added, removed or changed, and whether anything else of
    /// the collection (its name, variables, environments, folders) changed.
    private static func outsideChanges(base: RequestCollection?, theirs: RequestCollection?) -> [String] {
        guard let theirs else { return ["  The file is no longer a valid collection (see its problems)."] }
        guard let base else { return ["  (Lazer has no earlier version to compare with)"] }
        var out: [String] = []
        let before = Dictionary(base.allRequests.map { ($0.request.id, $0.request) }) { first, _ in first }
        let after = Dictionary(theirs.allRequests.map { ($0.request.id, $0.request) }) { first, _ in first }
        for location in theirs.allRequests {
            let request = location.request
            guard let earlier = before[request.id] else {
                out.append("── \(request.name) (\(request.id)) — added")
                continue
            }
            guard earlier != request else { continue }
            out.append("── \(request.name) (\(request.id))")
            out += lineChanges(from: masked(earlier, against: nil), to: masked(request, against: earlier))
            out.append("")
        }
        for location in base.allRequests where after[location.request.id] == nil {
            out.append("── \(location.request.name) (\(location.request.id)) — deleted")
        }
        if !sameOutline(base, theirs) {
            out.append(
                "── The collection itself (its name, variables, environments or the order of its items) changed too")
        }
        return out.isEmpty ? ["  (no request changed)"] : out
    }

    /// Whether two versions agree on everything but their requests' contents.
    private static func sameOutline(_ one: RequestCollection, _ other: RequestCollection) -> Bool {
        func folderPaths(_ folders: [Folder], _ parent: [String]) -> [[String]] {
            folders.flatMap { [parent + [$0.name]] + folderPaths($0.folders, parent + [$0.name]) }
        }
        func places(_ collection: RequestCollection) -> [[String]] {
            collection.allRequests.map { $0.folderPath + [$0.request.id] }
        }
        return one.name == other.name && one.description == other.description
            && one.defaultEnvironment == other.defaultEnvironment && one.variables == other.variables
            && one.environments == other.environments && places(one) == places(other)
            && folderPaths(one.folders, []) == folderPaths(other.folders, [])
    }

    /// The lines of `to` that differ from `from` (a request as stored), `-` earlier, `+` new.
    private static func lineChanges(from: SavedRequest?, to: SavedRequest) -> [String] {
        let mine = lines(of: to)
        let base = from.map { lines(of: $0) } ?? []
        let difference = mine.difference(from: base)
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var out: [String] = []
        var baseIndex = 0
        var mineIndex = 0
        while baseIndex < base.count || mineIndex < mine.count {
            if baseIndex < base.count, removed.contains(baseIndex) {
                out.append("- " + base[baseIndex])
                baseIndex += 1
            } else if mineIndex < mine.count, inserted.contains(mineIndex) {
                out.append("+ " + mine[mineIndex])
                mineIndex += 1
            } else {
                baseIndex += 1
                mineIndex += 1
            }
        }
        return out
    }

    /// `request` with its auth secrets (password, token, key value) masked as the Auth tab shows
    /// them (the difference printed them, and `y` copied them); one that differs from `other`'s
    /// says so, so the edit still shows. A `{{variable}}` is not a secret value: it stays.
    static func masked(_ request: SavedRequest, against other: SavedRequest?) -> SavedRequest {
        let theirs = other.map { secret(of: $0.auth.scheme) ?? "" }
        func mask(_ value: String) -> String {
            guard !value.isEmpty, !(value.hasPrefix("{{") && value.hasSuffix("}}")) else { return value }
            return theirs == nil || theirs == value ? "••••••" : "•••••• (edited)"
        }
        var request = request
        switch request.auth.scheme {
        case .basic(let username, let password):
            request.auth.scheme = .basic(username: username, password: mask(password))
        case .digest(let username, let password):
            request.auth.scheme = .digest(username: username, password: mask(password))
        case .bearer(let token): request.auth.scheme = .bearer(token: mask(token))
        case .apiKey(let name, let value, let location):
            request.auth.scheme = .apiKey(name: name, value: mask(value), location: location)
        case .awsSigV4(var aws):
            aws.secretAccessKey = mask(aws.secretAccessKey)
            if !aws.sessionToken.isEmpty, !(aws.sessionToken.hasPrefix("{{") && aws.sessionToken.hasSuffix("}}")) {
                aws.sessionToken = "••••••"
            }
            request.auth.scheme = .awsSigV4(aws)
        case .oauth2(var oauth):
            oauth.clientSecret = mask(oauth.clientSecret)
            oauth.password = mask(oauth.password)
            oauth.refreshToken = mask(oauth.refreshToken)
            request.auth.scheme = .oauth2(oauth)
        case .ntlm(var ntlm):
            ntlm.password = mask(ntlm.password)
            request.auth.scheme = .ntlm(ntlm)
        case .jwt(var jwt):
            jwt.secret = mask(jwt.secret)
            request.auth.scheme = .jwt(jwt)
        case .none, .inherit, .command, .negotiate: break
        }
        return request
    }

    private static func secret(of scheme: SavedAuth.Scheme) -> String? {
        switch scheme {
        case .basic(_, let password), .digest(_, let password): password
        case .bearer(let token): token
        case .apiKey(_, let value, _): value
        case .awsSigV4(let aws): aws.secretAccessKey
        case .oauth2(let oauth): oauth.clientSecret
        case .ntlm(let ntlm): ntlm.password
        case .jwt(let jwt): jwt.secret
        case .none, .inherit, .command, .negotiate: nil
        }
    }

    private static func lines(of request: SavedRequest) -> [String] {
        RequestCollection(id: "", name: "", requests: [request]).stored["requests"].map {
            $0.prettyPrinted().split(separator: "\n").map(String.init)
        } ?? []
    }
}
