import Workspace

/// A request's expectations and captures as a Postman `test` script, so they survive the export:
/// each expectation becomes a `pm.test` with `pm.expect`, each capture a `pm.environment.set`.
/// JSONPaths Postman can follow as a plain property chain (`$.items[0].id`, `$['a b']`) are
/// translated; any other (filters, wildcards, recursive descent) is reported, never dropped.
///
/// Semantics follow `ExpectationCheck`: `contains`, `matches` and string `equals` compare the
/// value's text (a JSON non-string as compact JSON), and numbers, objects, arrays, booleans and
/// null compare as values.
struct PostmanTestScript {
    /// The first line of every script written here.
    static let header = "// Written by lazer export from the request's expectations and captures."
    /// The second line starts with this, followed by the checks in the collection format's JSON
    /// (`RequestChecks`), so a Lazer import of the exported collection gets them back exactly.
    static let checksPrefix = "// lazer: "

    private(set) var lines: [String] = []
    private var usesJSON = false

    /// The script's lines (empty when the request has no expectation or capture), and the report
    /// of what Postman cannot run, placed at `place`.
    static func make(
        for request: SavedRequest, place: String, redactor: Redactor, report: inout ExportReport
    ) -> [String] {
        var script = PostmanTestScript()
        for expectation in request.expectations {
            if let line = script.test(expectation) {
                script.lines.append(line)
            } else {
                let reason =
                    if case .snapshot = expectation.subject {
                        "a snapshot file Postman cannot read"
                    } else {
                        "a JSONPath Postman cannot follow"
                    }
                report.add(
                    "expectation on \(ExpectationCheck.label(expectation.subject)): \(reason)", at: place, kept: notRun)
            }
        }
        for capture in request.captures {
            guard let value = script.value(of: capture) else {
                report.add("capture of \(capture.variable): a JSONPath Postman cannot follow", at: place, kept: notRun)
                continue
            }
            if capture.secret {
                report.add(
                    "secret capture \(capture.variable)", at: place, kept: "set as a plain Postman environment value")
            }
            script.lines.append("lazerSet(\(literal(capture.variable)), \(value));")
        }
        let checks = RequestChecks(expectations: request.expectations, captures: request.captures)
        guard !checks.isEmpty else { return [] }
        var prelude = [
            header,
            checksPrefix + checks.json.compact(),
            "function lazerText(v) { return typeof v === \"string\" ? v : JSON.stringify(v); }",
            "function lazerSet(name, v) { if (v !== undefined) pm.environment.set(name, lazerText(v)); }",
        ]
        if script.usesJSON {
            prelude.append(
                "function lazerJSON() { try { return pm.response.json(); } catch (e) { return undefined; } }")
        }
        return (prelude + script.lines).map(redactor.redact)
    }

    /// A test script's own text: what `make` wrote for its checks (which the import gives back as
    /// checks) taken off its start, the lines the user added after them kept.
    static func withoutExportedChecks(_ lines: [String]) -> String {
        guard let found = checks(in: lines) else { return lines.joined(separator: "\n") }
        var ignored = ExportReport()
        let written = make(
            for: SavedRequest(
                name: "", url: "", expectations: found.checks.expectations, captures: found.checks.captures),
            place: "", redactor: Redactor(secrets: []), report: &ignored)
        guard lines.starts(with: written) else { return lines.joined(separator: "\n") }
        return lines.dropFirst(written.count).joined(separator: "\n")
    }

    private static let notRun = "not run by Postman; kept in the script for a Lazer import"

    /// The checks of a script `make` wrote (its first two lines), and whether the script is still
    /// exactly what `make` writes for them (not edited in Postman since).
    static func checks(in lines: [String]) -> (checks: RequestChecks, unchanged: Bool)? {
        guard lines.count >= 2, lines[0] == header, lines[1].hasPrefix(checksPrefix),
            let checks = RequestChecks(jsonText: String(lines[1].dropFirst(checksPrefix.count)))
        else { return nil }
        var ignored = ExportReport()
        let again = make(
            for: SavedRequest(name: "", url: "", expectations: checks.expectations, captures: checks.captures),
            place: "", redactor: Redactor(secrets: []), report: &ignored)
        return (checks, again == lines)
    }

    // MARK: - Expectations

