import Foundation
import HTTPCore
import JSONTree
import Workspace

/// A response made ready for the screen off the main thread: the body parsed, expectations
/// checked, captures taken.
struct ProcessedExchange: Sendable {
    var response: ReceivedResponse
    var captures: [String: VariableScope.Value]
    /// What the test scripts did (nil: the request has none), and the requests they sent.
    var testScripts: ScriptOutcome?
    var testScriptsSent: [ScriptSentRequest] = []
}

/// A body read and parsed (the chain's parse stage), on its way to the checks.
struct ParsedExchange: Sendable {
    var response: DataResponse
    /// An array, or a body the transport spilled to a file, mapped (`ResponseBytes`).
    var bytes: JSONBytes
    var content: ResponseContent
    var document: JSONDocument?
}

/// What a send's contract check needs: the shared checker, and the request's collection and file.
struct ContractSubject: Sendable {
    var contracts: ResponseContracts
    var collection: RequestCollection
    var collectionPath: String?
}

/// A parsed body with its expectations evaluated (the chain's checks stage).
struct CheckedExchange: Sendable {
    var parsed: ParsedExchange
    var facts: ResponseFacts
    var checks: [CheckResult]
    var snapshot: SnapshotProposal?
    /// What the test scripts did (nil: the request has none).
    var testScripts: ScriptOutcome?
    /// The requests they sent.
    var testScriptsSent: [ScriptSentRequest] = []
}

/// The work between the response and the screen, one function per chain stage (parse, checks,
/// captures), all on the work queue.
package enum ResponseProcessing {
    /// What is read back of a stream's body nothing checks: its Stream view shows the events, its
    /// Raw tab (and `s`) this much of the start — an hour at 1,000 events/s is about 200 MB.
    package static let streamBodyLimit = 16 << 20

    /// Reads the body (from memory or its spill file), at most `limit` bytes of it, and parses it.
    /// A whole body spilled to a file (over the transport's 256 MB) is mapped, not read: a JSON
    /// body is then held as its index and the pages the views touch.
    static func parse(_ response: DataResponse, keepingAtMost limit: Int? = nil) throws -> ParsedExchange {
        let bytes =
            if let limit { JSONBytes(try response.body.bytes(upTo: limit)) } else {
                try ResponseBytes.of(response.body)
            }
        let content = content(of: bytes, mediaType: response.headers.mediaType)
        var document: JSONDocument?
        if case .json(let parsed) = content { document = parsed }
        return ParsedExchange(response: response, bytes: bytes, content: content, document: document)
    }

    /// Evaluates the request's expectations (expected and actual values redacted), a snapshot
    /// expectation against its file beside `collectionFile`, then its contract and `schema`
    /// expectations (a failed check per finding, with its JSONPath).
    static func check(
        _ parsed: ParsedExchange, request: SavedRequest, contract: ContractSubject? = nil, redactor: Redactor,
        key: RequestKey? = nil, collectionFile: String? = nil
    ) -> CheckedExchange {
        let response = parsed.response
        let facts = ResponseFacts(
            status: response.statusCode.rawValue, headers: response.headers, body: parsed.bytes,
            document: parsed.document, duration: response.timings.total ?? .zero)
        let (checks, snapshot) = check(
            facts, request: request, contract: contract, redactor: redactor, key: key, collectionFile: collectionFile)
        return CheckedExchange(parsed: parsed, facts: facts, checks: checks, snapshot: snapshot)
    }

    /// The checks of `facts` (a response, or a history entry re-checked), with what accepting the
    /// snapshot would write.
    static func check(
        _ facts: ResponseFacts, request: SavedRequest, contract: ContractSubject? = nil, redactor: Redactor,
        key: RequestKey?, collectionFile: String?
    ) -> ([CheckResult], SnapshotProposal?) {
        var proposal: SnapshotProposal?
        // A WebSocket conversation's steps, in order, before the expectations.
        let stepChecks = request.websocket?.steps.isEmpty == false ? WebSocketTranscript.stepChecks(facts.headers) : []
        let steps = stepChecks.map { check in
            CheckResult(
                label: check.label, passed: check.passed, expected: redactor.redact(check.expected),
                actual: redactor.redact(check.actual))
        }
        var checks: [CheckResult] = steps
        checks += request.expectations.compactMap { expectation in
            let check: ExpectationCheck
            if case .schema = expectation.subject { return nil }
            if case .snapshot(let options) = expectation.subject, let key, let collectionFile {
                let snapshot = SnapshotCheck(
                    options: options, facts: facts,
                    context: SnapshotContext(collectionFile: collectionFile, requestID: request.id, redactor: redactor))
                if proposal == nil { proposal = SnapshotProposal(snapshot, key: key, collectionFile: collectionFile) }
                check = snapshot.expectationCheck
            } else {
                check = ExpectationCheck(expectation, against: facts)
            }
            return CheckResult(
                label: check.label, passed: check.passed, expected: redactor.redact(check.expected),
                actual: redactor.redact(check.actual))
        }
        if let contract {
            let results = contract.contracts.check(
                request, collection: contract.collection, collectionPath: contract.collectionPath, facts: facts)
            checks += CheckResult.contractChecks(results, redactor: redactor)
        }
        proposal?.checkCount = request.expectations.count { if case .snapshot = $0.subject { true } else { false } }
        return (checks, proposal)
    }

    /// Takes the request's captures and makes the response ready for the screen.
    static func capture(_ checked: CheckedExchange, request: SavedRequest, redactor: Redactor) -> ProcessedExchange {
        var captures: [String: VariableScope.Value] = [:]
        for capture in request.captures {
            if let value = capture.value(in: checked.facts) { captures[capture.variable] = value }
        }
        let response = checked.parsed.response
        let status = response.statusCode.rawValue
        var received = ReceivedResponse(
            status: status, reason: response.statusText,
            httpVersion: response.httpVersion.description,
            headers: response.headers.fields.map { ($0.name, redactor.redactHeader(name: $0.name, value: $0.value)) },
            timings: response.timings, size: response.body.byteCount, content: checked.parsed.content,
            contentType: response.headers["Content-Type"],
            banner: status >= 400 ? ErrorTranslator.standard.translate(response) : nil, checks: checked.checks)
        received.snapshot = checked.snapshot
        return ProcessedExchange(
            response: received, captures: captures, testScripts: checked.testScripts,
            testScriptsSent: checked.testScriptsSent)
    }

    /// JSON when the media type says so or the bytes look like it and parse; else text or binary.
    static func content(of bytes: [UInt8], mediaType: String?) -> ResponseContent {
        content(of: JSONBytes(bytes), mediaType: mediaType)
    }

    /// The same over bytes held or mapped: a mapped body stays mapped — the JSON document, the
    /// text's lines and the hex dump borrow it, and read only what they show.
    static func content(of bytes: JSONBytes, mediaType: String?) -> ResponseContent {
        guard !bytes.isEmpty else { return .empty }
        let first = bytes.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        let saysJSON = mediaType.map { $0.contains("json") } ?? false
        if saysJSON || first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            do {
                return .json(try JSONDocument(bytes: bytes))
            } catch {
                if TextBody.looksLikeText(bytes) {
                    return .text(TextBody(bytes: bytes), problem: saysJSON ? error.message : nil)
                }
                return .binary(TextBody(binary: bytes))
            }
        }
        let saysText = mediaType.map { $0.lowercased().hasPrefix("text/") } ?? false
        return TextBody.looksLikeText(bytes, declaredText: saysText)
            ? .text(TextBody(bytes: bytes), problem: nil) : .binary(TextBody(binary: bytes))
    }
}
