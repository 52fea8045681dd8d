package import HTTPCore

/// A mock route's WebSocket answer (issue 25): `"websocket": {}` echoes every message;
/// `"websocket": {"replies": [{"match": "ping", "text": "pong"}, {"match": {"op": "sub"}, "json":
/// {"ok": true}, "delayMilliseconds": 200}]}` answers the first reply whose `match` fits (a string:
/// a substring of a text message; an object or array: a JSON subset of it; absent: any message).
/// `echo` (default: only when there are no replies) sends back a message no reply matches.
/// The server may also speak unasked: `open` (a reply without `match`) when the connection opens,
/// `every` (`{"milliseconds": 1000, "json": {"type": "tick"}, "count": 10}`) on a timer.
package struct SavedWebSocketScript: Sendable, Equatable {
    package var replies: [SavedWebSocketReply]
    package var echo: Bool?
    package var open: SavedWebSocketReply?
    package var every: SavedWebSocketTimer?
    package var unknownFields: [StoredJSON.Member]

    package init(
        replies: [SavedWebSocketReply] = [], echo: Bool? = nil, open: SavedWebSocketReply? = nil,
        every: SavedWebSocketTimer? = nil, unknownFields: [StoredJSON.Member] = []
    ) {
        self.replies = replies
        self.echo = echo
        self.open = open
        self.every = every
        self.unknownFields = unknownFields
    }

    static let keys = ["open", "every", "replies", "echo"]

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> SavedWebSocketScript? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let replies = fields.array("replies") { SavedWebSocketReply.read($0, $1, reader) }
        var open: SavedWebSocketReply?
        if let node = fields.node("open") {
            guard let read = SavedWebSocketReply.read(node, path.appending("open"), reader) else { return nil }
            guard read.match == nil else {
                reader.report(
                    .error, "\"open\" is sent when the connection opens: it has no \"match\"", at: node.offset,
                    path: path.appending("open"))
                return nil
            }
            open = read
        }
        var every: SavedWebSocketTimer?
        if let node = fields.node("every") {
            guard let read = SavedWebSocketTimer.read(node, path.appending("every"), reader) else { return nil }
            every = read
        }
        return SavedWebSocketScript(
            replies: replies, echo: fields.bool("echo"), open: open, every: every,
            unknownFields: fields.unknownFields(known: keys))
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("open", open?.stored)
        object.add("every", every?.stored)
        object.add("replies", list: replies.map(\.stored))
        object.add("echo", echo)
        object.append(unknown: unknownFields)
        return object.json
    }

    /// HTTPCore's script, which the in-process mock and `lazer mock` both play.
    package var script: MockWebSocketScript {
        var script = MockWebSocketScript(replies: replies.map(\.reply), echo: echo ?? replies.isEmpty)
        script.onOpen = open?.reply
        script.ticker = every?.ticker
        return script
    }
}

/// A message a mock WebSocket route sends on its own, every `milliseconds` (1–3,600,000) once the
/// connection is open: `count` times, or until the connection ends.
package struct SavedWebSocketTimer: Sendable, Equatable {
    package var milliseconds: Int
    package var message: SavedWebSocketReply.Message.Content
    package var count: Int?
    package var unknownFields: [StoredJSON.Member]

    package init(
        milliseconds: Int, message: SavedWebSocketReply.Message.Content, count: Int? = nil,
        unknownFields: [StoredJSON.Member] = []
    ) {
        self.milliseconds = milliseconds
        self.message = message
        self.count = count
        self.unknownFields = unknownFields
    }

    static let keys = ["milliseconds", "text", "json", "count"]

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> SavedWebSocketTimer? {
        guard let fields = reader.object(node, at: path) else { return nil }
        guard let milliseconds = fields.int("milliseconds", in: 1...3_600_000, required: true) else { return nil }
        let count = fields.int("count", in: 1...1_000_000)
        if fields.has("count"), count == nil { return nil }
        let message: SavedWebSocketReply.Message.Content
        switch (fields.has("text"), fields.has("json")) {
        case (true, false):
            guard let text = fields.string("text") else { return nil }
            message = .text(text)
        case (false, true):
            guard let json = fields.json("json") else { return nil }
            message = .json(json)
        default:
            reader.report(.error, "\"every\" sends one message: \"text\" or \"json\"", at: fields.offset, path: path)
            return nil
        }
        return SavedWebSocketTimer(
            milliseconds: milliseconds, message: message, count: count, unknownFields: fields.unknownFields(known: keys)
        )
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("milliseconds", milliseconds)
        switch message {
        case .text(let text): object.add("text", text)
        case .json(let json): object.add("json", json)
        }
        object.add("count", count)
        object.append(unknown: unknownFields)
        return object.json
    }

    var ticker: MockWebSocketScript.Ticker {
        MockWebSocketScript.Ticker(interval: .milliseconds(milliseconds), message: .text(message.text), count: count)
    }
}

