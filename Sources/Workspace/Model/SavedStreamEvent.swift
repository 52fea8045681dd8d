import Foundation
package import HTTPCore

/// One event of a mock's streamed answer: `{"event": "tick", "id": "7", "data": {"n": 7},
/// "delayMilliseconds": 500}`; SSE events may carry `"retry": 200`, the reconnection time (ms) the
/// client is asked to wait (`stream.reconnect`). `data` is any JSON (sent compact) or a string (sent as written);
/// the delay is counted from the previous event (the first: from the head). The response's
/// `Content-Type` chooses the framing: SSE (`text/event-stream`, the default), NDJSON / JSON Lines
/// (`event` and `id` are not sent), or json-seq.
package struct SavedStreamEvent: Sendable, Equatable {
    package var event: String?
    package var id: String?
    package var data: StoredJSON
    package var delayMilliseconds: Int?
    /// SSE: the `retry` field sent before the event (milliseconds).
    package var retry: Int?
    package var unknownFields: [StoredJSON.Member]

    package init(
        event: String? = nil, id: String? = nil, data: StoredJSON, delayMilliseconds: Int? = nil, retry: Int? = nil,
        unknownFields: [StoredJSON.Member] = []
    ) {
        self.event = event
        self.id = id
        self.data = data
        self.delayMilliseconds = delayMilliseconds
        self.retry = retry
        self.unknownFields = unknownFields
    }

    static let keys = ["event", "id", "data", "delayMilliseconds", "retry"]

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> SavedStreamEvent? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let event = fields.string("event")
        let id = fields.string("id")
        let delay = fields.int("delayMilliseconds", in: 0...600_000)
        guard let data = fields.json("data") else {
            reader.report(.error, "missing required field \"data\"", at: fields.offset, path: path)
            return nil
        }
        // A line break in a field name or id would start another field: the event could not be sent as written.
        for (key, value) in [("event", event), ("id", id)] {
            if let value, value.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\0" }) {
                reader.report(
                    .error, "\"\(key)\" cannot hold a line break or NUL", at: fields.node(key)?.offset ?? fields.offset,
                    path: path.appending(key))
                return nil
            }
        }
        return SavedStreamEvent(
            event: event, id: id, data: data, delayMilliseconds: delay, retry: fields.int("retry", in: 0...3_600_000),
            unknownFields: fields.unknownFields(known: keys))
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("event", event)
        object.add("id", id)
        object.add("data", data)
        object.add("delayMilliseconds", delayMilliseconds)
        object.add("retry", retry)
        object.append(unknown: unknownFields)
        return object.json
    }

    /// The data as sent: a string as written, any other JSON compact.
    var text: String {
        if case .string(let text) = data { return text }
        return data.compact()
    }

    /// The event framed for `format`, with its delay.
    package func chunk(_ format: StreamFormat) -> MockStreamChunk {
        var out = ""
        switch format {
        case .serverSentEvents:
            if let retry { out += "retry: \(retry)\n" }
            if let event { out += "event: \(event)\n" }
            if let id { out += "id: \(id)\n" }
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) { out += "data: \(line)\n" }
            out += "\n"
        case .jsonLines:
            out = text.replacingOccurrences(of: "\n", with: " ") + "\n"
        case .jsonSequence:
            out = "\u{1E}" + text + "\n"
        }
        return MockStreamChunk(delay: .milliseconds(delayMilliseconds ?? 0), data: Data(out.utf8))
    }
}
