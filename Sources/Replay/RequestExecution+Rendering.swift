import Foundation
import HTTPCore
import Workspace

extension RequestExecution {
    /// Whether the process environment names a proxy (`http_proxy`, `ALL_PROXY`…): libcurl may send
    /// through it (a SOCKS proxy even with the request line unchanged), the engine would not.
    static let environmentNamesAProxy = ProcessInfo.processInfo.environment.keys.contains { name in
        let lower = name.lowercased()
        return lower.hasSuffix("_proxy") && lower != "no_proxy"
    }

    /// The largest first response whose request is rendered: the keep-alive engine keeps each
    /// response in memory while it reads it.
    static let largestRenderedResponse: Int64 = 1024 * 1024

    /// Whether `request` (as prepared) stays the same from one send to the next, so its bytes may
    /// be sent again as they are (`LoadRendering`).
    func rendersStill(_ request: HTTPRequest, _ preparation: SendPreparation) -> Bool {
        let saved = item.request
        guard !hasScripts, saved.captures.isEmpty, saved.retry == nil, saved.stream == nil, !saved.opensWebSocket,
            request.exchangeObserver == nil
        else { return false }
        let resolved = preparation.resolved
        guard !resolved.usesFreshValues, resolved.awsSigning == nil, resolved.oauth == nil,
            resolved.commandAuth == nil, resolved.jwt == nil, resolved.challengeAuth == nil,
            resolved.digestCredentials == nil, preparation.oauth == nil, preparation.signature == nil
        else { return false }
        let options = request.options
        guard options.proxy == nil, !Self.environmentNamesAProxy, options.clientCertificate == nil,
            options.httpVersion == nil || options.httpVersion == .http11
        else { return false }
        // Basic goes out at once as a header; the others answer a challenge.
        switch options.authentication {
        case .none, .basic: break
        case .digest, .ntlm, .negotiate: return false
        }
        switch request.body {
        case .none, .bytes, .json, .formURLEncoded: break
        case .multipart, .file: return false
        }
        guard let url = try? request.url(), url.scheme?.lowercased() == "http", url.host?.isEmpty == false else {
            return false
        }
        return true
    }

    /// The rendering of a request sent once with `capture` watching, when its response and what
    /// went out allow it (see `LoadRendering`).
    func rendering(
        of request: HTTPRequest, capture: SentHeadCapture, response: DataResponse, preparation: SendPreparation,
        base: RequestResult, jarGeneration: Int?
    ) -> LoadRendering? {
        guard let sent = capture.onlyHead, !sent.head.isEmpty,
            LoadResponseChecker.keepsUp(
                status: response.statusCode.rawValue, headers: response.headers, options: request.options),
            let url = try? request.url(), let host = url.host
        else { return nil }
        let head = sent.head
        // Origin form ("GET /path HTTP/1.1"): an absolute URL means a proxy took it.
        guard let space = head.firstIndex(of: UInt8(ascii: " ")), space + 1 < head.count,
            head[space + 1] == UInt8(ascii: "/")
        else { return nil }
        // Large answers stay with the transport, which spills them to disk.
        guard response.bytesReceived <= Self.largestRenderedResponse else { return nil }
        let body = request.body.inMemoryData.map { [UInt8]($0) } ?? []
        guard Int64(body.count) == sent.bodyBytes else { return nil }
        let readsDuration = item.request.expectations.contains {
            if case .responseTime = $0.subject { true } else { false }
        }
        let checker = LoadResponseChecker(
            execution: self, preparation: preparation, request: request, base: base, readsDuration: readsDuration)
        // The cookies the head carries are those of the jar as it was before the send: the rendering
        // holds while the jar stays so and none of them has expired.
        let jar = request.options.cookieJar
        let expiry = jar?.cookies(for: url).compactMap(\.expires).min()
        return LoadRendering(
            request: RenderedRequest(
                bytes: head + body, expectsBody: request.method != .head, timeout: request.options.totalTimeout,
                connectTimeout: request.options.connectTimeout),
            target: KeepAliveTarget(host: host, port: url.port ?? 80), checker: checker,
            cookies: jar.map { LoadRendering.Cookies(jar: $0, generation: jarGeneration ?? -1, expiry: expiry) })
    }
}
