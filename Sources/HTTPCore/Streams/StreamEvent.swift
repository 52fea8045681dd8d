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

    public init(index: Int, offset: Duration = .zero, name: String? = nil, id: String? = nil, data: String) {
        self.index = index
        self.offset = offset
        self.name = name
        self.id = id
        self.data = data
    }
}
