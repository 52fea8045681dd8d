import Foundation
import JSONTree
package import Workspace

/// The one-line text form of expectations and captures the Checks tab shows and edits:
///
///     status equals 200            header Content-Type contains json     $.id exists
///     $.name equals "Ada"          time lessThan 500                     body contains ok
///     token = $.token secret       userId = header X-User                code = status
///     events >= 3                  event[-1] $.done equals true          id = event[0] $.id
///     close equals 4001            anyEvent $.type equals "ready"
///
/// Operators may also be written as `==`, `!=`, `<`, `<=`, `>`, `>=`, `~` (matches). A value
/// that parses as JSON is JSON (`200`, `true`, `"text"`, `[1, 2]`); anything else is a string.
package enum CheckSyntax {
    package static func format(_ expectation: Expectation) -> String {
        if case .snapshot(let options) = expectation.subject { return SnapshotSyntax.format(options) }
        if case .schema(let schema) = expectation.subject { return "schema " + schema.compact() }
        var parts = [subject(expectation.subject), expectation.op.rawValue]
        if let value = expectation.value { parts.append(value.compact()) }
        return parts.joined(separator: " ")
    }

    package static func format(_ capture: Capture) -> String {
        let source: String =
            switch capture.source {
            case .jsonPath(let path): path
            case .header(let name): "header " + name
            case .status: "status"
            case .body: "body"
            case .event(let index, let path): eventText(index, path)
            }
        return capture.variable + " = " + source + (capture.secret ? " secret" : "")
    }

    static func subject(_ subject: Expectation.Subject) -> String {
        switch subject {
        case .status: "status"
        case .header(let name): "header " + name
        case .jsonPath(let path): path
        case .responseTime: "time"
        case .body: "body"
        case .snapshot: "snapshot"
        case .schema: "schema"
        case .eventCount: "events"
        case .event(let index, let path): eventText(index, path)
        case .graphqlErrors(let path): "graphqlErrors" + (path.map { " " + $0 } ?? "")
        case .close: "close"
        case .anyEvent(let path): "anyEvent" + (path.map { " " + $0 } ?? "")
        }
    }

    static let symbols: [String: Expectation.Operator] = [
        "==": .equals, "=": .equals, "!=": .notEquals, "<": .lessThan, "<=": .lessThanOrEqual, ">": .greaterThan,
        ">=": .greaterThanOrEqual, "~": .matches,
    ]

    /// Parses an expectation line; the error says what is wrong in plain words.
    package static func parseExpectation(_ text: String, keeping old: Expectation? = nil) -> Result<
        Expectation, CheckSyntaxError
    > {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        func word() -> Substring? {
            rest = rest.drop { $0 == " " }
            guard !rest.isEmpty else { return nil }
            let end = rest.firstIndex(of: " ") ?? rest.endIndex
            defer { rest = rest[end...] }
            return rest[..<end]
        }
        guard let first = word() else { return .failure(CheckSyntaxError("Write a check, e.g. status equals 200")) }
        if first.lowercased() == "snapshot" {
            return SnapshotSyntax.parse(rest).map { options in
                var expectation = old ?? Expectation(subject: .snapshot(options), op: .equals)
                expectation.subject = .snapshot(options)
                expectation.op = .equals
                expectation.value = nil
                return expectation
            }
        }
        if first.lowercased() == "schema" {
            let schemaText = rest.trimmingCharacters(in: .whitespaces)
            let schema = try? StoredJSON(parsing: schemaText)
            let isSchema: Bool =
                switch schema {
                case .object?, .bool?: true
                default: false
                }
            guard let schema, isSchema else {
                return .failure(
                    CheckSyntaxError("Write a JSON Schema after schema, e.g. schema {\"type\": \"object\"}"))
            }
            return .success(Expectation(subject: .schema(schema), op: .matches))
        }
        let subject: Expectation.Subject
        switch first.lowercased() {
        case "status": subject = .status
        case "time", "responsetime": subject = .responseTime
        case "body": subject = .body
        case "header":
            guard let name = word() else { return .failure(CheckSyntaxError("Name the header: header Content-Type …")) }
            subject = .header(name: String(name))
        case "events": subject = .eventCount
        case "close": subject = .close
        case "anyevent":
            var path: String?
            if rest.drop(while: { $0 == " " }).hasPrefix("$"), let word = word() { path = String(word) }
            if let path, let problem = pathProblem(path) { return .failure(problem) }
            subject = .anyEvent(path: path)
        case let event where event.hasPrefix("event["):
            // `event[N]`, then a JSONPath when the next word is one.
            var path: String?
            if rest.drop(while: { $0 == " " }).hasPrefix("$"), let word = word() { path = String(word) }
            switch eventSource(String(event), path) {
            case .success(let (index, path)): subject = .event(index: index, path: path)
            case .failure(let problem): return .failure(problem)
            }
        default:
            guard first.hasPrefix("$") else {
                return .failure(
                    CheckSyntaxError(
                        "Start with status, header NAME, a JSONPath ($…), time, body, events, event[N] or snapshot"))
            }
            if let problem = pathProblem(String(first)) { return .failure(problem) }
            subject = .jsonPath(String(first))
        }
        guard let opText = word() else {
            return .failure(CheckSyntaxError("Add an operator, e.g. equals, contains, exists"))
        }
        guard let op = Expectation.Operator(rawValue: String(opText)) ?? symbols[String(opText)] else {
            let names = Expectation.Operator.allCases.map(\.rawValue).joined(separator: ", ")
            return .failure(CheckSyntaxError("Unknown operator \(opText); use one of \(names)"))
        }
        let valueText = rest.trimmingCharacters(in: .whitespaces)
        var value: StoredJSON?
        if !valueText.isEmpty {
            value = (try? StoredJSON(parsing: valueText)) ?? .string(valueText)
        } else if op != .exists && op != .notExists {
            return .failure(CheckSyntaxError("\(op.rawValue) needs a value"))
        }
        // The loader refuses a `matches` that is not a string holding a valid pattern: saved, it
        // made the collection file unreadable.
        if op == .matches {
            var pattern = valueText
            if case .string(let text)? = value { pattern = text }
            value = .string(pattern)
            guard (try? NSRegularExpression(pattern: pattern)) != nil else {
                return .failure(CheckSyntaxError("Not a valid regular expression: \(pattern)"))
            }
        }
        var expectation = old ?? Expectation(subject: subject, op: op)
        expectation.subject = subject
        expectation.op = op
        expectation.value = value
        return .success(expectation)
    }

    package static func parseCapture(_ text: String, keeping old: Capture? = nil) -> Result<Capture, CheckSyntaxError> {
        let parts = text.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            return .failure(CheckSyntaxError("Write name = source, e.g. token = $.token secret"))
        }
        // The loader's rule (ASCII only): "café" passed here and the saved file no longer loaded.
        guard VariableName.isValid(parts[0]) else {
            return .failure(CheckSyntaxError("A variable name has letters a–z, A–Z, digits, _, - and . only"))
        }
        var words = parts[1].split(separator: " ").map(String.init)
        let secret = words.last == "secret"
        if secret { words.removeLast() }
        let source: Capture.Source
        switch words.first {
        case "status"? where words.count == 1: source = .status
        case "body"? where words.count == 1: source = .body
        case "header"? where words.count == 2: source = .header(name: words[1])
        case let path? where path.hasPrefix("$") && words.count == 1: source = .jsonPath(path)
        case let event? where event.hasPrefix("event[") && words.count <= 2:
            switch eventSource(event, words.count == 2 ? words[1] : nil) {
            case .success(let (index, path)): source = .event(index: index, path: path)
            case .failure(let problem): return .failure(problem)
            }
        default:
            return .failure(
                CheckSyntaxError("The source is a JSONPath ($…), header NAME, status, body or event[N] [$…]"))
        }
        if case .jsonPath(let path) = source, let problem = pathProblem(path) { return .failure(problem) }
        var capture = old ?? Capture(variable: parts[0], source: source)
        capture.variable = parts[0]
        capture.source = source
        capture.secret = secret
        return .success(capture)
    }
}

