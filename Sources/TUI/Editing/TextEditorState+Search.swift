extension TextEditorState {
    /// Selects the next (or previous) case-insensitive occurrence of `query`, starting after the
    /// cursor and wrapping around the document: what `/` then `n`/`N` do. Returns `false` when
    /// there is no occurrence.
    @discardableResult
    public mutating func find(_ query: String, forward: Bool = true) -> Bool {
        let needle = query.lowercased()
        guard !needle.isEmpty else { return false }
        let start = forward ? (selection?.upperBound ?? cursor) : (selection?.lowerBound ?? cursor)
        let count = lineCount
        for step in 0...count {
            let lineIndex = forward ? (start.line + step) % count : ((start.line - step) % count + count) % count
            let line = lines[lineIndex]
            let lower = line.lowercased()
            // Lowercasing can change lengths (rare); fall back to the slow, exact path then.
            let haystack = lower.count == line.count ? lower : line
            var hits: [Int] = []
            var searchFrom = haystack.startIndex
            while searchFrom < haystack.endIndex, let range = haystack[searchFrom...].firstRange(of: needle) {
                hits.append(haystack.distance(from: haystack.startIndex, to: range.lowerBound))
                searchFrom = haystack.index(after: range.lowerBound)
            }
            let column: Int?
            if forward {
                let minimum = step == 0 ? start.column : (step == count ? -1 : 0)
                column = hits.first { step == count ? $0 < start.column : $0 >= minimum }
            } else {
                column = hits.last { step == 0 ? $0 < start.column : (step == count ? $0 >= start.column : true) }
            }
            if let column {
                anchor = TextPosition(line: lineIndex, column: column)
                cursor = TextPosition(line: lineIndex, column: column + needle.count)
                return true
            }
        }
        return false
    }
}
