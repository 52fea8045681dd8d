/// When `lazer run` sends a request again: `{"count": 2, "delayMilliseconds": 200, "backoff":
/// "exponential", "on": ["transportError", "serverError"]}`. The explorer sends once.
package struct RetryPolicy: Sendable, Equatable {
    /// An outcome that asks for another attempt.
    package enum Condition: String, Sendable, CaseIterable {
        /// No response arrived (DNS, connection, TLS, timeout, …).
        case transportError
        /// The response's status is 5xx.
        case serverError
        /// An expectation did not hold.
        case failedExpectation
    }

    /// How the wait grows between attempts.
    package enum Backoff: String, Sendable, CaseIterable {
        /// `delayMilliseconds` before every retry.
        case constant
        /// `delayMilliseconds`, then twice that, four times, …
        case exponential
    }

    package static let defaultConditions: [Condition] = [.transportError, .serverError]

    /// Attempts after the first (1–10).
    package var count: Int
    /// The wait before the first retry (0–60,000; absent: 0).
    package var delayMilliseconds: Int?
    /// Absent: exponential.
    package var backoff: Backoff?
    /// Absent: transport errors and 5xx responses.
    package var on: [Condition]?
    package var unknownFields: [StoredJSON.Member]

    package init(
        count: Int, delayMilliseconds: Int? = nil, backoff: Backoff? = nil, on: [Condition]? = nil,
        unknownFields: [StoredJSON.Member] = []
    ) {
        self.count = count
        self.delayMilliseconds = delayMilliseconds
        self.backoff = backoff
        self.on = on
        self.unknownFields = unknownFields
    }

    /// The conditions that ask for a retry, defaults applied.
    package var conditions: [Condition] { on ?? Self.defaultConditions }

    /// The wait before retry number `retry` (1 for the first retry).
    package func delay(beforeRetry retry: Int) -> Duration {
        let base = delayMilliseconds ?? 0
        guard (backoff ?? .exponential) == .exponential, retry > 1 else { return .milliseconds(base) }
        return .milliseconds(base << min(retry - 1, 16))
    }

    static let keys = ["count", "delayMilliseconds", "backoff", "on"]

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> RetryPolicy? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let count = fields.int("count", in: 1...10, required: true)
        let delay = fields.int("delayMilliseconds", in: 0...60_000)
        let backoff: Backoff? = fields.choice("backoff")
        var conditions: [Condition]?
        if fields.has("on") {
            conditions = fields.array("on") { element, elementPath in
                let allowed = Condition.allCases.map(\.rawValue)
                guard case .string(let text) = element.kind, let condition = Condition(rawValue: text) else {
                    var message = "expected one of \(allowed.joined(separator: ", "))"
                    if case .string(let text) = element.kind {
                        message += "; found \"\(text)\""
                        if let suggestion = Suggestion.closest(to: text, in: allowed) {
                            message += " (did you mean \"\(suggestion)\"?)"
                        }
                    }
                    reader.report(.error, message, at: element.offset, path: elementPath)
                    return nil
                }
                return condition
            }
        }
        let unknown = fields.unknownFields(known: keys)
        guard let count else { return nil }
        return RetryPolicy(
            count: count, delayMilliseconds: delay, backoff: backoff, on: conditions, unknownFields: unknown)
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("count", count)
        object.add("delayMilliseconds", delayMilliseconds)
        object.add("backoff", backoff?.rawValue)
        if let on { object.add("on", .array(on.map { .string($0.rawValue) })) }
        object.append(unknown: unknownFields)
        return object.json
    }
}
