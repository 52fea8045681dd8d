/// Turning a body into a value (or a value into a body) failed.
public enum SerializationError: Error, Hashable, Sendable {
    /// JSON did not match the expected type; `codingPath` is dotted (`items[3].id`).
    case decodingFailed(type: String, codingPath: String, reason: String)
    /// A value could not be encoded.
    case encodingFailed(type: String, reason: String)
    /// The body is not valid JSON.
    case invalidJSON(reason: String)
    /// The body's bytes are not valid text in the given character set.
    case invalidText(charset: String)
    /// The `Content-Type` names a character set Lazer cannot decode.
    case unsupportedCharset(String)
}
