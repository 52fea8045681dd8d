extension TreeState {
    /// Selects the next (or previous) visible row whose label contains `query`, ignoring case,
    /// starting after the selection and wrapping around: what `/` then `n`/`N` do in a tree.
    /// Returns `false` when no row matches. Builds one label per row it passes.
    @discardableResult
    package mutating func selectMatch(_ query: String, in source: some TreeDataSource, forward: Bool = true) -> Bool {
        let needle = query.lowercased()
        let count = rowCount(in: source)
        guard !needle.isEmpty, count > 0 else { return false }
        let start = selected.map { row(of: $0, in: source) } ?? (forward ? -1 : count)
        for step in 1...count {
            let row = ((start + (forward ? step : -step)) % count + count) % count
            guard let path = path(atRow: row, in: source) else { continue }
            if source.label(of: path).text.lowercased().contains(needle) {
                selected = path
                return true
            }
        }
        return false
    }
}
