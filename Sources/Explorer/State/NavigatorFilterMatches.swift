import Workspace

/// What the collections filter matched for the queries typed so far, each list of requests (a
/// collection's or a folder's) with the requests of it that matched. A query that extends an
/// earlier one can only match requests the earlier one matched — names are matched as
/// subsequences and the other fields as substrings, both of which a longer query only narrows — so
/// the next key scores those matches instead of every request (on a million requests a key took
/// 57–77 ms after the first, each scoring them all). A key taken back finds its query's matches
/// still kept.
///
/// A list is kept with its matches (a reference to its storage, not a copy): a list changed since
/// (an edit, a file read again) has other storage and is scored whole again. A cache: equal to any
/// other, so it is not part of the navigator's state as tests and views see it.
package struct NavigatorFilterMatches: Sendable, Equatable {
    /// The matches of one query.
    struct Level: Sendable {
        var needle: String
        var lists: [String: Matches] = [:]
    }

    /// One list of requests and the positions in it that matched, ascending.
    struct Matches: Sendable {
        var requests: [SavedRequest]
        var positions: [Int32]
    }

    /// Queries each extending the one before, the last typed last (a few dozen at most: one per key).
    private var levels: [Level] = []
    static let depth = 64

    package init() {}

    package static func == (lhs: Self, rhs: Self) -> Bool { true }

    /// The kept level `needle` can narrow: the longest query it extends (or equals). Levels that
    /// `needle` does not extend are dropped (the query was edited elsewhere than at its end).
    mutating func narrowing(_ needle: String) -> Level? {
        while let last = levels.last, !needle.hasPrefix(last.needle) { levels.removeLast() }
        return levels.last
    }

    /// Keeps `level` as the matches of its query, over a level of the same query.
    mutating func keep(_ level: Level) {
        if levels.last?.needle == level.needle { levels.removeLast() }
        levels.append(level)
        if levels.count > Self.depth { levels.removeFirst(levels.count - Self.depth) }
    }

    /// Forgets every query (the filter was cleared).
    mutating func removeAll() {
        levels = []
    }

    /// The key of a list: its collection and folder trail (NUL cannot appear in either).
    static func key(collectionID: String, trail: [String]) -> String {
        ([collectionID] + trail).joined(separator: "\u{0}")
    }
}

extension NavigatorFilterMatches.Matches {
    /// The positions of `requests` worth scoring: the kept matches when `requests` is the very
    /// list they were found in, nil (every position) otherwise.
    func candidates(in requests: [SavedRequest]) -> [Int32]? {
        guard requests.count == self.requests.count else { return nil }
        let same = requests.withUnsafeBufferPointer { current in
            self.requests.withUnsafeBufferPointer { kept in current.baseAddress == kept.baseAddress }
        }
        return same ? positions : nil
    }
}
