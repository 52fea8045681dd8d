import OpenAPIKit
import Workspace

/// Example values for request bodies and parameters: the document's own examples first (on the
/// media type, the parameter or the schema: `example`, `examples`, `default`, `const`, the first
/// `enum` value), else a value built from the schema — objects with their properties, one array
/// item, `"string"`, `0`, `true`, formats such as `date-time` or `email` written as samples.
/// References are followed through the components, never twice on one branch, and not deeper
/// than `maximumDepth`, so recursive schemas end.
struct SchemaExample {
    let components: OpenAPI.Components
    static let maximumDepth = 12

    func value(for schema: JSONSchema) -> StoredJSON {
        value(for: schema, depth: 0, visiting: [])
    }

    private func value(for schema: JSONSchema, depth: Int, visiting: Set<String>) -> StoredJSON {
        if let example = schema.examples.first { return Self.stored(example) }
        if let defaultValue = schema.defaultValue { return Self.stored(defaultValue) }
        if let first = schema.allowedValues?.first { return Self.stored(first) }
        guard depth < Self.maximumDepth else { return .null }
        switch schema.value {
        case .null: return .null
        case .boolean: return .bool(true)
        case .integer: return .integer(0)
        case .number: return .integer(0)
        case .string:
            let samples = [
                "date-time": "2024-01-01T00:00:00Z", "date": "2024-01-01", "time": "12:00:00",
                "email": "user@example.com", "uuid": "00000000-0000-0000-0000-000000000000",
                "uri": "https://example.com", "url": "https://example.com", "hostname": "example.com",
                "ipv4": "192.0.2.1", "ipv6": "2001:db8::1", "password": "password",
            ]
            return .string(schema.formatString.flatMap { samples[$0] } ?? "string")
        case .object(_, let object):
            var members: [StoredJSON.Member] = []
            // Sorted: the decoded properties are not in file order (nor the same order each run).
            for (name, property) in object.properties.sorted(by: { $0.key < $1.key }) where !property.readOnly {
                members.append(StoredJSON.Member(name, value(for: property, depth: depth + 1, visiting: visiting)))
            }
            return .object(members)
        case .array(_, let array):
            guard let items = array.items else { return .array([]) }
            return .array([value(for: items, depth: depth + 1, visiting: visiting)])
        case .all(let schemas, _):
            var members: [StoredJSON.Member] = []
            for part in schemas {
                let partValue = value(for: part, depth: depth + 1, visiting: visiting)
                if case .object(let more) = partValue {
                    for member in more where !members.contains(where: { $0.key == member.key }) {
                        members.append(member)
                    }
                } else if members.isEmpty {
                    return partValue
                }
            }
            return .object(members)
        case .one(let schemas, _), .any(let schemas, _):
            guard let first = schemas.first else { return .null }
            return value(for: first, depth: depth + 1, visiting: visiting)
        case .not: return .null
        case .reference(let reference, _):
            let key = reference.absoluteString
            guard !visiting.contains(key), let target = try? components.lookupOnce(reference),
                case .b(let schema) = target
            else { return .null }
            return value(for: schema, depth: depth + 1, visiting: visiting.union([key]))
        case .fragment: return .object([])
        }
    }

    /// A document example (decoded by OpenAPIKit as `Any`) as JSON; object keys are sorted, since
    /// the decoded dictionary has lost the file's order and an import must be byte-stable.
    static func stored(_ value: AnyCodable) -> StoredJSON { stored(any: value.value) }

    private static func stored(any value: Any) -> StoredJSON {
        switch value {
        case let value as AnyCodable: return stored(any: value.value)
        case let value as String: return .string(value)
        case let value as Bool: return .bool(value)
        case let value as Int: return .integer(value)
        case let value as Double: return value.isFinite ? .double(value) : .null
        case let value as [Any]: return .array(value.map { stored(any: $0) })
        case let value as [String: Any]:
            return .object(value.keys.sorted().map { StoredJSON.Member($0, stored(any: value[$0] as Any)) })
        default: return .null
        }
    }

    /// A scalar example as parameter text (`42`, `true`, `a,b` for arrays, JSON for objects).
    static func text(_ value: StoredJSON) -> String {
        switch value {
        case .null: ""
        case .bool(let flag): flag ? "true" : "false"
        case .number(let text): text
        case .string(let text): text
        case .array(let items): items.map(text).joined(separator: ",")
        case .object: value.compact()
        }
    }
}
