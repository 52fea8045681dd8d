import Workspace

/// An expectation or capture of a request as an expression in a load script's language: the
/// subject read from the response, the comparison as `ExpectationCheck` makes it (`contains`,
/// `matches` and string `equals` on the value's text, a JSON non-string as compact JSON; numbers,
/// objects, arrays, booleans and null as values). What a script cannot read (snapshots, schemas,
/// streamed events, JSONPaths beyond names and indexes) gives nil: the exporter reports it.
struct ScriptCheck {
    /// How a language spells the helpers every exported script defines.
    struct Dialect: Sendable {
        var literal: @Sendable (String) -> String
        var json: @Sendable (StoredJSON) -> String
        var status: String
        var body: String
        var responseTime: String
        var header: @Sendable (String) -> String
        /// The value at a JSON path, given as a list literal of its steps.
        var jsonPath: @Sendable (String) -> String
        var list: @Sendable ([String]) -> String
        var missing: String
        var not: @Sendable (String) -> String
        var call: @Sendable (String, [String]) -> String
        var compare: @Sendable (String, String, String) -> String
    }

    let dialect: Dialect

    /// The check's name (shown by Locust as the failure, by k6 as the check) and its boolean expression.
    func expectation(_ expectation: Expectation) -> (name: String, test: String)? {
        guard let actual = subject(expectation.subject) else { return nil }
        let value = expectation.value
        let text = value.map { $0.stringValue ?? $0.compact() } ?? ""
        let d = dialect
        let test: String
        switch expectation.op {
        case .equals: test = equality(actual, value)
        case .notEquals: test = d.not(equality(actual, value))
        case .contains: test = d.call("lazer_contains", [actual, d.literal(text)])
        case .notContains: test = d.not(d.call("lazer_contains", [actual, d.literal(text)]))
        case .matches: test = d.call("lazer_matches", [actual, d.literal(text)])
        case .exists: test = d.compare(actual, "!=", d.missing)
        case .notExists: test = d.compare(actual, "==", d.missing)
        case .lessThan: test = d.compare(d.call("lazer_number", [actual]), "<", number(value))
        case .lessThanOrEqual: test = d.compare(d.call("lazer_number", [actual]), "<=", number(value))
        case .greaterThan: test = d.compare(d.call("lazer_number", [actual]), ">", number(value))
        case .greaterThanOrEqual: test = d.compare(d.call("lazer_number", [actual]), ">=", number(value))
        case .oneOf: test = d.call("lazer_one_of", [actual, d.json(value ?? .array([]))])
        }
        var name = "\(ExpectationCheck.label(expectation.subject)) \(expectation.op.rawValue) \(text)"
        while name.last == " " { name.removeLast() }
        return (name, test)
    }

    /// The captured value's expression.
    func capture(_ capture: Capture) -> String? {
        switch capture.source {
        case .status: dialect.status
        case .header(let name): dialect.header(name)
        case .jsonPath(let path): jsonPath(path)
        case .body: dialect.body
        // Neither Locust nor k6 reads a streamed body as events.
        case .event: nil
        }
    }

    private func equality(_ actual: String, _ value: StoredJSON?) -> String {
        if case .string(let text)? = value {
            return dialect.compare(dialect.call("lazer_text", [actual]), "==", dialect.literal(text))
        }
        return dialect.call("lazer_equal", [actual, dialect.json(value ?? .null)])
    }

    private func number(_ value: StoredJSON?) -> String {
        if case .number(let number)? = value { return number }
        return dialect.call("lazer_number", [dialect.json(value ?? .null)])
    }

    private func subject(_ subject: Expectation.Subject) -> String? {
        switch subject {
        case .status: dialect.status
        case .header(let name): dialect.header(name)
        case .jsonPath(let path): jsonPath(path)
        case .responseTime: dialect.responseTime
        case .body: dialect.body
        case .snapshot, .schema, .eventCount, .event, .anyEvent, .graphqlErrors, .close: nil
        }
    }

    private func jsonPath(_ path: String) -> String? {
        guard let steps = SimpleJSONPath.steps(path) else { return nil }
        return dialect.jsonPath(
            dialect.list(
                steps.map { step in
                    switch step {
                    case .member(let name): dialect.literal(name)
                    case .index(let index): String(index)
                    }
                }))
    }

    /// Why an expectation has no script counterpart, for the report.
    static func reason(_ subject: Expectation.Subject) -> String {
        switch subject {
        case .snapshot: "a snapshot file"
        case .schema: "a JSON Schema"
        case .eventCount, .event: "streamed events"
        case .graphqlErrors: "GraphQL errors"
        default: "a JSONPath beyond names and indexes"
        }
    }
}
