import OpenAPIKit
import Workspace

/// Example values for request bodies and parameters: the document's own examples first (on the
/// media type, the parameter or the schema: `example`, `examples`, `default`, `const`, the first
/// `enum` value), else a value built from the schema — objects with their properties, one array
/// item (or `minItems`), `"string"`, `0`, `true`, formats such as `date-time` or `email` written as
/// samples — within the schema's constraints: numbers between `minimum` and `maximum` (exclusive
/// bounds and `multipleOf` respected), strings between `minLength` and `maxLength`, since a
/// generated `priority: 0` where the minimum is 1 is refused with a 422.
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
        case .integer(_, let context): return .integer(Self.integer(within: context))
        case .number(_, let context): return Self.number(within: context)
        case .string(_, let context):
            let samples = [
                "date-time": "2024-01-01T00:00:00Z", "date": "2024-01-01", "time": "12:00:00",
                "email": "user@example.com", "uuid": "00000000-0000-0000-0000-000000000000",
                "uri": "https://example.com", "url": "https://example.com", "hostname": "example.com",
                "ipv4": "192.0.2.1", "ipv6": "2001:db8::1", "password": "password", "byte": "c3RyaW5n",
                "binary": "string", "duration": "PT1H", "uri-reference": "/example",
            ]
            if let sample = schema.formatString.flatMap({ samples[$0] }), Self.fits(sample, context) {
                return .string(sample)
            }
            return .string(Self.string(within: context))
        case .object(_, let object):
            var members: [StoredJSON.Member] = []
            // Sorted: the decoded properties are not in file order (nor the same order each run).
            for (name, property) in object.properties.sorted(by: { $0.key < $1.key }) where !property.readOnly {
                members.append(StoredJSON.Member(name, value(for: property, depth: depth + 1, visiting: visiting)))
            }
            return .object(members)
        case .array(_, let array):
            guard let items = array.items else { return .array([]) }
            let item = value(for: items, depth: depth + 1, visiting: visiting)
            // One item, or as many as `minItems` asks for (at most 100), never more than `maxItems`.
            let count = min(max(1, min(array.minItems, 100)), array.maxItems ?? Int.max)
            return .array(Array(repeating: item, count: count))
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

    /// The integer nearest 0 within the bounds that is a multiple of `multipleOf` (the bound
    /// nearest 0 when no multiple fits).
    static func integer(within context: JSONSchema.IntegerContext) -> Int {
        let step = max(1, context.multipleOf.map { $0 == Int.min ? 1 : abs($0) } ?? 1)
        var low = Int.min
        var high = Int.max
        if let minimum = context.minimum { low = minimum.exclusive ? minimum.value &+ 1 : minimum.value }
        if let maximum = context.maximum { high = maximum.exclusive ? maximum.value &- 1 : maximum.value }
        guard low <= high else { return context.minimum?.value ?? context.maximum?.value ?? 0 }
        if low <= 0, 0 <= high { return 0 }
        if low > 0 {
            let (sum, overflow) = low.addingReportingOverflow(step - 1)
            let multiple = overflow ? low : sum / step * step
            return multiple <= high ? multiple : low
        }
        guard high > Int.min + step else { return high }
        let multiple = -((-high + step - 1) / step * step)
        return multiple >= low ? multiple : high
    }

    /// A number within the bounds: the integer `integer(within:)` would pick when one fits, else
    /// the midpoint of exclusive bounds that hold no integer.
    static func number(within context: JSONSchema.NumericContext) -> StoredJSON {
        let low = context.minimum.map { $0.value + ($0.exclusive ? 1 : 0) } ?? -Double.infinity
        let high = context.maximum.map { $0.value - ($0.exclusive ? 1 : 0) } ?? Double.infinity
        let zero: Double = 0
        let pick = low <= zero && zero <= high ? zero : (low > zero ? low.rounded(.up) : high.rounded(.down))
        if let step = context.multipleOf, step > 0 {
            let multiple = (pick / step).rounded(low > zero ? .up : .down) * step
            if multiple >= low, multiple <= high { return Self.numeric(multiple) }
        }
        if pick >= low, pick <= high, pick.isFinite { return Self.numeric(pick) }
        let lower = context.minimum?.value ?? (context.maximum.map { $0.value - 1 } ?? 0)
        let upper = context.maximum?.value ?? lower + 1
        return Self.numeric((lower + upper) / 2)
    }

    private static func numeric(_ value: Double) -> StoredJSON {
        value == value.rounded() && abs(value) < 1e15 ? .integer(Int(value)) : .double(value)
    }

    /// `"string"` fitted to `minLength`/`maxLength` (repeated or cut).
    static func string(within context: JSONSchema.StringContext) -> String {
        var text = "string"
        let minimum = min(context.minLength, 10_000)
        if minimum > text.count { text = String(String(repeating: text, count: minimum / 6 + 1).prefix(minimum)) }
        if let maximum = context.maxLength, text.count > maximum { text = String(text.prefix(max(0, maximum))) }
        return text
    }

    /// Whether a format's sample keeps to the length limits.
    private static func fits(_ sample: String, _ context: JSONSchema.StringContext) -> Bool {
        sample.count >= context.minLength && sample.count <= (context.maxLength ?? Int.max)
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
