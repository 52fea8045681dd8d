package import HTTPCore

/// A streamed response's events as they arrived (SSE, NDJSON, json-seq), kept with the request's
/// exchange: live while the send is in flight, then beside its result until the next send. Only
/// the newest `capacity` events stay in memory (a stream may run for hours); the count and bytes
/// cover them all.
package struct StreamLog: Sendable, Equatable {
    /// How a stream ended.
    package enum End: Sendable, Equatable {
        /// The server closed it (the response ended).
        case closed
        /// The user stopped it (Esc).
        case stopped
        /// The exchange failed or was cancelled: what arrived before stays.
        case failed
        /// The request's `stream.maxEvents` events arrived.
        case eventLimit
        /// The request's `stream.seconds` passed.
        case timeLimit
    }

    /// The events kept in memory; the first one's index is `total - events.count`.
    package static let capacity = 10_000

    /// The send the events belong to.
    package var generation: Int
    package private(set) var events: [StreamEvent] = []
    /// Every event received, those dropped from memory included.
    package private(set) var total = 0
    /// The data bytes received in events.
    package private(set) var bytes = 0
    /// The time of the newest event since the send started.
    package private(set) var lastOffset: Duration = .zero
    /// Nil while it runs.
    package var end: End?
    /// Esc asked the stream to stop; the response with what came follows.
    package var stopping = false
    /// How many times the stream was connected again after the server closed it.
    package var reconnections = 0
    /// The server closed it and it is connected again after this wait (`stream.reconnect`).
    package var reconnectingAfter: Duration?
    /// The joined view's text, when the request names a `stream.join` path.
    package private(set) var joined: JoinedStreamText?
    /// The `|` filter of the Stream view: the events it keeps.
    package private(set) var filter: StreamEventFilter?
    /// Whether the events older than those in memory can be read back (the explorer writes a live
    /// stream's events to a spill file; a past stream from history has only what it kept).
    package let spilled: Bool
    /// Older events read back from the spill file for the view.
    package private(set) var paged: StreamPage?
    /// The events asked of the spill file and not come back yet.
    package var pageAsked: [Int]?

    package init(generation: Int, spilled: Bool = false) {
        self.generation = generation
        self.spilled = spilled
    }

    /// How many events around the one shown are read back at a time.
    package static let pageSize = 500

    /// The older events to read back so that the rows around `index` (a screen `rows` tall) can be
    /// shown, as their stream indexes in order; nil when they are here or already asked for. With a
    /// `|` filter, those of the filter's matches around it (they may lie far apart in the file).
    package func pageNeeded(around index: Int, rows: Int) -> [Int]? {
        guard spilled else { return nil }
        let wanted: [Int]
        var page: [Int]
        if let filter {
            let position = filter.insertionPoint(of: index)
            let window = max(0, position - rows)..<min(filter.matching.count, position + rows + 1)
            wanted = filter.matching[window].filter { $0 < firstIndex }
            let margin = Self.pageSize / 8
            let wider = max(0, window.lowerBound - margin)..<min(filter.matching.count, window.upperBound + margin)
            page = filter.matching[wider].filter { $0 < firstIndex }
        } else {
            guard index - rows < firstIndex else { return nil }
            let range = max(0, index - rows)..<min(firstIndex, index + rows + 1)
            wanted = Array(range)
            let start = max(0, min(range.lowerBound - Self.pageSize / 4, firstIndex - Self.pageSize))
            page = Array(start..<min(firstIndex, max(start + Self.pageSize, range.upperBound)))
        }
        guard !wanted.isEmpty else { return nil }
        // What came back for what was asked covers it, even short (a spill file that failed): asked once.
        func covers(_ asked: [Int]?) -> Bool {
            guard let asked else { return false }
            return wanted.allSatisfy { asked.sortedContains($0) }
        }
        if covers(paged?.asked) || covers(pageAsked) { return nil }
        if page.isEmpty { page = wanted }
        return page
    }

    /// Older events read back (`asked`, as asked).
    package mutating func page(_ asked: [Int], _ events: [StreamEvent]) {
        if pageAsked == asked { pageAsked = nil }
        paged = StreamPage(asked: asked, events: events)
    }

    /// Appends a batch, dropping the oldest events beyond `capacity` (a thousand at a time, so a
    /// fast stream does not move the whole array for every event).
    package mutating func append(_ batch: [StreamEvent]) {
        events.append(contentsOf: batch)
        total += batch.count
        for event in batch { bytes += event.byteCount }
        if let last = batch.last { lastOffset = last.offset }
        joined?.add(batch)
        filter?.add(batch)
        if events.count > Self.capacity + 1000 {
            events.removeFirst(events.count - Self.capacity)
            // A spilled stream's older matches stay: their rows are read back like any other.
            if !spilled {
                let first = firstIndex
                filter?.drop(before: first)
            }
        }
    }

    /// Joins the text `path` selects in each event in memory (and in those to come); nil: none.
    /// The same path again changes nothing.
    package mutating func join(_ path: String?) {
        guard joined?.path != path else { return }
        joined = path.flatMap { JoinedStreamText(path: $0) }
        joined?.add(events)
    }

    /// Keeps only the events `path` selects something in (nil: all); the same path changes nothing.
    /// On a spilled stream the events older than those in memory are left to a scan of the spill
    /// file (`olderPending`, then `filterOlder`).
    package mutating func filter(_ path: String?) {
        guard filter?.path != path else { return }
        filter = path.flatMap { StreamEventFilter(path: $0) }
        filter?.add(events)
        let first = firstIndex
        if spilled, first > 0 { filter?.olderPending = 0..<first }
    }

    /// The spill file's matches for the filter `path` among the older events `range`.
    package mutating func filterOlder(_ path: String, _ range: Range<Int>, _ indexes: [Int]) {
        guard filter?.path == path, filter?.olderPending == range else { return }
        filter?.prepend(indexes)
    }

    /// The index of the oldest event still in memory.
    package var firstIndex: Int { total - events.count }

    /// `reconnected 2×`, for the Stream view's header and the Timeline's stream line; nil when the
    /// stream was never connected again.
    package var reconnectedDescription: String? {
        reconnections > 0 ? "reconnected \(CountText.format(reconnections))×" : nil
    }

    /// How it ended, for the Stream view's header and the Timeline's stream line; nil while open.
    /// A WebSocket's last event is its close, which says who closed it and why: "closed" then.
    package var endDescription: String? {
        switch end {
        case nil: nil
        case .closed?: events.last?.name == "close" ? "closed" : "closed by the server"
        case .stopped?: "stopped"
        case .failed?: "ended by an error"
        case .eventLimit?: "ended at stream.maxEvents"
        case .timeLimit?: "ended at stream.seconds"
        }
    }

    /// The event of stream index `index`, when in memory or read back.
    package func event(at index: Int) -> StreamEvent? {
        let position = index - firstIndex
        if events.indices.contains(position) { return events[position] }
        guard let events = paged?.events else { return nil }
        var low = 0
        var high = events.count
        while low < high {
            let middle = (low + high) / 2
            if events[middle].index < index { low = middle + 1 } else { high = middle }
        }
        return low < events.count && events[low].index == index ? events[low] : nil
    }

    /// Events per second over the stream so far (nil before a second event).
    package var rate: Double? {
        guard total > 1 else { return nil }
        let seconds = Double(lastOffset.components.seconds) + Double(lastOffset.components.attoseconds) / 1e18
        return seconds > 0 ? Double(total) / seconds : nil
    }
}

/// Older events of a stream read back from its spill file: those `asked` (in order) that it had.
package struct StreamPage: Sendable, Equatable {
    package var asked: [Int]
    package var events: [StreamEvent]
}

extension Array where Element == Int {
    /// The place of the first element at or after `value` in this sorted array (binary search).
    func sortedInsertionPoint(of value: Int) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether this sorted array holds `value`.
    func sortedContains(_ value: Int) -> Bool {
        let point = sortedInsertionPoint(of: value)
        return point < count && self[point] == value
    }
}
