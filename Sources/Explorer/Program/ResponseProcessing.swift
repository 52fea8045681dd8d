import Foundation
import HTTPCore
import JSONTree
import Workspace

/// A response made ready for the screen off the main thread: the body parsed, expectations
/// checked, captures taken.
struct ProcessedExchange: Sendable {
    var response: ReceivedResponse
    var captures: [String: VariableScope.Value]
}

enum ResponseProcessing {
    /// Parses and checks `response` of `request` (runs on the work queue).
    static func process(_ response: DataResponse, request: SavedRequest, redactor: Redactor) throws -> ProcessedExchange
    {
        let bytes = try response.body.bytes()
        let mediaType = response.headers.mediaType
        let content = content(of: bytes, mediaType: mediaType)
        var document: JSONDocument?
        if case .json(let parsed) = content { document = parsed }
        let facts = ResponseFacts(
            status: response.statusCode.rawValue, headers: response.headers, body: bytes, document: document,
            duration: response.timings.total ?? .zero)
        let checks = request.expectations.map { expectation in
            let check = ExpectationCheck(expectation, against: facts)
            return CheckResult(
                label: check.label, passed: check.passed, expected: redactor.redact(check.expected),
                actual: redactor.redact(check.actual))
        }
        var captures: [String: VariableScope.Value] = [:]
        for capture in request.captures {
            if let value = capture.value(in: facts) { captures[capture.variable] = value }
        }
        let status = response.statusCode.rawValue
        let received = ReceivedResponse(
            status: status, reason: response.statusCode.reasonPhrase ?? "",
            httpVersion: response.httpVersion.description,
            headers: response.headers.fields.map { ($0.name, redactor.redactHeader(name: $0.name, value: $0.value)) },
            timings: response.timings, size: Int64(bytes.count), content: content,
            contentType: response.headers["Content-Type"],
            banner: status >= 400 ? ErrorTranslator.standard.translate(response) : nil, checks: checks)
        return ProcessedExchange(response: received, captures: captures)
    }

    /// JSON when the media type says so or the bytes look like it and parse; else text or binary.
    static func content(of bytes: [UInt8], mediaType: String?) -> ResponseContent {
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
        return TextBody.looksLikeText(bytes)
            ? .text(TextBody(bytes: bytes), problem: nil) : .binary(TextBody(binary: bytes))
    }
}
