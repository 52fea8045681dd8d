import AnnotatedLocks
import ArgumentParser
import Foundation
import HTTPCore
import JSONTree
import Synchronization
import Workspace

/// `lazer send --until CONDITION`: ends a stream (SSE, NDJSON…) or a WebSocket cleanly once it
/// holds — `count>=10` (that many events or received messages), or a check on each one's data:
/// `$.type == "done"`, `$.n >= 3`, `text ~ ^bye`, `$.msg contains ok` (the value JSON, else a
/// word). With `--timeout`, a condition that has not held by then is a failure (exit 3).
struct SendUntil: Sendable {
    enum Condition: Sendable, Equatable {
        case count(Int)
        case check(path: String?, op: Expectation.Operator, value: StoredJSON)
    }

    let condition: Condition
    /// As typed, for messages.
    let text: String

    private static let operators: [(String, Expectation.Operator)] = [
        ("==", .equals), ("!=", .notEquals), (">=", .greaterThanOrEqual), ("<=", .lessThanOrEqual),
        (">", .greaterThan), ("<", .lessThan), ("~", .matches), ("contains", .contains),
    ]

    static func parse(_ text: String?) throws -> SendUntil? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let compact = trimmed.filter { $0 != " " }
        for prefix in ["count>=", "count==", "count="] where compact.hasPrefix(prefix) {
            guard let count = Int(compact.dropFirst(prefix.count)), count >= 1 else { break }
            return SendUntil(condition: .count(count), text: trimmed)
        }
        guard let (subject, op, rest) = split(trimmed) else {
            throw ValidationError(
                "--until takes count>=N or a check on each event's data: $.type == \"done\", text ~ REGEX, "
                    + "$.n >= 3 (==, !=, >=, <=, >, <, ~, contains); found '\(text)'")
        }
        let path: String?
        if subject == "text" {
            path = nil
        } else {
            do {
                _ = try JSONPath(subject)
            } catch {
                throw ValidationError("--until: '\(subject)' is not a JSONPath (\(error.summary))")
            }
            path = subject
        }
        let value = (try? StoredJSON(parsing: rest)) ?? .string(rest)
        if op == .matches {
            guard case .string(let pattern) = value, (try? NSRegularExpression(pattern: pattern)) != nil else {
                throw ValidationError("--until: '\(rest)' is not a regular expression")
            }
        }
        return SendUntil(condition: .check(path: path, op: op, value: value), text: trimmed)
    }

    /// `$.type == "done"` → ("$.type", equals, "\"done\""): the subject is `text` or a JSONPath
    /// up to the first operator with spaces around it (or, without spaces, the first operator
    /// outside brackets).
    private static func split(_ text: String) -> (String, Expectation.Operator, String)? {
        for (symbol, op) in operators {
            if let range = text.range(of: " \(symbol) ") {
                let subject = text[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
                let rest = text[range.upperBound...].trimmingCharacters(in: .whitespaces)
                if !subject.isEmpty, !rest.isEmpty, !subject.contains(" ") { return (subject, op, rest) }
            }
        }
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "[": depth += 1
            case "]": depth -= 1
            default:
                guard depth == 0 else { continue }
                for (symbol, op) in operators where symbol != "contains" && text[index...].hasPrefix(symbol) {
                    let subject = text[..<index].trimmingCharacters(in: .whitespaces)
                    let rest = text[text.index(index, offsetBy: symbol.count)...].trimmingCharacters(in: .whitespaces)
                    return subject.isEmpty || rest.isEmpty ? nil : (subject, op, rest)
                }
            }
        }
        return nil
    }

    /// Whether the `count`th event (from 1), whose data is `data`, ends the stream.
    func holds(_ data: String, count: Int) -> Bool {
        switch condition {
        case .count(let limit): count >= limit
        case .check(let path, let op, let value): ExpectationCheck.eventHolds(data, path: path, op: op, value: value)
        }
    }
}

/// Watches events for `--until` across a stream's connections: whether it held.
final class UntilWatch: Sendable {
    let until: SendUntil?
    private let held = SendFlag()

    init(_ until: SendUntil?) {
        self.until = until
    }

    var met: Bool { held.isSet }

    /// Nil when the batch (the events after the `printed` before it) does not make it hold; else
    /// the batch up to and with the event that does.
    func cut(_ batch: [StreamEvent], before printed: Int) -> [StreamEvent]? {
        guard let until, !met else { return met ? [] : nil }
        for (offset, event) in batch.enumerated() where until.holds(event.data, count: printed + offset + 1) {
            held.set()
            return Array(batch.prefix(offset + 1))
        }
        return nil
    }

    /// Marks it held (a WebSocket message met it).
    func hold() { held.set() }
}

/// The stream a `--until` stops, set once it is made.
final class StreamStopper: Sendable {
    private let held = Mutex<ResponseStream?>(nil)

    var stream: ResponseStream? {
        get { held.withLock(ownedBy: self) { $0 } }
        set { held.withLock(ownedBy: self) { $0 = newValue } }
    }

    func stop() { stream?.stop() }
}

/// A flag one task sets and another reads (the `--timeout` that ended a wait for `--until`).
final class SendFlag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool { value.load(ordering: .acquiring) }

    func set() { value.store(true, ordering: .releasing) }
}
