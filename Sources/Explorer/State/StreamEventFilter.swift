import HTTPCore
import JSONTree

/// `|` over a stream (issue 25): keeps the events a JSONPath selects something in — `$.error`
/// keeps those with an `error`; a path that starts with a filter (`$[?@.type == 'delta']`) tests
/// each event itself, as the one element of an array. Kept with the `StreamLog` and extended batch
/// by batch, as the joined text is.
package struct StreamEventFilter: Sendable, Equatable {
    package let path: String
    private let query: JSONPath
    /// The stream indices of the matching events, in order: those in memory, and on a spilled
    /// stream the older ones too once the spill file answered.
    package private(set) var matching: [Int] = []
    /// The older events (in the spill file) still being looked through; nil when none are.
    package var olderPending: Range<Int>?

    /// Nil when `path` is not a JSONPath (the field says why before it gets here).
    package init?(path: String) {
        guard let query = try? JSONPath(path) else { return nil }
        self.path = path
        self.query = query
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.path == rhs.path && lhs.matching == rhs.matching && lhs.olderPending == rhs.olderPending
    }

    mutating func add(_ events: some Sequence<StreamEvent>) {
        for event in events where matches(event) { matching.append(event.index) }
    }

    /// The spill file's matches among the older events `olderPending`, which come before all others.
    mutating func prepend(_ indexes: [Int]) {
        matching.insert(contentsOf: indexes, at: 0)
        olderPending = nil
    }

    /// Forgets the matches older than `first` (the events dropped from memory).
    mutating func drop(before first: Int) {
        guard let cut = matching.firstIndex(where: { $0 >= first }) else {
            matching.removeAll()
            return
        }
        if cut > 0 { matching.removeFirst(cut) }
    }

    func matches(_ event: StreamEvent) -> Bool {
        let bytes = Array(event.data.utf8)
        guard let document = try? JSONDocument(bytes: bytes) else { return false }
        if !query.select(in: document).isEmpty { return true }
        guard path.hasPrefix("$[?") else { return false }
        guard let wrapped = try? JSONDocument(bytes: [UInt8(ascii: "[")] + bytes + [UInt8(ascii: "]")]) else {
            return false
        }
        return !query.select(in: wrapped).isEmpty
    }

    /// Whether the event of stream index `index` matches (binary search).
    package func contains(_ index: Int) -> Bool {
        position(of: index) != nil
    }

    /// The place of stream index `index` among the matches.
    package func position(of index: Int) -> Int? {
        let low = insertionPoint(of: index)
        return low < matching.count && matching[low] == index ? low : nil
    }

    /// The place of the first match at or after stream index `index` (binary search).
    package func insertionPoint(of index: Int) -> Int {
        matching.sortedInsertionPoint(of: index)
    }
}

/// The rows of the Stream view: every event — in memory, or also those in the spill file when the
/// stream has one — or the filter's matches among those in memory.
package struct StreamRows: Sendable {
    let log: StreamLog

    package init(_ log: StreamLog) {
        self.log = log
    }

    /// The first row's stream index: 0 when older events can be read back.
    private var first: Int { log.spilled ? 0 : log.firstIndex }

    package var count: Int { log.filter?.matching.count ?? (log.total - first) }

    /// The stream index at row `position`.
    package func index(at position: Int) -> Int {
        log.filter.map { $0.matching[position] } ?? first + position
    }

    /// The row of stream index `index`, nil when it is not shown.
    package func position(of index: Int) -> Int? {
        if let filter = log.filter { return filter.position(of: index) }
        let position = index - first
        return (0..<count).contains(position) ? position : nil
    }

    /// The row at or before stream index `index` (the filter may hide `index` itself).
    package func position(atOrBefore index: Int) -> Int? {
        guard let filter = log.filter else { return position(of: index) }
        let point = filter.insertionPoint(of: index)
        if point < filter.matching.count, filter.matching[point] == index { return point }
        return point > 0 ? point - 1 : nil
    }
}