    private mutating func test(_ expectation: Expectation) -> String? {
        guard let actual = subject(expectation.subject) else { return nil }
        let value = expectation.value
        let text = value.map { $0.stringValue ?? $0.compact() } ?? ""
        let assertion: String
        switch expectation.op {
        case .equals: assertion = equality(actual, value, negated: false)
        case .notEquals: assertion = equality(actual, value, negated: true)
        case .contains: assertion = "pm.expect(lazerText(\(actual))).to.include(\(Self.literal(text)))"
        case .notContains: assertion = "pm.expect(lazerText(\(actual))).to.not.include(\(Self.literal(text)))"
        case .matches: assertion = "pm.expect(lazerText(\(actual))).to.match(new RegExp(\(Self.literal(text))))"
        case .exists: assertion = "pm.expect(\(actual)).to.not.be.undefined"
        case .notExists: assertion = "pm.expect(\(actual)).to.be.undefined"
        case .lessThan: assertion = "pm.expect(Number(\(actual))).to.be.below(\(Self.number(value)))"
        case .lessThanOrEqual: assertion = "pm.expect(Number(\(actual))).to.be.at.most(\(Self.number(value)))"
        case .greaterThan: assertion = "pm.expect(Number(\(actual))).to.be.above(\(Self.number(value)))"
        case .greaterThanOrEqual: assertion = "pm.expect(Number(\(actual))).to.be.at.least(\(Self.number(value)))"
        case .oneOf: assertion = "pm.expect(\(actual)).to.be.oneOf(\(value?.compact() ?? "[]"))"
        }
        let name = "\(ExpectationCheck.label(expectation.subject)) \(expectation.op.rawValue) \(text)"
            .trimmingTrailingSpaces()
        return "pm.test(\(Self.literal(name)), function () { \(assertion); });"
    }

    private func equality(_ actual: String, _ value: StoredJSON?, negated: Bool) -> String {
        let to = negated ? "to.not" : "to"
        switch value {
        case .string(let text)?: return "pm.expect(lazerText(\(actual))).\(to).eql(\(Self.literal(text)))"
        case .number(let number)?: return "pm.expect(\(actual)).\(to).eql(\(number))"
        case let other?: return "pm.expect(\(actual)).\(to).eql(\(other.compact()))"
        case nil: return "pm.expect(\(actual)).\(to).eql(null)"
        }
    }

    // MARK: - Subjects

    private mutating func subject(_ subject: Expectation.Subject) -> String? {
        switch subject {
        case .status: return "pm.response.code"
        case .header(let name): return "pm.response.headers.get(\(Self.literal(name)))"
        case .jsonPath(let path): return json(path)
        case .responseTime: return "pm.response.responseTime"
        case .body: return "pm.response.text()"
        // A snapshot file has no Postman counterpart: the expectation stays in the collection only.
        case .snapshot: return nil
        case .schema: return nil
        // Postman has no streamed bodies: stream expectations stay in the collection only.
        case .eventCount, .event, .anyEvent, .graphqlErrors, .close: return nil
        }
    }

    private mutating func value(of capture: Capture) -> String? {
        switch capture.source {
        case .status: "pm.response.code"
        case .header(let name): "pm.response.headers.get(\(Self.literal(name)))"
        case .jsonPath(let path): json(path)
        case .body: "pm.response.text()"
        // Postman has no streamed bodies (as for stream expectations).
        case .event: nil
        }
    }

    private mutating func json(_ path: String) -> String? {
        guard let chain = Self.propertyChain(path) else { return nil }
        usesJSON = true
        return "lazerJSON()" + chain
    }

    /// `$.a['b c'][0]` as `?.["a"]?.["b c"]?.[0]`; nil for anything but names and indexes.
    static func propertyChain(_ path: String) -> String? {
        SimpleJSONPath.steps(path)?.map { step in
            switch step {
            case .member(let name): "?.[\(literal(name))]"
            case .index(let index): "?.[\(index)]"
            }
        }.joined()
    }

    // MARK: - Literals

    /// A JavaScript string literal (JSON's string syntax is one).
    static func literal(_ text: String) -> String { StoredJSON.string(text).compact() }

    private static func number(_ value: StoredJSON?) -> String {
        switch value {
        case .number(let number)?: number
        case let other?: "Number(\(literal(other.stringValue ?? other.compact())))"
        case nil: "NaN"
        }
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
