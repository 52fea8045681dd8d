/// A string the API writes as an integer (`42` for an ID the model keeps as `"42"`).
public struct StringFromIntTransform: CodingTransform {
    public init() {}

    public func decode(_ json: Int) throws(TransformError) -> String {
        String(json)
    }

    public func encode(_ value: String) throws(TransformError) -> Int {
        guard let number = Int(value) else { throw TransformError("\"\(value)\" cannot be written as an integer") }
        return number
    }
}
