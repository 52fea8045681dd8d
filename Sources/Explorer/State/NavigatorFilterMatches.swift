package import Workspace

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
    package struct Level: Sendable {
        package var needle: String
        package var lists: [String: Matches] = [:]

        package init(needle: String, lists: [String: Matches] = [:]) {
            self.needle = needle
            self.lists = lists
        }

        var positionCount: Int { lists.values.reduce(0) { $0 + $1.positions.count } }
    }

    /// One list of requests and the positions in it that matched, ascending.
    package struct Matches: Sendable {
        package var requests: [SavedRequest]
        package var positions: [Int32]

        package init(requests: [SavedRequest], positions: [Int32]) {
            self.requests = requests
            self.positions = positions
        }
    }

    /// Queries each extending the one before, the last typed last (one per key).
    private var levels: [Level] = []
    /// The most positions kept across levels (4 bytes each): a query that narrows nothing (spaces
    /// typed one after another) would otherwise keep every request again at every key.
    package static let positionLimit = 4_000_000

    package init() {}

    package static func == (lhs: Self, rhs: Self) -> Bool { true }

    /// The kept level `needle` can narrow: the longest query it extends (or equals). Levels that
    /// `needle` does not extend are dropped (the query was edited elsewhere than at its end).
    mutating func narrowing(_ needle: String) -> Level? {
        while let last = levels.last, !needle.hasPrefix(last.needle) { levels.removeLast() }
        return levels.last
    }

    /// Keeps `level` as the matches of its query, over a level of the same query; the oldest
    /// levels go first when more than `positionLimit` positions are kept (the newest stays).
    package mutating func keep(_ level: Level) {
        if levels.last?.needle == level.needle { levels.removeLast() }
        levels.append(level)
        var kept = levels.reduce(0) { $0 + $1.positionCount }
        while kept > Self.positionLimit, levels.count > 1 {
            kept -= levels.removeFirst().positionCount
        }
    }

    /// Forgets every query (the filter was cleared).
    mutating func removeAll() {
        levels = []
    }

    /// The queries kept, oldest first (for tests).
    package var needles: [String] { levels.map(\.needle) }

    /// The key of a list: its collection and folder trail, NUL between them. Two lists whose names
    /// hold NULs could share one; the storage check then finds the other list and scores it whole.
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
