import Foundation
package import HTTPCore
package import JSONTree

/// What a response offers to expectations and captures: status, headers, body bytes, the parsed
/// body when it is JSON, and the time it took. The bytes are an array, or a body the transport
/// spilled to a file, mapped (`lazer run`: a large response is held as its index and a window).
package struct ResponseFacts: Sendable {
    /// The fields, in one object a copy shares: every check, capture and script of a response reads
    /// the facts, and a copy of five fields (the document alone holds eight references) was
    /// retained and released field by field at each step — 2 % of an in-process run.
    private struct Fields: Sendable {
        let status: Int
        let headers: HTTPHeaders
        let body: JSONBytes
        let document: JSONDocument?
        let duration: Duration
    }

    private final class Storage: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private let storage: Storage

    package var status: Int { storage.fields.status }
    package var headers: HTTPHeaders { storage.fields.headers }
    package var body: JSONBytes { storage.fields.body }
    package var document: JSONDocument? { storage.fields.document }
    package var duration: Duration { storage.fields.duration }

    package init(status: Int, headers: HTTPHeaders, body: JSONBytes, document: JSONDocument?, duration: Duration) {
        storage = Storage(Fields(status: status, headers: headers, body: body, document: document, duration: duration))
    }

    package init(status: Int, headers: HTTPHeaders, body: [UInt8], document: JSONDocument?, duration: Duration) {
        self.init(status: status, headers: headers, body: JSONBytes(body), document: document, duration: duration)
    }
}

