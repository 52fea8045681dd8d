import HTTPCore

/// A request as saved in a collection: a template whose `{{variables}}` are resolved against the
/// selected environment when it is sent.
package struct SavedRequest: Sendable, Equatable, Identifiable {
    /// Stable across renames and moves; history, replay reports and UI state refer to it.
    package var id: String
    package var name: String
    package var method: RequestMethod
    /// Absolute (`https://…`, `{{baseURL}}/…`) or a path (`/posts/:id`) joined to the environment's base URL.
    package var url: String
    /// Values for `:name` segments of the URL path.
    package var pathParams: [KeyValueRow]
    package var query: [KeyValueRow]
    package var headers: [KeyValueRow]
    @Boxed package var body: SavedBody
    @Boxed package var auth: SavedAuth
    @Boxed package var options: SavedOptions
    package var expectations: [Expectation]
    package var captures: [Capture]
    /// What most requests leave unset, in one box (see `RareRequestFields`).
    @Boxed private var rare: RareRequestFields

    package var description: String? {
        get { rare.description }
        set { rare.description = newValue }
    }
    /// When `lazer run` sends the request again (absent: once).
    package var retry: RetryPolicy? {
        get { rare.retry }
        set { rare.retry = newValue }
    }
    package var notes: String? {
        get { rare.notes }
        set { rare.notes = newValue }
    }
    /// The operation of the collection's contract its responses are checked against (issue 27).
    package var contract: RequestContract? {
        get { rare.contract }
        set { rare.contract = newValue }
    }
    /// How a streamed response is received (limits, "view as stream"); absent: by its Content-Type, to the end.
    package var stream: StreamSettings? {
        get { rare.stream }
        set { rare.stream = newValue }
    }
    /// With it the request is a WebSocket request: `url` is `ws://…` or a path, `body` is unused.
    package var websocket: WebSocketSettings? {
        get { rare.websocket }
        set { rare.websocket = newValue }
    }
    /// Its own pre-request and test scripts (issue 32).
    package var scripts: SavedScripts? {
        get { rare.scripts }
        set { rare.scripts = newValue }
    }
    package var unknownFields: [StoredJSON.Member] {
        get { rare.unknownFields }
        set { rare.unknownFields = newValue }
    }

    /// Whether any of the fields most requests leave unset is set (description, retry, notes,
    /// contract, stream, WebSocket, scripts, unknown fields): a walk over a million requests
    /// skips the others at a pointer's cost.
    package var hasRareFields: Bool { !$rare.isDefault }

    package init(
        id: String = IdentifierGenerator.make(), name: String, description: String? = nil, method: RequestMethod = .get,
        url: String, pathParams: [KeyValueRow] = [], query: [KeyValueRow] = [], headers: [KeyValueRow] = [],
        body: SavedBody = .empty, auth: SavedAuth = SavedAuth(.inherit), options: SavedOptions = SavedOptions(),
        expectations: [Expectation] = [], captures: [Capture] = [], retry: RetryPolicy? = nil, notes: String? = nil,
        unknownFields: [StoredJSON.Member] = [], contract: RequestContract? = nil, stream: StreamSettings? = nil,
        websocket: WebSocketSettings? = nil, scripts: SavedScripts? = nil
    ) {
        self.id = id
        self.name = name
        self.method = method
        self.url = url
        self.pathParams = pathParams
        self.query = query
        self.headers = headers
        self.body = body
        self.auth = auth
        self.options = options
        self.expectations = expectations
        self.captures = captures
        self.rare = RareRequestFields(
            description: description, retry: retry, notes: notes, contract: contract, stream: stream,
            websocket: websocket, scripts: scripts, unknownFields: unknownFields)
    }

    static let keys = [
        "id", "name", "description", "method", "url", "pathParams", "query", "headers", "body", "auth", "options",
        "expectations", "captures", "retry", "notes", "contract",
        "stream",
        "websocket",
        "scripts",
    ]

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> SavedRequest? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let id = fields.string("id", required: true)
        let name = fields.string("name", required: true)
        let description = fields.string("description")
        let websocketNode = fields.node("websocket")
        // A WebSocket request's upgrade is always a GET: its method may be left out.
        let method = fields.method("method", required: websocketNode == nil) ?? (websocketNode == nil ? nil : .get)
        let url = fields.string("url", required: true)
        let pathParams = fields.array("pathParams") { KeyValueRow.read($0, $1, reader) }
        let query = fields.array("query") { KeyValueRow.read($0, $1, reader) }
        let headers = fields.array("headers") { KeyValueRow.read($0, $1, reader) }
        let body = fields.node("body").flatMap { SavedBody.read($0, path.appending("body"), reader) }
        let auth = fields.node("auth").flatMap { SavedAuth.read($0, path.appending("auth"), reader) }
        let options = fields.node("options").flatMap { SavedOptions.read($0, path.appending("options"), reader) }
        let expectations = fields.array("expectations") { Expectation.read($0, $1, reader) }
        let captures = fields.array("captures") { Capture.read($0, $1, reader) }
        let retry = fields.node("retry").flatMap { RetryPolicy.read($0, path.appending("retry"), reader) }
        let notes = fields.string("notes")
        let contract = fields.node("contract").flatMap {
            RequestContract.read($0, path.appending("contract"), reader)
        }
        let stream = fields.node("stream").flatMap { StreamSettings.read($0, path.appending("stream"), reader) }
        let websocket = websocketNode.flatMap {
            WebSocketSettings.read($0, path.appending("websocket"), reader)
        }
        if websocketNode != nil, let url {
            WebSocketSettings.checkURL(url, method: method, fields: fields, reader: reader, path: path)
        }
        let scripts = fields.node("scripts").flatMap { SavedScripts.read($0, path.appending("scripts"), reader) }
        let unknown = fields.unknownFields(known: keys)
        if let id, let node = fields.node("id") {
            reader.claimUnique("request id", id, at: node.offset, object: path, field: "id")
        }
        guard let id, let name, let method, let url else { return nil }
        return SavedRequest(
            id: id, name: name, description: description, method: method, url: url, pathParams: pathParams,
            query: query, headers: headers, body: body ?? .empty, auth: auth ?? SavedAuth(.inherit),
            options: options ?? SavedOptions(), expectations: expectations, captures: captures, retry: retry,
            notes: notes,
            unknownFields: unknown, contract: contract, stream: stream, websocket: websocket, scripts: scripts)
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("id", id)
        object.add("name", name)
        object.add("description", description)
        object.add("method", method.rawValue)
        object.add("url", url)
        object.add("pathParams", list: pathParams.map(\.stored))
        object.add("query", list: query.map(\.stored))
        object.add("headers", list: headers.map(\.stored))
        object.add("body", body == .empty ? nil : body.stored)
        object.add("auth", auth.storedUnlessInherited)
        object.add("options", options.isEmpty ? nil : options.stored)
        object.add("expectations", list: expectations.map(\.stored))
        object.add("captures", list: captures.map(\.stored))
        object.add("retry", retry?.stored)
        object.add("notes", notes)
        object.add("contract", contract?.stored)
        object.add("stream", stream?.stored)
        object.add("websocket", websocket?.stored)
        object.add("scripts", scripts.flatMap { $0.isEmpty ? nil : $0.stored })
        object.append(unknown: unknownFields)
        return object.json
    }
}

/// The fields of a request most collections never set, boxed together: a box each cost 8 bytes
/// a request (a million-request collection held 56 MB of null pointers).
package struct RareRequestFields: Sendable, Equatable, BoxedDefault {
    var description: String?
    var retry: RetryPolicy?
    var notes: String?
    var contract: RequestContract?
    var stream: StreamSettings?
    var websocket: WebSocketSettings?
    var scripts: SavedScripts?
    var unknownFields: [StoredJSON.Member] = []

    package static var boxedDefault: RareRequestFields { RareRequestFields() }
}
