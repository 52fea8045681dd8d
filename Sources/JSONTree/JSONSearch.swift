/// What a search looks for and where.
package struct JSONSearchQuery: Sendable {
    /// How the pattern is matched.
    package enum Mode: Sendable, Hashable {
        /// Substring, exact bytes.
        case plain
        /// Substring, ignoring case.
        case caseInsensitive
        /// A regular expression (Swift Regex syntax), matched anywhere in the text.
        case regex
    }

    package var pattern: String
    package var mode: Mode
    /// Match member names.
    package var matchesKeys: Bool
    /// Match scalar values (strings decoded; numbers and literals as written).
    package var matchesValues: Bool

    package init(_ pattern: String, mode: Mode = .caseInsensitive, matchesKeys: Bool = true, matchesValues: Bool = true)
    {
        self.pattern = pattern
        self.mode = mode
        self.matchesKeys = matchesKeys
        self.matchesValues = matchesValues
    }
}

/// One search hit: the node, whether its key or its value matched, and where it is.
package struct JSONSearchMatch: Sendable, Hashable {
    package let node: JSONNode
    /// The member name matched (otherwise the value did).
    package let inKey: Bool
    /// Location from the root, ready for `JSONDocument.normalizedPath`.
    package let path: [JSONPathComponent]

    /// The normalized JSONPath, e.g. `$['users'][3]['name']`.
    package var jsonPath: String { JSONDocument.normalizedPath(path) }
}

