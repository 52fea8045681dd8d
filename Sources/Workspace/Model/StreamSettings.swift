package import HTTPCore

/// How a request's streamed response (SSE, NDJSON, json-seq) is received: `"stream":
/// {"maxEvents": 10, "seconds": 30, "format": "sse"}`. Without it a stream is still shown as one
/// (by its `Content-Type`) and ends when the server closes it. `maxEvents` and `seconds` end it
/// cleanly — the response is what came, and expectations see those events — where a timeout would
/// fail the request; `format` reads any body as a stream ("view as stream"); `join` is the
/// JSONPath whose text, event after event, the explorer joins into one text (a streamed LLM answer
/// read as prose while it streams).
package struct StreamSettings: Sendable, Equatable {
    /// End after this many events (1–1,000,000).
    package var maxEvents: Int?
    /// End after this many seconds since the request was sent.
    package var seconds: Double?
    /// Read the body in this format whatever its `Content-Type`.
    package var format: StreamFormat?
    /// The JSONPath (RFC 9535) of the text each event adds to the joined view.
    package var join: String?
    /// SSE: how many times a stream the server closed is connected again (1–1,000).
    package var reconnect: Int?
    package var unknownFields: [StoredJSON.Member]

    package init(
        maxEvents: Int? = nil, seconds: Double? = nil, format: StreamFormat? = nil, join: String? = nil,
        reconnect: Int? = nil, unknownFields: [StoredJSON.Member] = []
    ) {
        self.maxEvents = maxEvents
        self.seconds = seconds
        self.format = format
        self.join = join
        self.reconnect = reconnect
        self.unknownFields = unknownFields
    }

    /// A `ResponseStream` with these limits, handing events to `onEvents`.
    /// - Parameters:
    ///   - clock: what events are stamped with (the explorer's stage clock: virtual time in tests).
    ///   - onReconnect: each wait before a reconnection and each reconnection (`reconnect`).
    package func responseStream(
        clock: (@Sendable () -> Duration)? = nil,
        onReconnect: (@Sendable (ResponseStream.Reconnection) -> Void)? = nil,
        onEvents: @escaping @Sendable ([StreamEvent]) -> Void = { _ in }
    ) -> ResponseStream {
        ResponseStream(
            mode: format.map { .always($0) } ?? .automatic, maxEvents: maxEvents,
            maxDuration: seconds.map { .milliseconds(Int64(($0 * 1000).rounded())) }, clock: clock,
            onReconnect: onReconnect ?? { _ in }, onEvents: onEvents)
    }

    static let keys = ["maxEvents", "seconds", "format", "join", "reconnect"]

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> StreamSettings? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let join = fields.string("join").flatMap { fields.checkJSONPath("join", $0) ? $0 : nil }
        return StreamSettings(
            maxEvents: fields.int("maxEvents", in: 1...1_000_000), seconds: fields.seconds("seconds"),
            format: fields.choice("format"), join: join, reconnect: fields.int("reconnect", in: 1...1000),
            unknownFields: fields.unknownFields(known: keys))
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("maxEvents", maxEvents)
        object.add("seconds", seconds: seconds)
        object.add("format", format?.rawValue)
        object.add("join", join)
        object.add("reconnect", reconnect)
        object.append(unknown: unknownFields)
        return object.json
    }
}
