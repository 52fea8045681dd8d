/// Turns a JSON value of one type into a model value of another while decoding
/// (`"42"` → `42`, `"2024-05-01"` → `Date`), so models keep natural types whatever the API sends.
public protocol DecodingTransform: Sendable {
    /// The type as it appears in JSON.
    associatedtype JSONValue: Decodable
    /// The type the model wants.
    associatedtype Value

    /// Converts, throwing ``TransformError`` when the JSON value cannot become a `Value`.
    func decode(_ json: JSONValue) throws(TransformError) -> Value
}

/// The reverse of ``DecodingTransform``: a model value back to its JSON form.
public protocol EncodingTransform: Sendable {
    associatedtype JSONValue: Encodable
    associatedtype Value

    /// Converts, throwing ``TransformError`` when `value` has no JSON form.
    func encode(_ value: Value) throws(TransformError) -> JSONValue
}

/// A transform that works both ways.
public protocol CodingTransform: DecodingTransform, EncodingTransform {}

/// Why a transform failed; surfaced as a `DecodingError.dataCorrupted` / `EncodingError.invalidValue`
/// at the key being decoded, so the coding path is kept.
public struct TransformError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong, e.g. `"abc" is not an integer`.
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
