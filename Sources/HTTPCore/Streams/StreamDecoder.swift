/// Turns a streamed body's bytes into numbered `StreamEvent`s in its `StreamFormat`, chunk by
/// chunk (the transport's side) or all at once (a body already received: history, `lazer run`).
public struct StreamDecoder: Sendable {
    public let format: StreamFormat
    private var events = ServerSentEventParser()
    private var records: JSONRecordSplitter
    /// Events emitted so far.
    public private(set) var count = 0

    public init(format: StreamFormat) {
        self.format = format
        records = JSONRecordSplitter(sequence: format == .jsonSequence)
    }

    /// The reconnection time an SSE server asked for (`retry`, milliseconds).
    public var retry: Int? { events.retry }
    /// The SSE last event ID ("" when none).
    public var lastEventID: String { events.lastEventID }
    /// SSE: bytes of the body up to the end of its last complete event.
    public var completeLength: Int64 { events.completeLength }

    /// The decoder of a reconnection's body (SSE): its events are numbered on from this one's, the
    /// last event ID and retry time go on.
    public func reconnected() -> StreamDecoder {
        var next = StreamDecoder(format: format)
        next.events = events.reconnected()
        next.count = count
        return next
    }

    /// Decodes a chunk; its events get `offset`.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, offset: Duration, emit: (StreamEvent) -> Void) {
        var index = count
        switch format {
        case .serverSentEvents:
            events.feed(bytes) { event in
                emit(StreamEvent(index: index, offset: offset, name: event.name, id: event.id, data: event.data))
                index += 1
            }
        case .jsonLines, .jsonSequence:
            records.feed(bytes) { record in
                emit(StreamEvent(index: index, offset: offset, data: record))
                index += 1
            }
        }
        count = index
    }

    /// The end of the body: a last JSON record without a separator counts; an SSE event without its
    /// blank line does not (WHATWG).
    public mutating func finish(offset: Duration, emit: (StreamEvent) -> Void) {
        guard format != .serverSentEvents else { return }
        var index = count
        records.finish { record in
            emit(StreamEvent(index: index, offset: offset, data: record))
            index += 1
        }
        count = index
    }

    /// Every event of a whole body, in order (offsets zero), at most `limit` of them.
    public static func events(in body: some Collection<UInt8>, format: StreamFormat, limit: Int = .max) -> [StreamEvent]
    {
        var decoder = StreamDecoder(format: format)
        var out: [StreamEvent] = []
        let bytes = Array(body)
        bytes.withUnsafeBytes { raw in
            decoder.feed(raw, offset: .zero) { if out.count < limit { out.append($0) } }
        }
        decoder.finish(offset: .zero) { if out.count < limit { out.append($0) } }
        return out
    }
}
