import Foundation
import HTTPCore
import JSONTree
import Workspace

/// A response against the request: its captures, expectations, snapshots, contracts and scripts.
extension RequestExecution {
    struct Checked {
        var result: RequestResult
        var captured: [String: VariableScope.Value]
        var redactor: Redactor
    }

    /// Takes the captures and checks the expectations of a response (sent or from history).
    func check(
        _ facts: ResponseFacts, preparation: SendPreparation, sentHeaders: HTTPHeaders? = nil,
        into result: consuming RequestResult
    ) -> Checked {
        var captured: [String: VariableScope.Value] = [:]
        var captureResults: [CaptureResult] = []
        for capture in item.request.captures {
            let value = capture.value(in: facts)
            if let value { captured[capture.variable] = value }
            captureResults.append(
                CaptureResult(variable: capture.variable, value: value?.text, secret: capture.secret))
        }
        // Secret values this very response gave to captures are masked too.
        let newSecrets = captured.values.filter(\.secret).map(\.text)
        let redactor = newSecrets.isEmpty ? preparation.redactor : preparation.redactor.adding(newSecrets)
        result.captures = captureResults.map { capture in
            var shown = capture
            shown.value = capture.value.map { capture.secret ? Redactor.mask : redactor.redact($0) }
            return shown
        }
        // A loop, not a `map` closure, which would hold its own copy of the facts.
        let expectations = item.request.expectations
        var checks: [CheckResult] = []
        checks.reserveCapacity(expectations.count)
        // A WebSocket conversation's steps come first, in order (`WebSocketStepPlayer`).
        if let steps = item.request.websocket?.steps, !steps.isEmpty {
            for (step, check) in zip(steps, WebSocketTranscript.stepChecks(facts.headers)) {
                let (op, path): (String, String?) =
                    switch step {
                    case .send(let send): ("send", send.message)
                    case .expect(let expect): (expect.op.rawValue, expect.path)
                    }
                checks.append(
                    CheckResult(
                        subject: "step", path: path, op: op, label: check.label, passed: check.passed,
                        expected: CheckResult.shown(redactor.redact(check.expected)),
                        actual: CheckResult.shown(redactor.redact(check.actual))))
            }
        }
        for (expectation, query) in zip(expectations, item.queries) {
            // `schema` expectations are checked with the contract, below.
            if case .schema = expectation.subject { continue }
            let check: ExpectationCheck
            if case .snapshot(let options) = expectation.subject {
                check = snapshot(options, facts: facts, redactor: redactor, result: &result)
            } else {
                check = ExpectationCheck(expectation, against: facts, query: query)
            }
            let (subject, path) = Self.describe(expectation.subject)
            checks.append(
                CheckResult(
                    subject: subject, path: path, op: expectation.op.rawValue, label: check.label,
                    // Masked before it is cut: a cut must not leave the start of a secret unmasked.
                    passed: check.passed, expected: CheckResult.shown(redactor.redact(check.expected)),
                    actual: CheckResult.shown(redactor.redact(check.actual))))
        }
        if item.checksContracts {
            let contracts = runner.services.contracts.check(
                item.request, collection: item.document.collection, collectionPath: item.document.path, facts: facts)
            checks += Self.checks(of: contracts, redactor: redactor)
        }
        if scripted != nil {
            checks += runTestScripts(
                facts, reason: result.responseReason, sentHeaders: sentHeaders, captured: &captured,
                redactor: redactor, into: &result)
        }
        result.checks = checks
        result.responseStatus = facts.status
        result.status = result.checks.allSatisfy(\.passed) ? .passed : .failed
        return Checked(result: result, captured: captured, redactor: redactor)
    }

    /// A snapshot expectation: compared with its file, or (`--update-snapshots`) the file written
    /// from this response and the check passed, the write noted in the result.
    private func snapshot(
        _ options: SnapshotOptions, facts: ResponseFacts, redactor: Redactor, result: inout RequestResult
    ) -> ExpectationCheck {
        let context = SnapshotContext(
            collectionFile: item.documentPath, requestID: item.request.id, redactor: redactor)
        let check = SnapshotCheck(options: options, facts: facts, context: context)
        guard runner.configuration.updateSnapshots, let current = check.current else { return check.expectationCheck }
        do throws(SnapshotError) {
            let outcome = try context.store.write(current)
            if outcome != .unchanged { result.snapshotWrites.append("\(outcome.rawValue) \(check.file)") }
            return ExpectationCheck(
                label: "snapshot", passed: true, expected: "matches \(check.file)",
                actual: outcome == .unchanged ? "matches" : outcome.rawValue)
        } catch {
            return ExpectationCheck(
                label: "snapshot", passed: false, expected: "matches \(check.file)",
                actual: "not written: \(error.message)")
        }
    }

    // MARK: - Helpers

    /// The parsed body when the media type says JSON or the bytes start like JSON and parse.
    static func document(_ bytes: JSONBytes, contentType: String?) -> JSONDocument? {
        let first = bytes.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        // `json` anywhere in the media type (`application/problem+json`), in any case; a byte
        // search, since Foundation's `contains` and lower-casing cost more than the parse.
        let saysJSON = contentType.map(Self.mediaTypeSaysJSON) ?? false
        guard saysJSON || first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return nil }
        return try? JSONDocument(bytes: bytes)
    }

    private static func mediaTypeSaysJSON(_ header: String) -> Bool {
        var header = header
        return header.withUTF8 { bytes in
            let end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
            let word: (UInt8, UInt8, UInt8, UInt8) = (0x6A, 0x73, 0x6F, 0x6E)  // "json"
            guard end >= 4 else { return false }
            // ASCII lower case (`| 0x20`) is enough: the word is letters.
            return (0...(end - 4)).contains { start in
                bytes[start] | 0x20 == word.0 && bytes[start + 1] | 0x20 == word.1
                    && bytes[start + 2] | 0x20 == word.2 && bytes[start + 3] | 0x20 == word.3
            }
        }
    }

    /// Contract outcomes as checks: one passed check for a response that conforms, one failed
    /// check per finding (its JSONPath as the check's path, the keyword as its operator).
    static func checks(of contracts: [ContractResult], redactor: Redactor) -> [CheckResult] {
        var checks: [CheckResult] = []
        for contract in contracts {
            let subject = contract.source.rawValue
            guard !contract.passed else {
                checks.append(
                    CheckResult(
                        subject: subject, path: nil, op: "conforms", label: contract.label, passed: true,
                        expected: "conforms", actual: CheckResult.shown(redactor.redact(contract.checked))))
                continue
            }
            for finding in contract.findings {
                let (expected, actual) = finding.expectedAndActual
                checks.append(
                    CheckResult(
                        subject: subject, path: finding.instancePath, op: finding.keyword,
                        label: contract.label(of: finding), passed: false,
                        expected: CheckResult.shown(redactor.redact(expected)),
                        actual: CheckResult.shown(redactor.redact(actual))))
            }
        }
        return checks
    }

    static func describe(_ subject: Expectation.Subject) -> (String, String?) {
        switch subject {
        case .status: ("status", nil)
        case .header(let name): ("header", name)
        case .jsonPath(let path): ("jsonPath", path)
        case .responseTime: ("responseTime", nil)
        case .schema: ("schema", nil)
        case .body: ("body", nil)
        case .snapshot: ("snapshot", nil)
        case .eventCount: ("events", nil)
        case .event(let index, let path): ("event", "[\(index)]" + (path ?? ""))
        case .graphqlErrors(let path): ("graphqlErrors", path)
        case .close: ("close", nil)
        case .anyEvent(let path): ("anyEvent", path)
        }
    }
}
