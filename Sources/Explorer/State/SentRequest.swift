import Foundation
package import HTTPCore
package import Workspace

/// The request as it went out — method, final URL, headers, body — with secrets masked as the
/// timeline and history mask them, for the Headers tab above the response's headers. Made from
/// the prepared request for a live send, from the entry for one opened from history (or the
/// Runner, which opens its run's entry).
package struct SentRequest: Sendable, Equatable {
    package struct Header: Sendable, Equatable {
        package var name: String
        package var value: String

        package init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    package enum Body: Sendable, Equatable {
        case none
        /// Text, its lines (at most `lineLimit`), the whole size, and whether it was cut.
        case text(lines: [String], size: Int, cut: Bool)
        /// Said in one line: a binary body, a file streamed from disk, a body too large to show.
        case note(String)
    }

    package var method: String
    package var url: String
    package var headers: [Header]
    package var body: Body

    package init(method: String, url: String, headers: [Header], body: Body) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The lines of a body shown at most, and the bytes: a large upload is said, not drawn.
    static let lineLimit = 500
    static let byteLimit = 64 * 1024
    /// A body past this size is not masked on the main thread to be shown: it is said.
    static let maskLimit = 256 * 1024

    /// The prepared request of a live send, masked with its redactor.
    package init(_ request: HTTPRequest, redactor: Redactor) {
        method = request.method.rawValue
        let target: String
        if let url = try? request.url() {
            target = url.absoluteString
        } else if case .path(let path) = request.target {
            target = path
        } else {
            target = ""
        }
        url = redactor.redact(target)
        headers = request.headers.fields.map { Header($0.name, redactor.redactHeader(name: $0.name, value: $0.value)) }
        switch request.body {
        case .none:
            body = .none
        case .file(let path):
            body = .note("the file \(path), streamed from disk")
        case .multipart(let parts) where parts.hasFileParts:
            body = .note("a multipart form with files, streamed from disk")
        default:
            let data = request.body.inMemoryData ?? Data()
            if data.isEmpty {
                body = .none
            } else if data.count > Self.maskLimit {
                body = .note("\(ByteCount.format(Int64(data.count))) body, not shown")
            } else {
                body = Self.body(HistoryBody(bytes: Array(data), limit: Self.byteLimit, redactor: redactor))
            }
        }
    }

    /// The `Cookie` header as the transport sends it on the first hop: the request's own as shown,
    /// then `cookies` (the jar's for the URL) by name, their values masked — cookies are credentials.
    package mutating func addJarCookies(_ cookies: [Cookie]) {
        let own = headers.firstIndex { $0.name.lowercased() == "cookie" }
        let ownNames = Set(
            (own.map { headers[$0].value } ?? "").split(separator: ";").map {
                String($0.split(separator: "=", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces)
            })
        let added = cookies.filter { !ownNames.contains($0.name) }.map { "\($0.name)=\(Redactor.mask)" }
        guard !added.isEmpty else { return }
        if let own {
            headers[own].value += "; " + added.joined(separator: "; ")
        } else {
            headers.append(Header("Cookie", added.joined(separator: "; ")))
        }
    }

    /// A request as history recorded it (already masked, its body cut at 64 KiB).
    package init(_ entry: HistoryEntry) {
        method = entry.method
        url = entry.url
        headers = entry.requestHeaders.map { Header($0.name, $0.value) }
        body = entry.requestBody.map(Self.body) ?? .none
    }

    private static func body(_ kept: HistoryBody) -> Body {
        guard kept.encoding == .utf8 else { return .note("binary body, \(ByteCount.format(Int64(kept.size)))") }
        // A CRLF is one Character: split on line breaks, not on "\n" (it split nothing then).
        let all = kept.text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        let lines = all.prefix(lineLimit).map(String.init)
        return .text(lines: lines, size: kept.size, cut: kept.truncated || all.count > lineLimit)
    }
}