/// One scripted reply: `match`, then `text` or `json` (one message, after `delayMilliseconds`) or
/// `messages` (several, each `{text | json, delayMilliseconds}` after the previous), and `close` (a
/// close code the server ends the connection with after them).
package struct SavedWebSocketReply: Sendable, Equatable {
    /// A message of a reply: its content and its wait after the previous one.
    package struct Message: Sendable, Equatable {
        package enum Content: Sendable, Equatable {
            case text(String)
            case json(StoredJSON)

            /// What goes on the wire: the text, or the JSON compact.
            var text: String {
                switch self {
                case .text(let text): text
                case .json(let json): json.compact()
                }
            }
        }

        package var content: Content
        package var delayMilliseconds: Int?

        package init(_ content: Content, delayMilliseconds: Int? = nil) {
            self.content = content
            self.delayMilliseconds = delayMilliseconds
        }

        var text: String { content.text }
    }

    package var match: StoredJSON?
    package var messages: [Message]
    /// Whether the messages were written as a `messages` list (kept so a save writes them back so).
    package var listed: Bool
    package var close: Int?
    package var unknownFields: [StoredJSON.Member]

    package init(
        match: StoredJSON? = nil, messages: [Message], listed: Bool = false, close: Int? = nil,
        unknownFields: [StoredJSON.Member] = []
    ) {
        self.match = match
        self.messages = messages
        self.listed = listed || messages.count > 1
        self.close = close
        self.unknownFields = unknownFields
    }

    static let keys = ["match", "text", "json", "messages", "delayMilliseconds", "close"]
    static let messageKeys = ["text", "json", "delayMilliseconds"]

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> SavedWebSocketReply? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let match = fields.json("match")
        if let match, let node = fields.node("match") {
            switch match {
            case .string(let text) where text.isEmpty:
                reader.report(
                    .error, "an empty \"match\" matches every message; leave \"match\" out instead",
                    at: node.offset, path: path.appending("match"))
                return nil
            case .string, .object, .array: break
            default:
                reader.report(
                    .error,
                    "\"match\" is a string (found in a text message) or a JSON object or array (a subset of a JSON message); found \(node.kindName)",
                    at: node.offset, path: path.appending("match"))
                return nil
            }
        }
        let close = fields.int("close", in: 1000...4999)
        if fields.has("close"), close == nil { return nil }
        if let close, [1004, 1005, 1006, 1015].contains(close) {
            reader.report(
                .error,
                "\(close) is a code a close frame may not carry; use 1000 (normal), 1001, 1008, 1011 or 3000–4999",
                at: fields.node("close")?.offset ?? fields.offset, path: path.appending("close"))
            return nil
        }
        let unknown = fields.unknownFields(known: keys)
        if fields.has("messages") {
            if fields.has("text") || fields.has("json") || fields.has("delayMilliseconds") {
                reader.report(
                    .error,
                    "a reply has \"messages\" or one message (\"text\" or \"json\", \"delayMilliseconds\"), not both",
                    at: fields.offset, path: path)
                return nil
            }
            let messages = fields.array("messages") { node, itemPath -> Message? in
                guard let item = reader.object(node, at: itemPath) else { return nil }
                _ = item.unknownFields(known: messageKeys)
                return readMessage(item, itemPath, reader, optional: false)
            }
            return SavedWebSocketReply(
                match: match, messages: messages, listed: true, close: close, unknownFields: unknown)
        }
        guard let message = readMessage(fields, path, reader, optional: close != nil) else {
            return close.map { SavedWebSocketReply(match: match, messages: [], close: $0, unknownFields: unknown) }
        }
        return SavedWebSocketReply(match: match, messages: [message], close: close, unknownFields: unknown)
    }

    /// `text` or `json` and its delay; nil (reported unless `optional`) when there is neither.
    private static func readMessage(
        _ fields: ObjectFields, _ path: DocumentPath, _ reader: DocumentReader, optional: Bool
    ) -> Message? {
        let delay = fields.int("delayMilliseconds", in: 0...600_000)
        switch (fields.has("text"), fields.has("json")) {
        case (true, true):
            reader.report(.error, "a reply message has \"text\" or \"json\", not both", at: fields.offset, path: path)
            return nil
        case (true, false):
            guard let text = fields.string("text") else { return nil }
            return Message(.text(text), delayMilliseconds: delay)
        case (false, true):
            guard let json = fields.json("json") else { return nil }
            return Message(.json(json), delayMilliseconds: delay)
        case (false, false):
            if !optional {
                reader.report(
                    .error, "a reply needs \"text\", \"json\", \"messages\" or \"close\"", at: fields.offset, path: path
                )
            }
            return nil
        }
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("match", match)
        if listed {
            object.add(
                "messages",
                list: messages.map { message in
                    var item = ObjectBuilder()
                    Self.add(message, to: &item)
                    return item.json
                })
        } else if let message = messages.first {
            Self.add(message, to: &object)
        }
        object.add("close", close)
        object.append(unknown: unknownFields)
        return object.json
    }

    private static func add(_ message: Message, to object: inout ObjectBuilder) {
        switch message.content {
        case .text(let text): object.add("text", text)
        case .json(let json): object.add("json", json)
        }
        object.add("delayMilliseconds", message.delayMilliseconds)
    }

    var reply: MockWebSocketScript.Reply {
        let match: MockWebSocketScript.Match =
            switch match {
            case .string(let text)?: .substring(text)
            case let json?: .json(MockRouteBuilder.jsonValue(json))
            case nil: .any
            }
        return MockWebSocketScript.Reply(
            match: match,
            messages: messages.map {
                MockWebSocketScript.Timed(.text($0.text), delay: .milliseconds($0.delayMilliseconds ?? 0))
            },
            close: close.map { UInt16($0) })
    }
}