/// An incremental search: each `next(budget:)` scans a bounded number of tape entries and returns
/// the matches found so far, in document order — the UI shows first hits while the rest of a
/// large body is still being scanned, and can stop at any time.
package struct JSONSearch: Sendable {
    package let document: JSONDocument
    package let query: JSONSearchQuery
    private let needle: [UInt8]
    private let foldedNeedle: [UInt8]
    private let regexSource: String?
    /// Next tape entry to examine.
    package private(set) var position = 0
    /// Ancestors of `position` with the position of the path child.
    private var chain: [(container: Int, position: Int)] = []
    /// Hands back the pages of a mapped body behind the scan (nothing for an array).
    private var pages: JSONPageRelease

    /// Fails only for an invalid regular expression.
    package init(document: JSONDocument, query: JSONSearchQuery) throws(JSONSearchError) {
        self.document = document
        self.query = query
        self.pages = JSONPageRelease(document)
        self.needle = Array(query.pattern.utf8)
        self.foldedNeedle = Array(query.pattern.lowercased().utf8)
        if query.mode == .regex {
            guard (try? Regex(query.pattern)) != nil else { throw JSONSearchError(pattern: query.pattern) }
            self.regexSource = query.pattern
        } else {
            self.regexSource = nil
        }
    }

    /// Whether the whole document has been scanned.
    package var isFinished: Bool { position >= document.tapeCount }

    /// Fraction of the tape scanned (0...1), for a progress indicator.
    package var progress: Double {
        document.tapeCount == 0 ? 1 : Double(min(position, document.tapeCount)) / Double(document.tapeCount)
    }

    /// Scans up to `budget` entries and returns the matches among them.
    package mutating func next(budget: Int = 65_536) -> [JSONSearchMatch] {
        var found: [JSONSearchMatch] = []
        let regex = regexSource.flatMap { try? Regex($0) }
        let stop = min(document.tapeCount, position + max(1, budget))
        // Plain and ASCII case-insensitive patterns are matched on the raw bytes of unescaped text.
        let rawMatching =
            query.mode == .plain || (query.mode == .caseInsensitive && foldedNeedle.allSatisfy { $0 < 0x80 })
        // Entries in order: a cursor reads each without first loading its block.
        document.tape.withView { tape in
            var cursor = TapeCursor(tape, at: position)
            while position < stop {
                let index = position
                let entry = cursor.next()
                if Tape.isEnd(entry) {
                    chain.removeLast()
                    advanceSibling()
                    position += 1
                    continue
                }
                let node = JSONNode(index: index)
                var keyEnd = -1
                if Tape.isKeyed(entry), index != 0 {
                    let keyStart = Tape.offset(entry) + 1
                    keyEnd = document.stringEnd(from: keyStart)
                    if query.matchesKeys {
                        let hit =
                            rawMatching && !Tape.keyHasEscapes(entry)
                            ? rawContains(keyStart..<keyEnd)
                            : matches(document.key(node) ?? "", regex: regex)
                        if hit { found.append(JSONSearchMatch(node: node, inKey: true, path: path(to: node))) }
                    }
                }
                if query.matchesValues, !Tape.isContainerStart(entry) {
                    let hit: Bool
                    let isString = Tape.kindBits(entry) == UInt64(JSONKind.string.rawValue)
                    if rawMatching, !(isString && Tape.valueFlag(entry)) {
                        var start = Tape.offset(entry)
                        if keyEnd >= 0 {
                            start = document.skipInsignificant(document.skipInsignificant(keyEnd + 1) + 1)
                        }
                        let end = start + document.scalarByteCount(entry, at: index)
                        hit = isString ? rawContains((start + 1)..<(end - 1)) : rawContains(start..<end)
                    } else {
                        hit = scalarText(node).map { matches($0, regex: regex) } ?? false
                    }
                    if hit { found.append(JSONSearchMatch(node: node, inKey: false, path: path(to: node))) }
                }
                // A non-empty container (its payload, the distance to its end, is not 0).
                if Tape.isContainerStart(entry), Tape.rawPayload(entry) != 0 {
                    chain.append((index, 0))
                } else {
                    advanceSibling()
                }
                position += 1
            }
        }
        if position < document.tapeCount { pages.reached(Tape.offset(document.tape[position]), in: document) }
        return found
    }

    /// Substring test on raw body bytes (ASCII case folded in case-insensitive mode).
    private func rawContains(_ range: Range<Int>) -> Bool {
        let pattern = query.mode == .plain ? needle : foldedNeedle
        let fold = query.mode != .plain
        guard !pattern.isEmpty else { return true }
        guard range.count >= pattern.count else { return false }
        return document.bytes.withUnsafeBufferPointer { bytes in
            pattern.withUnsafeBufferPointer { pattern in
                let first = pattern[0]
                var start = range.lowerBound
                let last = range.upperBound - pattern.count
                while start <= last {
                    let byte = bytes[start]
                    if (fold && byte &- 65 < 26 ? byte | 0x20 : byte) == first {
                        var offset = 1
                        while offset < pattern.count {
                            let candidate = bytes[start + offset]
                            if (fold && candidate &- 65 < 26 ? candidate | 0x20 : candidate) != pattern[offset] {
                                break
                            }
                            offset += 1
                        }
                        if offset == pattern.count { return true }
                    }
                    start += 1
                }
                return false
            }
        }
    }

    /// Every match, scanning to the end.
    package mutating func all() -> [JSONSearchMatch] {
        var matches: [JSONSearchMatch] = []
        while !isFinished { matches.append(contentsOf: next()) }
        return matches
    }

    private mutating func advanceSibling() {
        if !chain.isEmpty { chain[chain.count - 1].position += 1 }
    }

    private func path(to node: JSONNode) -> [JSONPathComponent] {
        var components: [JSONPathComponent] = []
        for (offset, step) in chain.enumerated() {
            if document.kind(JSONNode(index: step.container)) == .array {
                components.append(.index(step.position))
            } else {
                let child = offset + 1 < chain.count ? JSONNode(index: chain[offset + 1].container) : node
                components.append(.key(document.key(child) ?? ""))
            }
        }
        return components
    }

    private func scalarText(_ node: JSONNode) -> String? {
        switch document.kind(node) {
        case .string: document.string(node)
        case .object, .array: nil
        default: document.rawText(node)
        }
    }

    private func matches(_ text: String, regex: Regex<AnyRegexOutput>?) -> Bool {
        switch query.mode {
        case .plain: return JSONSearch.contains(Array(text.utf8), needle)
        case .caseInsensitive:
            let bytes = Array(text.utf8)
            if bytes.allSatisfy({ $0 < 0x80 }), foldedNeedle.allSatisfy({ $0 < 0x80 }) {
                return JSONSearch.contains(bytes.map { $0 &- 65 < 26 ? $0 | 0x20 : $0 }, foldedNeedle)
            }
            return JSONSearch.contains(Array(text.lowercased().utf8), foldedNeedle)
        case .regex:
            guard let regex else { return false }
            return (try? regex.firstMatch(in: text)) != nil
        }
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count else { return false }
        let first = needle[0]
        for start in 0...(haystack.count - needle.count) where haystack[start] == first {
            var offset = 1
            while offset < needle.count, haystack[start + offset] == needle[offset] { offset += 1 }
            if offset == needle.count { return true }
        }
        return false
    }
}

/// A search pattern that is not a valid regular expression.
package struct JSONSearchError: Error, Sendable, Hashable, CustomStringConvertible {
    package let pattern: String
    package var description: String { "invalid regular expression: \(pattern)" }
}
