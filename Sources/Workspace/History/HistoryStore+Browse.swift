package import Foundation
package import StateStore

/// Across collections: the history browser's list and search, one entry by id, counting and
/// clearing (the explorer's "Clear history…" and `lazer history`).
extension HistoryStore {
    /// The entries of `collectionIDs` (all when nil) matching what the user typed (see
    /// `HistoryFilter.init(typed:)`), newest first.
    package func browse(
        _ typed: String, collectionIDs: [String]?, limit: Int = 10_000, calendar: Calendar = .current
    ) throws(StateStoreError) -> [HistorySummary] {
        try database.historySummaries(
            collectionIDs: collectionIDs, filter: HistoryFilter(typed: typed, calendar: calendar), limit: limit)
    }

    /// One entry by its collection and id; nil when it is gone.
    package func entry(collectionID: String, id: String) throws(StateStoreError) -> HistoryEntry? {
        try database.historyEntry(collectionID: collectionID, id: id).flatMap(HistoryEntry.init(json:))
    }

    package func count(collectionIDs: [String]?) throws(StateStoreError) -> Int {
        try database.historyCount(collectionIDs: collectionIDs)
    }

    /// Deletes the entries of `collectionIDs` (all when nil); returns how many went.
    @discardableResult
    package func clear(collectionIDs: [String]?) throws(StateStoreError) -> Int {
        try database.clearHistory(collectionIDs: collectionIDs)
    }
}

extension HistoryFilter {
    /// What a user typed into the history search: words separated by spaces, all of which must
    /// match. `5xx` (`1xx`…`5xx`) matches a status class; `2026-11-27` an entry made that day and
    /// `2026-11` that month (in `calendar`'s time zone, the one the list shows times in); any other
    /// word is a prefix of a word in the method, URL, status (`404`, `40` …), request name, a
    /// header or a body.
    package init(typed: String, calendar: Calendar = .current) {
        self.init()
        for word in typed.split(whereSeparator: \.isWhitespace).map(String.init) {
            if let statusClass = Self.statusClass(word) {
                statusPrefixes.append(statusClass)
            } else if let range = Self.dateRange(word, calendar: calendar) {
                timeRanges.append(range)
            } else {
                words.append(word)
            }
        }
    }

    /// `4xx` → `4`.
    private static func statusClass(_ word: String) -> String? {
        let lower = word.lowercased()
        guard lower.count == 3, lower.hasSuffix("xx"), let first = lower.first, ("1"..."5").contains(first) else {
            return nil
        }
        return String(first)
    }

    /// `2026-11-27` → that day; `2026-11` → that month.
    private static func dateRange(_ word: String, calendar: Calendar) -> Range<Double>? {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts[0].count == 4,
            parts.dropFirst().allSatisfy({ $0.count == 2 }),
            let numbers = Optional(parts.compactMap { Int($0) }), numbers.count == parts.count,
            (1...12).contains(numbers[1]), parts.count == 2 || (1...31).contains(numbers[2])
        else { return nil }
        var components = DateComponents(year: numbers[0], month: numbers[1], day: parts.count == 3 ? numbers[2] : 1)
        components.hour = 0
        guard let start = calendar.date(from: components),
            let end = calendar.date(byAdding: parts.count == 3 ? .day : .month, value: 1, to: start)
        else { return nil }
        return start.timeIntervalSince1970..<end.timeIntervalSince1970
    }
}