/// One expectation evaluated against a response: whether it held, with the expected and actual
/// values as a person reads them. Numbers compare as decimals (`1.0` equals `1`, and
/// `12345678901234567890` is not rounded).
package struct ExpectationCheck: Sendable, Hashable, Codable {
    package var label: String
    package var passed: Bool
    package var expected: String
    package var actual: String

    /// - Parameter query: the expectation's JSONPath already parsed (a run checks the same
    ///   expectation many times); nil parses it here.
    /// - Parameter snapshot: where a `snapshot` expectation finds its file; without it the
    ///   snapshot is reported as not compared.
    package init(
        _ expectation: Expectation, against facts: ResponseFacts, query: JSONPath? = nil,
        snapshot: SnapshotContext? = nil
    ) {
        if case .snapshot(let options) = expectation.subject {
            guard let snapshot else {
                self.init(
                    label: "snapshot", passed: false, expected: "matches the snapshot",
                    actual: "not compared: no collection file to keep snapshots beside")
                return
            }
            self = SnapshotCheck(options: options, facts: facts, context: snapshot).expectationCheck
            return
        }
        self.init(evaluating: expectation, against: facts, query: query)
    }

    private init(evaluating expectation: Expectation, against facts: ResponseFacts, query: JSONPath?) {
        label = ExpectationCheck.label(expectation.subject)
        let op = expectation.op
        expected = ExpectationCheck.expectedText(op, expectation.value)
        if case .anyEvent(let path) = expectation.subject {
            // Some event must hold: the one that did is shown, or how many were looked at.
            let events = StreamEvents.of(facts)
            let values = ExpectationCheck.anyEventValues(events, path: path, query: query)
            let match = values.first { ExpectationCheck.holds(op, $0, expectation.value) }
            switch op {
            case .exists, .notExists:
                passed = values.isEmpty == (op == .notExists)
                actual = values.first?.text ?? "(nothing)"
            default:
                passed = match != nil
                actual = match?.text ?? "\(events.count) event\(events.count == 1 ? "" : "s"), none matched"
            }
            return
        }
        let actualValues = ExpectationCheck.values(of: expectation.subject, in: facts, query: query)
        actual =
            switch actualValues.count {
            case 0: ExpectationCheck.nothing(for: expectation.subject, in: facts)
            case 1: actualValues[0].text
            default: actualValues.map(\.text).joined(separator: ", ")
            }
        switch op {
        case .exists: passed = !actualValues.isEmpty
        case .notExists: passed = actualValues.isEmpty
        default:
            guard let first = actualValues.first else {
                passed = false
                return
            }
            passed = ExpectationCheck.holds(op, first, expectation.value)
        }
    }

    package init(label: String, passed: Bool, expected: String, actual: String) {
        self.label = label
        self.passed = passed
        self.expected = expected
        self.actual = actual
    }

    /// What a check that found no value shows: for a JSONPath into a body that is not JSON, why
    /// (parsed again here: only a check that found nothing pays for it).
    static func nothing(for subject: Expectation.Subject, in facts: ResponseFacts) -> String {
        guard case .jsonPath = subject, facts.document == nil else { return "(nothing)" }
        guard !facts.body.isEmpty else { return "(no body)" }
        do {
            _ = try JSONDocument(bytes: facts.body)
            return "(nothing)"
        } catch {
            return "(the body is not JSON: \(error.message))"
        }
    }

    // MARK: - Subjects

    /// A value taken from the response, with whether it is a JSON string (for comparisons).
    struct Value {
        var text: String
        var isString: Bool
        var json: String
    }

    package static func label(_ subject: Expectation.Subject) -> String {
        switch subject {
        case .status: "status"
        case .header(let name): "header \(name)"
        case .jsonPath(let path): path
        case .responseTime: "response time (ms)"
        case .body: "body"
        case .snapshot: "snapshot"
        case .schema: "schema"
        case .eventCount: "events"
        case .event(let index, let path): "event[\(index)]" + (path.map { " " + $0 } ?? "")
        case .graphqlErrors(let path): "GraphQL errors" + (path.map { " at " + $0 } ?? "")
        case .close: "close code"
        case .anyEvent(let path): "any event" + (path.map { " " + $0 } ?? "")
        }
    }

    /// Whether one event's data (at `path` when it is JSON, else as text) satisfies `op` and
    /// `value`, as an `anyEvent` expectation reads each event: a WebSocket step's wait, `lazer send
    /// --until`.
    package static func eventHolds(
        _ data: String, path: String?, op: Expectation.Operator, value: StoredJSON?, query: JSONPath? = nil
    ) -> Bool {
        eventMatch(data, path: path, op: op, value: value, query: query) != nil
    }

    /// What of an event satisfies the check, as a check shows it (the value at `path`, else the
    /// data; the data for `notExists`); nil when it does not. The event is parsed once.
    package static func eventMatch(
        _ data: String, path: String?, op: Expectation.Operator, value: StoredJSON?, query: JSONPath? = nil
    ) -> String? {
        let values = eventValues(data, path: path, query: query)
        switch op {
        case .exists: return values.first?.text
        case .notExists: return values.isEmpty ? data : nil
        default:
            guard let first = values.first, holds(op, first, value) else { return nil }
            return first.text
        }
    }

    /// The first value `path` selects in an event's data (its text without a path), as a check
    /// shows it; nil when it selects nothing.
    package static func eventValue(_ data: String, path: String?) -> String? {
        eventValues(data, path: path, query: nil).first?.text
    }

    /// One value per event that has one (the first `path` selects in it).
    private static func anyEventValues(_ events: [StreamEvent], path: String?, query: JSONPath?) -> [Value] {
        let parsed = path.flatMap { query ?? (try? JSONPath($0)) }
        return events.compactMap { eventValues($0.data, path: path, query: parsed).first }
    }

    /// An event's data as text, or the values `path` selects in it when it is JSON.
    static func eventValues(_ data: String, path: String?, query: JSONPath?) -> [Value] {
        guard let path else { return [Value(text: data, isString: true, json: "")] }
        guard let document = try? JSONDocument(bytes: Array(data.utf8)), let query = query ?? (try? JSONPath(path))
        else { return [] }
        return query.select(in: document).map { node in
            let isString = document.kind(node) == .string
            let raw = document.rawText(node)
            return Value(text: isString ? document.string(node) ?? "" : raw, isString: isString, json: raw)
        }
    }

    static func values(of subject: Expectation.Subject, in facts: ResponseFacts, query: JSONPath? = nil) -> [Value] {
        switch subject {
        case .status:
            return [Value(text: String(facts.status), isString: false, json: String(facts.status))]
        case .header(let name):
            return facts.headers.values(for: name).map { Value(text: $0, isString: true, json: "") }
        case .jsonPath(let path):
            guard let document = facts.document, let query = query ?? (try? JSONPath(path)) else { return [] }
            return query.select(in: document).map { node in
                let isString = document.kind(node) == .string
                let raw = document.rawText(node)
                return Value(text: isString ? document.string(node) ?? "" : raw, isString: isString, json: raw)
            }
        case .responseTime:
            let milliseconds =
                Double(facts.duration.components.seconds) * 1000
                + Double(facts.duration.components.attoseconds) / 1e15
            let text = String(Int(milliseconds.rounded()))
            return [Value(text: text, isString: false, json: text)]
        case .body:
            let text = String(decoding: facts.body, as: UTF8.self)
            return [Value(text: text, isString: true, json: "")]
        case .eventCount:
            let count = String(StreamEvents.of(facts).count)
            return [Value(text: count, isString: false, json: count)]
        case .event(let index, let path):
            let events = StreamEvents.of(facts)
            let position = index < 0 ? events.count + index : index
            guard events.indices.contains(position) else { return [] }
            return eventValues(events[position].data, path: path, query: query)
        case .anyEvent(let path):
            return anyEventValues(StreamEvents.of(facts), path: path, query: query)
        case .close:
            // `4001 bad token` → 4001; `none` (a close frame without a code) is a text.
            guard let value = facts.headers[WebSocketTranscript.closeHeader] else { return [] }
            let code = String(value.prefix { $0 != " " })
            return [Value(text: code, isString: Int(code) == nil, json: Int(code) == nil ? "" : code)]
        case .graphqlErrors(let path):
            guard let document = facts.document, let answer = GraphQLResponse(document) else { return [] }
            let messages = answer.errors.filter { path == nil || $0.dottedPath == path }.map(\.message)
            guard !messages.isEmpty else { return [] }
            let text = messages.joined(separator: "; ")
            return [Value(text: text, isString: true, json: "")]
        case .snapshot, .schema:
            // Checked by `SnapshotCheck` and `ResponseContracts`, not compared as a value.
            return []
        }
    }

    // MARK: - Operators

    static func expectedText(_ op: Expectation.Operator, _ value: StoredJSON?) -> String {
        let shown = value.map(text) ?? ""
        switch op {
        case .equals: return shown
        case .notEquals: return "not " + shown
        case .contains: return "contains " + shown
        case .notContains: return "does not contain " + shown
        case .matches: return "matches " + shown
        case .exists: return "present"
        case .notExists: return "absent"
        case .lessThan: return "< " + shown
        case .lessThanOrEqual: return "≤ " + shown
        case .greaterThan: return "> " + shown
        case .greaterThanOrEqual: return "≥ " + shown
        case .oneOf: return "one of " + shown
        }
    }

    static func holds(_ op: Expectation.Operator, _ actual: Value, _ expected: StoredJSON?) -> Bool {
        switch op {
        case .equals: return equal(actual, expected)
        case .notEquals: return !equal(actual, expected)
        case .contains: return UTF8Search.contains(actual.text, expected.map(text) ?? "")
        case .notContains: return !UTF8Search.contains(actual.text, expected.map(text) ?? "")
        case .matches:
            guard let pattern = expected?.stringValue, let regex = try? NSRegularExpression(pattern: pattern) else {
                return false
            }
            let range = NSRange(actual.text.startIndex..., in: actual.text)
            return regex.firstMatch(in: actual.text, range: range) != nil
        case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual:
            guard let rightText = expected.map(text), let order = numberOrder(actual.text, rightText) else {
                return false
            }
            switch op {
            case .lessThan: return order < 0
            case .lessThanOrEqual: return order <= 0
            case .greaterThan: return order > 0
            default: return order >= 0
            }
        case .oneOf:
            guard case .array(let options)? = expected else { return false }
            return options.contains { equal(actual, $0) }
        case .exists, .notExists:
            return true
        }
    }

    /// How two numbers compare, exactly (as JSONTree reads number text); nil when either is not a
    /// number. Spaces around them (a header value) are ignored.
    static func numberOrder(_ left: String, _ right: String) -> Int? {
        JSONNumberText.compare(trimmed(left), trimmed(right))
    }

    private static func trimmed(_ text: String) -> String {
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard text.utf8.first.map(isSpace) == true || text.utf8.last.map(isSpace) == true else { return text }
        var trimmed = Substring(text)
        while let first = trimmed.utf8.first, isSpace(first) { trimmed = trimmed.dropFirst() }
        while let last = trimmed.utf8.last, isSpace(last) { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    /// The value as text: a string as it is, anything else as compact JSON (a number is its own
    /// text, so it needs no writer: this runs for every expectation checked).
    private static func text(_ value: StoredJSON) -> String {
        switch value {
        case .string(let text), .number(let text): text
        default: value.compact()
        }
    }

    private static func equal(_ actual: Value, _ expected: StoredJSON?) -> Bool {
        guard let expected else { return false }
        switch expected {
        case .number(let number):
            guard !actual.isString else { return false }
            // The same text is the same number (the expected one was read as a valid JSON number):
            // most checks of a run compare `200` with `200`, without a decimal comparison.
            if actual.text == number { return true }
            guard let order = numberOrder(actual.text, number) else { return false }
            return order == 0
        case .string(let string):
            return actual.text == string
        default:
            // Objects, arrays, booleans and null compare as compact JSON.
            return actual.json.filter { !$0.isWhitespace } == expected.compact().filter { !$0.isWhitespace }
        }
    }
}
