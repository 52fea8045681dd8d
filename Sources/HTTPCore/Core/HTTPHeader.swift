/// One header field as it appears on the wire: the name keeps its original spelling.
public struct HTTPHeader: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The field name, spelled as it was given (lookups ignore case).
    public var name: String
    /// The field value.
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    public var description: String { "\(name): \(value)" }

    /// Whether this header's value must never be shown or logged (credentials and cookies).
    public var isSensitive: Bool {
        HTTPHeaders.sensitiveNames.contains(name.lowercased())
    }
}
