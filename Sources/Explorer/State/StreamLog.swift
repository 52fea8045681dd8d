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

    package init(generation: Int) {
        self.generation = generation
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

    /// The event of stream index `index`, when still in memory.
    package func event(at index: Int) -> StreamEvent? {
        let position = index - firstIndex
        return events.indices.contains(position) ? events[position] : nil
    }

    /// Events per second over the stream so far (nil before a second event).
    package var rate: Double? {
        guard total > 1 else { return nil }
        let seconds = Double(lastOffset.components.seconds) + Double(lastOffset.components.attoseconds) / 1e18
        return seconds > 0 ? Double(total) / seconds : nil
    }
}
