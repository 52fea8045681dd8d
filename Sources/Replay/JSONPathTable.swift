import JSONTree

/// The JSONPaths a plan's checks use, each parsed once: a collection's checks repeat their paths
/// (`$.id` in every request), and parsing one costs about as much as checking it against a small
/// response. Used while a plan is made, on one thread.
final class JSONPathTable {
    private var parsed: [String: JSONPath?] = [:]

    /// The query `text` parses to; nil when it does not parse (the check reports that).
    func query(_ text: String) -> JSONPath? {
        if let known = parsed[text] { return known }
        let query = try? JSONPath(text)
        parsed[text] = query
        return query
    }
}
