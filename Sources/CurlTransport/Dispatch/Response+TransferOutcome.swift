import Foundation
import HTTPCore

extension Response where Body == ResponseBody {
    /// The response for a finished transfer of `request`, sent to `url` (kept as the response's URL
    /// when no redirect changed it, instead of parsed again).
    init(request: HTTPRequest, url: URL, outcome: TransferOutcome) {
        let body: ResponseBody =
            switch outcome.body {
            case .memory(let data): .data(data)
            case .file(let file, let size): .file(file, byteCount: size)
            }
        let timings = outcome.timings
        func mark(_ value: Duration) -> Duration? { value > .zero ? value : nil }
        self.init(
            request: request,
            statusCode: StatusCode(rawValue: outcome.status),
            headers: HTTPHeaders(receivedLines: outcome.head.bytes),
            httpVersion: HTTPVersion(rawValue: outcome.httpVersion) ?? .http11,
            url: outcome.effectiveURL == url.absoluteString ? url : URL(string: outcome.effectiveURL) ?? url,
            remoteAddress: outcome.remoteAddress,
            timings: Timings(
                dnsLookup: mark(timings.nameLookup), connect: mark(timings.connect),
                tlsHandshake: mark(timings.tlsHandshake), preTransfer: mark(timings.preTransfer),
                timeToFirstByte: mark(timings.firstByte), total: timings.total, redirect: mark(timings.redirect),
                redirectCount: timings.redirectCount, connectionsOpened: timings.connectionsOpened,
                completedAt: timings.completedAt),
            bytesSent: outcome.requestBytes + outcome.uploadedBytes,
            bytesReceived: outcome.headerBytes + outcome.downloadedBytes,
            reasonPhrase: outcome.head.statusVersion.isEmpty ? nil : outcome.reason,
            body: body
        )
    }
}
