public import Foundation

/// A JSON value as plain data: what mock routes match request bodies against.
public enum JSONValue: Hashable, Sendable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Parses JSON text; `nil` when it is not JSON.
    public init?(json data: Data) {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: data) else { return nil }
        self = value
    }

    /// Whether `self` (the expected shape) is contained in `actual`: every key of an expected object
    /// is present in the actual object with a contained value (extra keys are fine); arrays must have
    /// the same length with contained elements; scalars must be equal.
    public func isSubset(of actual: JSONValue) -> Bool {
        switch (self, actual) {
        case (.object(let expected), .object(let actual)):
            return expected.allSatisfy { key, value in actual[key].map { value.isSubset(of: $0) } ?? false }
        case (.array(let expected), .array(let actual)):
            return expected.count == actual.count && zip(expected, actual).allSatisfy { $0.isSubset(of: $1) }
        default:
            return self == actual
        }
    }
}
