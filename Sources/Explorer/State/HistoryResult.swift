import Foundation
import HTTPCore
package import Workspace

/// A history entry as a result the response views show like a live one: status, headers, the
/// recorded body (parsed when JSON), or the recorded error.
package enum HistoryResult {
    package static func make(_ entry: HistoryEntry, index: Int) -> ExchangeResult {
        let outcome: ExchangeResult.Outcome
        if let status = entry.status {
            var bytes: [UInt8] = []
            if let body = entry.responseBody {
                bytes =
                    body.encoding == .utf8
                    ? Array(body.text.utf8) : (Data(base64Encoded: body.text).map(Array.init) ?? [])
            }
            let contentType = entry.responseHeaders.first { $0.name.lowercased() == "content-type" }?.value
            let duration = entry.durationMilliseconds.map { Duration.milliseconds(Int64($0.rounded())) }
            outcome = .response(
                ReceivedResponse(
                    status: status,
                    reason: StatusCode(status).text(sent: entry.statusText), httpVersion: "recorded",
                    headers: entry.responseHeaders.map { ($0.name, $0.value) }, timings: Timings(total: duration),
                    size: Int64(entry.responseBody?.size ?? bytes.count),
                    content: content(of: bytes, entry.responseBody, mediaType: contentType), contentType: contentType,
                    banner: banner(status: status, entry), checks: []))
        } else {
            // History keeps the translation as "Title: explanation": the card shows them apart (as
            // one title it was cut at the pane's edge).
            let error = entry.error ?? "No response"
            let split = error.range(of: ": ")
            let title = split.map { String(error[..<$0.lowerBound]) } ?? error
            let explanation = split.map { String(error[$0.upperBound...]) } ?? "This exchange got no response."
            outcome = .failure(
                FailureCard(
                    translation: Translation(
                        title: title, explanation: explanation,
                        hint: "Send the request again to see what happens now.", technicalDetail: entry.error ?? ""),
                    origin: entry.environment.map { "environment \($0)" }))
        }
        var result = ExchangeResult(
            generation: -1 - index, outcome: outcome, environmentName: entry.environment, isMock: false, url: entry.url,
            method: entry.method)
        result.sent = SentRequest(entry)
        return result
    }

    /// A body history kept only the start of: said, with both sizes, and shown as text as far as
    /// it goes (parsed as JSON it read "Not JSON (line 1, column 65537…)", as if the server had
    /// sent broken JSON).
    private static func content(of bytes: [UInt8], _ body: HistoryBody?, mediaType: String?) -> ResponseContent {
        guard let body, body.truncated else { return ResponseProcessing.content(of: bytes, mediaType: mediaType) }
        guard TextBody.looksLikeText(bytes) else { return .binary(TextBody(binary: bytes)) }
        let note =
            "History kept the first \(ByteCount.format(Int64(bytes.count))) of this \(ByteCount.format(Int64(body.size))) "
            + "body: shown as text (send the request again for all of it)"
        return .text(TextBody(bytes: bytes), problem: note)
    }

    /// A past 4xx or 5xx answer keeps its banner, as it had when it arrived (it opened without).
    private static func banner(status: Int, _ entry: HistoryEntry) -> Translation? {
        guard status >= 400 else { return nil }
        return ErrorTranslator.standard.translate(
            statusCode: StatusCode(status),
            context: TranslationContext(method: HTTPMethod(rawValue: entry.method), url: URL(string: entry.url)))
    }
}
