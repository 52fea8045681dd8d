import Foundation

/// What makes a saved request a WebSocket request (issue 25): `"websocket": {"subprotocols":
/// ["chat"], "pingSeconds": 20, "messages": [{"name": "hello", "text": "hi"}]}`. Its `url` is a
/// `ws://` URL or a path on the environment's base URL (`http` mapped to `ws`); headers and the
/// header-producing auth kinds go into the upgrade request as they would into an HTTP one.
package struct WebSocketSettings: Sendable, Equatable {
    /// Offered in `Sec-WebSocket-Protocol`, in order.
    package var subprotocols: [String]
    /// Send a ping this often while connected (absent: never).
    package var pingSeconds: Double?
    /// Saved messages: sent in order when the connection opens, unless `steps` say when.
    package var messages: [WebSocketSavedMessage]
    /// The conversation in order (send a message, wait for one that matches): when present,
    /// messages go only where a step sends them.
    package var steps: [WebSocketStep]
    /// `false`: permessage-deflate is not offered (a server whose compression misbehaves, or to
    /// see its frames as sent). Absent: offered.
    package var compression: Bool?
    package var unknownFields: [StoredJSON.Member]

    package init(
        subprotocols: [String] = [], pingSeconds: Double? = nil, messages: [WebSocketSavedMessage] = [],
        steps: [WebSocketStep] = [], compression: Bool? = nil, unknownFields: [StoredJSON.Member] = []
    ) {
        self.subprotocols = subprotocols
        self.pingSeconds = pingSeconds
        self.messages = messages
        self.steps = steps
        self.compression = compression
        self.unknownFields = unknownFields
    }

    static let keys = ["subprotocols", "pingSeconds", "messages", "steps", "compression"]

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> WebSocketSettings? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let subprotocols: [String] = fields.array("subprotocols") { node, itemPath in
            guard case .string(let text) = node.kind else {
                reader.report(.error, "expected a string; found \(node.kindName)", at: node.offset, path: itemPath)
                return nil
            }
            // A subprotocol is an RFC 9110 token: anything else cannot go into the header.
            guard !text.isEmpty, text.unicodeScalars.allSatisfy(Self.isTokenCharacter) else {
                reader.report(
                    .error, "a subprotocol is a token (letters, digits and !#$%&'*+-.^_`|~); found \"\(text)\"",
                    at: node.offset, path: itemPath)
                return nil
            }
            return text
        }
        let ping = fields.seconds("pingSeconds")
        let messages = fields.array("messages") { WebSocketSavedMessage.read($0, $1, reader) }
        let steps = fields.array("steps") { WebSocketStep.read($0, $1, reader, messages: messages) }
        return WebSocketSettings(
            subprotocols: subprotocols, pingSeconds: ping, messages: messages, steps: steps,
            compression: fields.bool("compression"), unknownFields: fields.unknownFields(known: keys))
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("subprotocols", list: subprotocols.map { .string($0) })
        object.add("pingSeconds", seconds: pingSeconds)
        object.add("messages", list: messages.map(\.stored))
        object.add("steps", list: steps.map(\.stored))
        if let compression { object.add("compression", compression) }
        object.append(unknown: unknownFields)
        return object.json
    }

    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": true
        default: "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
        }
    }
}

/// One saved WebSocket message: `{"name": "subscribe", "json": {"op": "sub"}}`, `{"name": "hi",
/// "text": "hello"}` or `{"name": "blob", "file": "frames/blob.bin"}` (sent as a binary message; the
/// path is relative to the collection file). `json` is sent compact as a text message.
package struct WebSocketSavedMessage: Sendable, Equatable {
    package enum Content: Sendable, Equatable {
        case text(String)
        case json(StoredJSON)
        case file(path: String)
    }

    package var name: String
    package var content: Content
    package var unknownFields: [StoredJSON.Member]

    package init(name: String, _ content: Content, unknownFields: [StoredJSON.Member] = []) {
        self.name = name
        self.content = content
        self.unknownFields = unknownFields
    }

    /// The text a text or JSON message sends (nil for a file).
    package var text: String? {
        switch content {
        case .text(let text): text
        case .json(.string(let text)): text
        case .json(let json): json.compact()
        case .file: nil
        }
    }

    static let keys = ["name", "text", "json", "file"]

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> WebSocketSavedMessage? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let name = fields.string("name", required: true)
        let given = ["text", "json", "file"].filter { fields.has($0) }
        let unknown = fields.unknownFields(known: keys)
        guard given.count == 1 else {
            let message =
                given.isEmpty
                ? "a message needs one of \"text\", \"json\" or \"file\""
                : "a message has one of \"text\", \"json\" or \"file\", not \(given.map { "\"\($0)\"" }.joined(separator: " and "))"
            reader.report(.error, message, at: fields.offset, path: path)
            return nil
        }
        let content: Content
        switch given[0] {
        case "text":
            guard let text = fields.string("text") else { return nil }
            guard !text.isEmpty else {
                reader.report(
                    .error, "an empty message sends nothing; write its text",
                    at: fields.node("text")?.offset ?? fields.offset, path: path.appending("text"))
                return nil
            }
            content = .text(text)
        case "json":
            guard let json = fields.json("json") else { return nil }
            content = .json(json)
        default:
            guard let file = fields.string("file") else { return nil }
            guard !file.isEmpty else {
                reader.report(
                    .error, "\"file\" is empty; name the file whose bytes are sent",
                    at: fields.node("file")?.offset ?? fields.offset, path: path.appending("file"))
                return nil
            }
            content = .file(path: file)
        }
        guard let name else { return nil }
        return WebSocketSavedMessage(name: name, content, unknownFields: unknown)
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("name", name)
        switch content {
        case .text(let text): object.add("text", text)
        case .json(let json): object.add("json", json)
        case .file(let path): object.add("file", path)
        }
        object.append(unknown: unknownFields)
        return object.json
    }
}
