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
        /// The user stopped it (Esc), or a limit of the request's `stream` settings ended it.
        case stopped
        /// The exchange failed or was cancelled: what arrived before stays.
        case failed
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
    /// The joined view's text, when the request names a `stream.join` path.
    package private(set) var joined: JoinedStreamText?
    /// The `|` filter of the Stream view: the events it keeps.
    package private(set) var filter: StreamEventFilter?
    /// Whether the events older than those in memory can be read back (the explorer writes a live
    /// stream's events to a spill file; a past stream from history has only what it kept).
    package let spilled: Bool
    /// Older events read back from the spill file for the view.
    package private(set) var paged: StreamPage?
    /// The range asked of the spill file and not come back yet.
    package var pageAsked: Range<Int>?

    package init(generation: Int, spilled: Bool = false) {
        self.generation = generation
        self.spilled = spilled
    }

    /// How many events around the one shown are read back at a time.
    package static let pageSize = 500

    /// The older events to read back so that those around `index` (a row `rows` tall) can be
    /// shown, nil when they are here or already asked for.
    package func pageNeeded(around index: Int, rows: Int) -> Range<Int>? {
        guard spilled, index - rows < firstIndex else { return nil }
        let wanted = max(0, index - rows)..<min(firstIndex, index + rows + 1)
        guard !wanted.isEmpty else { return nil }
        // What came back for a range covers it, even short (a spill file that failed): asked once.
        func covers(_ range: Range<Int>?) -> Bool {
            range.map { $0.lowerBound <= wanted.lowerBound && $0.upperBound >= wanted.upperBound } ?? false
        }
        if covers(paged?.range) || covers(pageAsked) { return nil }
        let start = max(0, min(wanted.lowerBound - Self.pageSize / 4, firstIndex - Self.pageSize))
        return start..<min(firstIndex, max(start + Self.pageSize, wanted.upperBound))
    }

    /// Older events read back (`range`, as asked).
    package mutating func page(_ range: Range<Int>, _ events: [StreamEvent]) {
        if pageAsked == range { pageAsked = nil }
        paged = StreamPage(range: range, events: events)
    }

    /// Appends a batch, dropping the oldest events beyond `capacity` (a thousand at a time, so a
    /// fast stream does not move the whole array for every event).
    package mutating func append(_ batch: [StreamEvent]) {
        events.append(contentsOf: batch)
        total += batch.count
        for event in batch { bytes += event.data.utf8.count }
        if let last = batch.last { lastOffset = last.offset }
        joined?.add(batch)
        filter?.add(batch)
        if events.count > Self.capacity + 1000 {
            events.removeFirst(events.count - Self.capacity)
            let first = firstIndex
            filter?.drop(before: first)
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
    package mutating func filter(_ path: String?) {
        guard filter?.path != path else { return }
        filter = path.flatMap { StreamEventFilter(path: $0) }
        filter?.add(events)
    }

    /// The index of the oldest event still in memory.
    package var firstIndex: Int { total - events.count }

    /// How it ended, for the Stream view's header and the Timeline's stream line; nil while open.
    /// A WebSocket's last event is its close, which says who closed it and why: "closed" then.
    package var endDescription: String? {
        switch end {
        case nil: nil
        case .closed?: events.last?.name == "close" ? "closed" : "closed by the server"
        case .stopped?: "stopped"
        case .failed?: "ended by an error"
        }
    }

    /// The event of stream index `index`, when in memory or read back.
    package func event(at index: Int) -> StreamEvent? {
        let position = index - firstIndex
        if events.indices.contains(position) { return events[position] }
        guard let paged, index >= paged.range.lowerBound, index - paged.range.lowerBound < paged.events.count
        else { return nil }
        return paged.events[index - paged.range.lowerBound]
    }

    /// Events per second over the stream so far (nil before a second event).
    package var rate: Double? {
        guard total > 1 else { return nil }
        let seconds = Double(lastOffset.components.seconds) + Double(lastOffset.components.attoseconds) / 1e18
        return seconds > 0 ? Double(total) / seconds : nil
    }
}

/// Older events of a stream read back from its spill file: those of `range` that it had.
package struct StreamPage: Sendable, Equatable {
    package var range: Range<Int>
    package var events: [StreamEvent]
}
