/// Per-request transfer options; `nil` means "the application's default".
public struct SavedOptions: Sendable, Equatable {
    public var timeoutSeconds: Double?
    public var connectTimeoutSeconds: Double?
    public var followRedirects: Bool?
    public var maxRedirects: Int?
    public var verifyTLS: Bool?
    public var unknownFields: [StoredJSON.Member]

    public init(
        timeoutSeconds: Double? = nil, connectTimeoutSeconds: Double? = nil, followRedirects: Bool? = nil,
        maxRedirects: Int? = nil, verifyTLS: Bool? = nil, unknownFields: [StoredJSON.Member] = []
    ) {
        self.timeoutSeconds = timeoutSeconds
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.followRedirects = followRedirects
        self.maxRedirects = maxRedirects
        self.verifyTLS = verifyTLS
        self.unknownFields = unknownFields
    }

    public var isEmpty: Bool { self == SavedOptions() }

    static let keys = ["timeoutSeconds", "connectTimeoutSeconds", "followRedirects", "maxRedirects", "verifyTLS"]

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> SavedOptions? {
        guard let fields = reader.object(node, at: path) else { return nil }
        return SavedOptions(
            timeoutSeconds: fields.seconds("timeoutSeconds"),
            connectTimeoutSeconds: fields.seconds("connectTimeoutSeconds"),
            followRedirects: fields.bool("followRedirects"),
            maxRedirects: fields.int("maxRedirects", in: 0...100),
            verifyTLS: fields.bool("verifyTLS"),
            unknownFields: fields.unknownFields(known: keys))
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("timeoutSeconds", seconds: timeoutSeconds)
        object.add("connectTimeoutSeconds", seconds: connectTimeoutSeconds)
        object.add("followRedirects", followRedirects)
        object.add("maxRedirects", maxRedirects)
        object.add("verifyTLS", verifyTLS)
        object.append(unknown: unknownFields)
        return object.json
    }
}