extension CheckSyntax {
    /// `event[2] $.n`: how an event subject or capture source is written.
    static func eventText(_ index: Int, _ path: String?) -> String {
        "event[\(index)]" + (path.map { " " + $0 } ?? "")
    }

    /// `event[N]` (N from 0, negative from the end) and an optional JSONPath into that event.
    static func eventSource(_ word: String, _ path: String?) -> Result<(Int, String?), CheckSyntaxError> {
        guard word.hasSuffix("]"), let index = Int(word.dropFirst("event[".count).dropLast()),
            (-1_000_000...1_000_000).contains(index)
        else {
            return .failure(CheckSyntaxError("Write event[N]: N from 0, or negative from the end (event[-1] the last)"))
        }
        if let path {
            guard path.hasPrefix("$") else { return .failure(CheckSyntaxError("After event[N] comes a JSONPath ($…)")) }
            if let problem = pathProblem(path) { return .failure(problem) }
        }
        return .success((index, path))
    }

    /// A JSONPath that cannot be read, said where: it was kept, and the collection file saved
    /// with it no longer loaded (nor did the crash-recovery drafts holding it).
    static func pathProblem(_ path: String) -> CheckSyntaxError? {
        do {
            _ = try JSONPath(path)
            return nil
        } catch {
            return CheckSyntaxError(
                "Invalid JSONPath at character \(error.offset + 1): \(error.message) (a path has no spaces)")
        }
    }
}

/// Why a check line could not be read.
package struct CheckSyntaxError: Error, Sendable, Equatable {
    package var message: String

    package init(_ message: String) { self.message = message }
}
