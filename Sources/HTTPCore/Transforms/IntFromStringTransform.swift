/// An integer the API writes as a string (`"42"`), decoded as `Int` and written back as a string.
public struct IntFromStringTransform: CodingTransform {
    public init() {}

    public func decode(_ json: String) throws(TransformError) -> Int {
        guard let value = Int(json.trimmingASCIIWhitespace()) else {
            throw TransformError("\"\(json)\" is not an integer")
        }
        return value
    }

    public func encode(_ value: Int) throws(TransformError) -> String {
        String(value)
    }
}
