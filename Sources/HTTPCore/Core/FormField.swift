/// One `name=value` pair of an `application/x-www-form-urlencoded` body.
public struct FormField: Hashable, Sendable, Codable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
