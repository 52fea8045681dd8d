extension TextEditorState {
    /// Selects the next (or previous) case-insensitive occurrence of `query`, starting after the
    /// cursor and wrapping around the document: what `/` then `n`/`N` do. Returns `false` when
    /// there is no occurrence.
    @discardableResult
    package mutating func find(_ query: String, forward: Bool = true) -> Bool {
        let needle = query.lowercased()
        guard !needle.isEmpty else { return false }
        let start = forward ? (selection?.upperBound ?? cursor) : (selection?.lowerBound ?? cursor)
        let count = lineCount
        for step in 0...count {
            let lineIndex = forward ? (start.line + step) % count : ((start.line - step) % count + count) % count
            let hits = Self.matchColumns(of: needle, in: lines[lineIndex])
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

    /// Character offsets where `needle` (already lowercased) occurs in `line`, ignoring case.
    /// An ASCII needle is matched on the UTF-8 bytes with ASCII case folding, which keeps a
    /// search through a 10 MB document fast; other needles compare lowercased text.
    package static func matchColumns(of needle: String, in line: String) -> [Int] {
        var hits: [Int] = []
        let pattern = Array(needle.utf8)
        if pattern.allSatisfy({ $0 < 0x80 }) {
            func fold(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }
            func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
                var offsets: [Int] = []
                guard bytes.count >= pattern.count else { return [] }
                let first = pattern[0]
                for i in 0...(bytes.count - pattern.count) where fold(bytes[i]) == first {
                    var j = 1
                    while j < pattern.count, fold(bytes[i + j]) == pattern[j] { j += 1 }
                    if j == pattern.count { offsets.append(i) }
                }
                return offsets
            }
            let offsets =
                line.utf8.withContiguousStorageIfAvailable(scan)
                ?? Array(line.utf8).withUnsafeBufferPointer(scan)
            // Column of each hit, counted on from the previous one (hits are in order).
            var previous = line.startIndex
            var column = 0
            for offset in offsets {
                // Keep only hits that start on a character boundary.
                if let index = String.Index(line.utf8.index(line.utf8.startIndex, offsetBy: offset), within: line) {
                    column += line.distance(from: previous, to: index)
                    previous = index
                    hits.append(column)
                }
            }
            return hits
        }
        let lower = line.lowercased()
        // Lowercasing can change lengths (rare); fall back to the exact text then.
        let haystack = lower.count == line.count ? lower : line
        var searchFrom = haystack.startIndex
        while searchFrom < haystack.endIndex, let range = haystack[searchFrom...].firstRange(of: needle) {
            hits.append(haystack.distance(from: haystack.startIndex, to: range.lowerBound))
            searchFrom = haystack.index(after: range.lowerBound)
        }
        return hits
    }
}
