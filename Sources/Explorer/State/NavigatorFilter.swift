import TUI

/// How the collections filter matches a row: fuzzily on names (`updte` finds "Update project",
/// through TUI's `TextMatch`, as the command palette does), and by plain substring on a request's
/// method, URL and folder path (a fuzzy match over a long URL would let almost anything through).
/// Requests of one folder are listed best first while filtering.
enum NavigatorFilter {
    /// The score of a collection's or folder's name, or nil when it does not match.
    static func score(_ query: TextQuery, name: String) -> Int? {
        query.fuzzyScore(in: name)
    }

    /// The score of a request: its name's fuzzy score, or a substring hit in `GET /url Folder`.
    /// A query without a space cannot span two of those fields, so each is searched where it is
    /// stored; the joined text is made only for a query with a space.
    static func score(_ query: TextQuery, request name: String, method: String, url: String, trail: [String]) -> Int? {
        if let score = query.fuzzyScore(in: name) { return score }
        if query.hasSpace { return query.occurs(in: ([method, url] + trail).joined(separator: " ")) ? 0 : nil }
        return query.occurs(in: method) || query.occurs(in: url) || trail.contains(where: query.occurs) ? 0 : nil
    }
}
