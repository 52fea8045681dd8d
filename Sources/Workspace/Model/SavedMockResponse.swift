import HTTPCore

/// A canned response of a mock route. A file body's path is relative to the collection file.
package struct SavedMockResponse: Sendable, Equatable {
    package enum Body: Sendable, Equatable {
        case none
        case json(StoredJSON)
        case text(String)
        case file(path: String)
        /// A streamed answer (SSE by default; the Content-Type header chooses NDJSON or json-seq).
        case events([SavedStreamEvent])
        /// A WebSocket endpoint: an upgrade is accepted (101) and messages answered by the script.
        case websocket(SavedWebSocketScript)
    }

    package var status: Int
    package var headers: [KeyValueRow]
    package var body: Body
    /// Answer after this many milliseconds (to show progress, or to trigger a timeout).
    package var delayMilliseconds: Int?
    /// Instead of answering, fail as the network would (to show how Lazer explains it, offline).
    package var failure: MockFailure?
    /// How often a streamed answer's events are played (`events` only): `"repeat": 3` in all, or
    /// `"forever"` until the client goes.
    package var repeatEvents: EventsRepeat?
    /// The body is sent at this many bytes a second (a slow network, offline), not all at once.
    package var bytesPerSecond: Int?
    package var unknownFields: [StoredJSON.Member]

    package enum EventsRepeat: Sendable, Equatable {
        case times(Int)
        case forever
    }

    package init(
        status: Int = 200, headers: [KeyValueRow] = [], body: Body = .none, delayMilliseconds: Int? = nil,
        failure: MockFailure? = nil, unknownFields: [StoredJSON.Member] = []
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delayMilliseconds = delayMilliseconds
        self.failure = failure
        self.unknownFields = unknownFields
    }

    static let keys = [
        "status", "headers", "json", "text", "file", "delayMilliseconds", "failure", "events", "repeat", "websocket",
        "bytesPerSecond",
    ]

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> SavedMockResponse? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let status = fields.int("status", in: 100...599) ?? (fields.has("status") ? nil : 200)
        var sendable = true
        // A 1xx is not an answer: a client sent one waits for the real one forever (a WebSocket
        // route's 101 comes from its "websocket" script).
        if let status, status < 200, !fields.has("websocket"), let node = fields.node("status") {
            reader.report(
                .error,
                "a mock answer's status is from 200 to 599 (a client given \(status) waits for another answer forever)",
                at: node.offset, path: path.appending("status"))
            sendable = false
        }
        let headers = fields.array("headers") { node, rowPath -> KeyValueRow? in
            guard let row = KeyValueRow.read(node, rowPath, reader) else { return nil }
            // The mock server could not send it: its client would get no answer at all.
            if row.enabled, !RecordedHeaders.canBeSent(name: row.name, value: row.value) {
                let part = HTTPToken.isValid(row.name) ? "value" : "name"
                reader.report(
                    .error, "a response header's \(part) holds a control character, which cannot be sent",
                    at: node.offset, path: rowPath.appending(part))
                sendable = false
            }
            return row
        }
        let delay = fields.int("delayMilliseconds", in: 0...600_000)
        let failure: MockFailure? = fields.choice("failure")
        let unknown = fields.unknownFields(known: keys)
        let json = fields.json("json")
        let text = fields.string("text")
        let file = fields.string("file")
        let events: [SavedStreamEvent]? =
            fields.has("events") ? fields.array("events") { SavedStreamEvent.read($0, $1, reader) } : nil
        if let node = fields.node("websocket") {
            guard sendable else { return nil }
            return readWebSocket(
                node, fields: fields, path: path, reader: reader, status: status, headers: headers, delay: delay,
                unknown: unknown)
        }
        let body: Body
        switch (json, text, file) {
        case (nil, nil, nil) where events != nil: body = .events(events ?? [])
        case (nil, nil, nil): body = .none
        case (let json?, nil, nil): body = .json(json)
        case (nil, let text?, nil): body = .text(text)
        case (nil, nil, let file?): body = .file(path: file)
        default:
            reader.report(
                .error, "a response has at most one of \"json\", \"text\", \"file\" or \"events\"",
                at: fields.offset, path: path)
            return nil
        }
        if events != nil, json != nil || text != nil || file != nil {
            reader.report(
                .error, "a response has at most one of \"json\", \"text\", \"file\" or \"events\"",
                at: fields.offset, path: path)
            return nil
        }
        if failure != nil, body != .none {
            reader.report(.error, "a failing response has no body", at: fields.offset, path: path.appending("failure"))
            return nil
        }
        guard let status, sendable else { return nil }
        var response = SavedMockResponse(
            status: status, headers: headers, body: body, delayMilliseconds: delay, failure: failure,
            unknownFields: unknown)
        if fields.has("repeat") {
            guard let repeated = readRepeat(fields, path: path, reader: reader, events: events) else { return nil }
            response.repeatEvents = repeated
        }
        if fields.has("bytesPerSecond") {
            guard let rate = readPace(fields, body: body, path: path, reader: reader) else { return nil }
            response.bytesPerSecond = rate
        }
        return response
    }

    /// `"bytesPerSecond": N` (1–1,000,000,000) beside a `json`, `text` or `file` body: events keep
    /// their own waits, and a failure has no body to pace.
    private static func readPace(
        _ fields: ObjectFields, body: Body, path: DocumentPath, reader: DocumentReader
    ) -> Int? {
        switch body {
        case .json, .text, .file:
            return fields.int("bytesPerSecond", in: 1...1_000_000_000)
        case .none, .events, .websocket:
            reader.report(
                .error, "\"bytesPerSecond\" paces a \"json\", \"text\" or \"file\" body",
                at: fields.node("bytesPerSecond")?.offset ?? fields.offset, path: path.appending("bytesPerSecond"))
            return nil
        }
    }

    /// `"repeat": N` (1–100,000 plays in all) or `"forever"`, beside `events` only; forever needs a
    /// delay somewhere, or it would never pause.
    private static func readRepeat(
        _ fields: ObjectFields, path: DocumentPath, reader: DocumentReader, events: [SavedStreamEvent]?
    ) -> EventsRepeat? {
        let node = fields.node("repeat")
        let at = node?.offset ?? fields.offset
        guard let events, !events.isEmpty else {
            reader.report(.error, "\"repeat\" repeats a response's \"events\"", at: at, path: path.appending("repeat"))
            return nil
        }
        if case .string("forever")? = node?.kind {
            guard events.contains(where: { ($0.delayMilliseconds ?? 0) > 0 }) else {
                reader.report(
                    .error, "events repeated forever need a delayMilliseconds somewhere, or they would never pause",
                    at: at, path: path.appending("repeat"))
                return nil
            }
            return .forever
        }
        // A number out of range is reported by `int`.
        if case .number = node?.kind { return fields.int("repeat", in: 1...100_000).map(EventsRepeat.times) }
        reader.report(
            .error, "\"repeat\" is a number of plays (1–100000) or \"forever\"", at: at, path: path.appending("repeat"))
        return nil
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        let implied: Int? =
            switch body {
            case .websocket: 101
            default: failure != nil ? 200 : nil
            }
        object.add("status", status == implied ? nil : status)
        object.add("headers", list: headers.map(\.stored))
        switch body {
        case .none: break
        case .json(let json): object.add("json", json)
        case .text(let text): object.add("text", text)
        case .file(let path): object.add("file", path)
        case .events(let events): object.add("events", list: events.map(\.stored))
        case .websocket(let script): object.add("websocket", script.stored)
        }
        switch repeatEvents {
        case .times(let times)?: object.add("repeat", times)
        case .forever?: object.add("repeat", "forever")
        case nil: break
        }
        object.add("delayMilliseconds", delayMilliseconds)
        object.add("bytesPerSecond", bytesPerSecond)
        object.add("failure", failure?.rawValue)
        object.append(unknown: unknownFields)
        return object.json
    }

    /// A WebSocket answer: alone (headers and a delay before the upgrade allowed, no body, no
    /// failure, and no status but 101: a refused upgrade is an ordinary response).
    private static func readWebSocket(
        _ node: SourceNode, fields: ObjectFields, path: DocumentPath, reader: DocumentReader, status: Int?,
        headers: [KeyValueRow], delay: Int?, unknown: [StoredJSON.Member]
    ) -> SavedMockResponse? {
        let others = ["json", "text", "file", "events", "failure"].filter { fields.has($0) }
        if let other = others.first {
            reader.report(
                .error, "a WebSocket answer has no \"\(other)\" (its messages come from \"websocket\")",
                at: fields.node(other)?.offset ?? fields.offset, path: path.appending(other))
            return nil
        }
        if fields.has("status"), status != 101 {
            // An out-of-range status was reported already.
            guard status != nil else { return nil }
            reader.report(
                .error,
                "a WebSocket answer is 101 Switching Protocols; to refuse the upgrade answer without \"websocket\"",
                at: fields.node("status")?.offset ?? fields.offset, path: path.appending("status"))
            return nil
        }
        guard let script = SavedWebSocketScript.read(node, path.appending("websocket"), reader) else { return nil }
        return SavedMockResponse(
            status: 101, headers: headers, body: .websocket(script), delayMilliseconds: delay, unknownFields: unknown)
    }
}
