import TUI

/// How the collections filter matches a row: fuzzily on names (`updte` finds "Update project",
/// through TUI's `TextMatch`, as the command palette does), and by plain substring on a request's
/// method, URL and folder path (a fuzzy match over a long URL would let almost anything through).
/// Requests of one folder are listed best first while filtering.
enum NavigatorFilter {
    /// The score of a collection's or folder's name, or nil when it does not match.
    static func score(_ needle: String, name: String) -> Int? {
        TextMatch.fuzzy(needle, in: name)?.score
    }

    /// The score of a request: its name's fuzzy score, or a substring hit in `details`
    /// (`GET /url Folder`, made only when the name does not match).
    static func score(_ needle: String, request name: String, details: () -> String) -> Int? {
        if let hit = TextMatch.fuzzy(needle, in: name) { return hit.score }
        return TextMatch.substring(needle, in: details()) == nil ? nil : 0
    }
}
