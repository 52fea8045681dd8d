import Foundation
import HTTPCore
import Workspace

/// HAR 1.2 from the history of the selected requests (`input.history`, already redacted as it was
/// stored): an entry per exchange, oldest first, with the request as sent and the response as
/// received. Each entry's `comment` is the request's name and `_requestId` its id, so importing
/// the file again gives the same requests back. Exchanges that got no response keep their error
/// in `_error` with status 0, as browsers write failed requests.
package enum HARExport {
    package static func export(_ input: ExportInput) throws(ExportError) -> [UInt8] {
        let selected = Set(input.selection.map(\.request.id))
        let entries = input.history.filter { entry in entry.requestID.map(selected.contains) ?? false }
        guard !entries.isEmpty else {
            throw ExportError(
                "no history for the selected requests: send them in the explorer or with lazer run first")
        }
        let redactor = input.redactor
        let log = StoredJSON.object([
            StoredJSON.Member("version", .string("1.2")),
            StoredJSON.Member(
                "creator",
                .object([StoredJSON.Member("name", .string("lazer")), StoredJSON.Member("version", .string("0.1.0"))])),
            StoredJSON.Member("entries", .array(entries.map { HAREntryWriter.entry($0, redactor: redactor) })),
        ])
        return Array(StoredJSON.object([StoredJSON.Member("log", log)]).prettyPrinted().utf8)
    }
}

/// One history entry as a HAR entry.
enum HAREntryWriter {
    static func entry(_ entry: HistoryEntry, redactor: Redactor) -> StoredJSON {
        func headers(_ list: [HistoryEntry.Header]) -> StoredJSON {
            .array(
                list.map {
                    .object([
                        StoredJSON.Member("name", .string($0.name)),
                        StoredJSON.Member("value", .string(redactor.redactHeader(name: $0.name, value: $0.value))),
                    ])
                })
        }
        func header(_ name: String, in list: [HistoryEntry.Header]) -> String? {
            list.last { $0.name.lowercased() == name }?.value
        }
        let url = redactor.redact(entry.url)
        // The protocol of the exchange (request and response went over the same connection); ""
        // when unknown: no response, or an entry recorded before Lazer kept it.
        let version = entry.httpVersion ?? ""
        var query: [StoredJSON] = []
        if let mark = url.firstIndex(of: "?") {
            // Decoded from the masked URL, and masked again once decoded: a secret that was
            // percent- or form-encoded in the URL never comes back as plain text here.
            query = QueryRows.parse(url[url.index(after: mark)...].prefix { $0 != "#" }).map {
                .object([
                    StoredJSON.Member("name", .string(redactor.redact($0.name))),
                    StoredJSON.Member("value", .string(redactor.redact($0.value))),
                ])
            }
        }
        var request = [
            StoredJSON.Member("method", .string(entry.method)), StoredJSON.Member("url", .string(url)),
            StoredJSON.Member("httpVersion", .string(version)),
            StoredJSON.Member("cookies", .array([])),
            StoredJSON.Member("headers", headers(entry.requestHeaders)),
            StoredJSON.Member("queryString", .array(query)),
        ]
        if let body = entry.requestBody {
            var postData = [
                StoredJSON.Member(
                    "mimeType", .string(header("content-type", in: entry.requestHeaders) ?? "application/octet-stream")),
                StoredJSON.Member("text", .string(redactor.redact(body.text))),
            ]
            if body.encoding == .base64 { postData.append(StoredJSON.Member("encoding", .string("base64"))) }
            if body.truncated {
                postData.append(
                    StoredJSON.Member(
                        "comment", .string("cut to the first \(body.text.utf8.count) bytes of \(body.size) in history"))
                )
            }
            request.append(StoredJSON.Member("postData", .object(postData)))
        }
        request.append(StoredJSON.Member("headersSize", .integer(-1)))
        request.append(StoredJSON.Member("bodySize", .integer(entry.requestBody?.size ?? 0)))
        var content = [
            StoredJSON.Member("size", .integer(entry.responseBody?.size ?? 0)),
            StoredJSON.Member(
                "mimeType", .string(header("content-type", in: entry.responseHeaders) ?? "application/octet-stream")),
        ]
        if let body = entry.responseBody {
            content.append(StoredJSON.Member("text", .string(redactor.redact(body.text))))
            if body.encoding == .base64 { content.append(StoredJSON.Member("encoding", .string("base64"))) }
        }
        let response = [
            StoredJSON.Member("status", .integer(entry.status ?? 0)),
            StoredJSON.Member("statusText", .string(statusText(entry))),
            StoredJSON.Member("httpVersion", .string(version)), StoredJSON.Member("cookies", .array([])),
            StoredJSON.Member("headers", headers(entry.responseHeaders)),
            StoredJSON.Member("content", .object(content)),
            StoredJSON.Member("redirectURL", .string(header("location", in: entry.responseHeaders) ?? "")),
            StoredJSON.Member("headersSize", .integer(-1)),
            StoredJSON.Member("bodySize", .integer(entry.responseBody?.size ?? -1)),
        ]
        let duration = entry.durationMilliseconds ?? 0
        var members = [
            StoredJSON.Member("startedDateTime", .string(timestamp(entry.date))),
            StoredJSON.Member("time", .double(duration)),
            StoredJSON.Member("request", .object(request)), StoredJSON.Member("response", .object(response)),
            StoredJSON.Member("cache", .object([])),
            StoredJSON.Member(
                "timings",
                .object([
                    StoredJSON.Member("send", .integer(0)), StoredJSON.Member("wait", .double(duration)),
                    StoredJSON.Member("receive", .integer(0)),
                ])),
        ]
        if let name = entry.requestName { members.append(StoredJSON.Member("comment", .string(name))) }
        if let id = entry.requestID { members.append(StoredJSON.Member("_requestId", .string(id))) }
        if let error = entry.error { members.append(StoredJSON.Member("_error", .string(redactor.redact(error)))) }
        return .object(members)
    }

    /// The reason phrase the server sent; without one recorded (a mock answer, an older entry) the
    /// standard phrase of the status; "" over HTTP/2, which has none, and without a response.
    static func statusText(_ entry: HistoryEntry) -> String {
        if let text = entry.statusText { return text }
        guard let status = entry.status, status > 0 else { return "" }
        return StatusCode(rawValue: status).reasonPhrase ?? ""
    }

    /// `2026-11-25T17:40:00.123Z`, as HAR's startedDateTime wants.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
