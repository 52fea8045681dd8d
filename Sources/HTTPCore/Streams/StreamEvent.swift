/// One event of a streamed body: a Server-Sent Event, or one record of NDJSON / JSON Lines /
/// json-seq. What the explorer lists, `lazer send` prints and `lazer run` checks.
public struct StreamEvent: Sendable, Hashable {
    /// Its place in the stream, from 0.
    public var index: Int
    /// Time since the stream's request was handed to the transport (zero when parsed after the fact).
    public var offset: Duration
    /// The SSE `event` field; nil for the default (`message`) and for JSON records.
    public var name: String?
    /// The SSE last event ID in force when it was dispatched (nil when none was set, and for JSON records).
    public var id: String?
    /// The event's data: SSE `data` lines joined with LF, or the record's text (UTF-8, invalid bytes replaced).
    public var data: String
    /// The size in bytes of what arrived when `data` only describes it (a binary WebSocket
    /// message shown as its size and first bytes in hex); nil: `data` is the event.
    public var size: Int?

    public init(
        index: Int, offset: Duration = .zero, name: String? = nil, id: String? = nil, data: String, size: Int? = nil
    ) {
        self.index = index
        self.offset = offset
        self.name = name
        self.id = id
        self.data = data
        self.size = size
    }

    /// Bytes the event carried: `size` when `data` describes it, else `data`'s own.
    public var byteCount: Int { size ?? data.utf8.count }
}
