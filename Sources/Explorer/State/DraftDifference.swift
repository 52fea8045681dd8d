import Workspace

/// A line difference between the user's drafts and the requests in another version of their
/// collection (the file on disk), as text for the viewer: `-` their lines, `+` mine.
enum DraftDifference {
    static func describe(drafts: [RequestKey: SavedRequest], theirs: RequestCollection?) -> String {
        var out: [String] = []
        for (key, draft) in drafts.sorted(by: { $0.key.requestID < $1.key.requestID }) {
            let other = theirs?.request(id: key.requestID)
            out.append("── \(draft.name) (\(key.requestID))" + (other == nil ? " — deleted on disk" : ""))
            let mine = lines(of: masked(draft, against: other))
            let base = other.map { lines(of: masked($0, against: nil)) } ?? []
            let difference = mine.difference(from: base)
            var removed = Set<Int>()
            var inserted = Set<Int>()
            for change in difference {
                switch change {
                case .remove(let offset, _, _): removed.insert(offset)
                case .insert(let offset, _, _): inserted.insert(offset)
                }
            }
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
            out.append("")
        }
        return out.isEmpty ? "No drafts in this collection." : out.joined(separator: "\n")
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
        case .none: break
        }
        return request
    }

    private static func secret(of scheme: SavedAuth.Scheme) -> String? {
        switch scheme {
        case .basic(_, let password), .digest(_, let password): password
        case .bearer(let token): token
        case .apiKey(_, let value, _): value
        case .none: nil
        }
    }

    private static func lines(of request: SavedRequest) -> [String] {
        RequestCollection(id: "", name: "", requests: [request]).stored["requests"].map {
            $0.prettyPrinted().split(separator: "\n").map(String.init)
        } ?? []
    }
}
