public import Foundation

/// `JSONDecoder` with errors turned into ``SerializationError``s a person can read.
public enum JSONDecoding {
    /// Decodes `type` from `data`.
    public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, using decoder: JSONDecoder)
        throws(SerializationError) -> Value
    {
        do {
            return try decoder.decode(type, from: data)
        } catch let error as DecodingError {
            throw describe(error, type: "\(Value.self)")
        } catch {
            throw .invalidJSON(reason: "\(error)")
        }
    }

    /// A ``SerializationError`` for a `DecodingError`, with a dotted coding path (`items[2].id`).
    public static func describe(_ error: DecodingError, type: String) -> SerializationError {
        switch error {
        case .typeMismatch(let expected, let context):
            return .decodingFailed(
                type: type, codingPath: path(context.codingPath),
                reason: "expected \(expected): \(context.debugDescription)"
            )
        case .valueNotFound(let expected, let context):
            return .decodingFailed(
                type: type, codingPath: path(context.codingPath), reason: "missing \(expected) value (null)")
        case .keyNotFound(let key, let context):
            return .decodingFailed(
                type: type, codingPath: path(context.codingPath + [key]),
                reason: "the key \"\(key.stringValue)\" is missing")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return .invalidJSON(reason: context.underlyingError.map { "\($0)" } ?? context.debugDescription)
            }
            return .decodingFailed(type: type, codingPath: path(context.codingPath), reason: context.debugDescription)
        @unknown default:
            return .decodingFailed(type: type, codingPath: "", reason: "\(error)")
        }
    }

    /// `items[2].id` for a coding path.
    public static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text.isEmpty ? "(root)" : text
    }
}
