import Foundation
package import HTTPCore

extension ResolvedRequest {
    /// The `HTTPRequest` a dispatcher sends: relative targets go through `serverProvider` (the
    /// environment), so switching environments redirects them without rebuilding.
    ///
    /// Digest credentials become `RequestOptions.authentication`: the transport answers the
    /// server's challenge. Throws `RequestError.invalidURL` for an absolute URL that does not parse.
    package func httpRequest(serverProvider: (any ServerProvider)?) throws(RequestError) -> HTTPRequest {
        var request: HTTPRequest
        switch target {
        case .absolute(let text):
            // Through the serializer, not `URL(string:)`, which re-encodes a valid `%41` as `%2541`
            // when anything else in the text needs encoding.
            request = HTTPRequest(method: httpMethod, url: try URLSerializer.url(absolute: text))
        case .path(let path):
            request = HTTPRequest(method: httpMethod, path: path, serverProvider: serverProvider)
        }
        request.queryItems = query.map { URLQueryItem(name: $0.name, value: $0.value) }
        for header in headers { request.headers.add(name: header.name, value: header.value) }
        switch body {
        case .none:
            break
        case .bytes(let bytes, let contentType):
            request.setBody(.bytes(Data(bytes)))
            if let contentType, !request.headers.contains("Content-Type") {
                request.headers["Content-Type"] = contentType
            }
        case .form(let fields):
            request.setFormBody(fields.map { FormField(name: $0.name, value: $0.value) })
        case .multipart(let parts):
            request.setMultipartBody(
                parts.map { part in
                    if let path = part.filePath {
                        return .file(part.name, path: path, filename: part.fileName, contentType: part.contentType)
                    }
                    return MultipartPart(
                        name: part.name, content: .text(part.value ?? ""), contentType: part.contentType)
                })
        case .file(let path, let contentType) where contentType == "":
            // An empty type: the file goes without one (`curl -T`), not with a guessed one.
            request.setBody(.file(path: path))
        case .file(let path, let contentType):
            request.setFileBody(path: path, contentType: contentType)
        }
        request.options = transportOptions
        return request
    }

    /// A saved method is already an `HTTPMethod`, validated when it was made: nothing to parse again.
    var httpMethod: HTTPMethod { method }

    /// The saved options over HTTPCore's safe defaults, but for redirects: a saved request follows
    /// them unless it (or its collection) says `followRedirects: false`, as Postman and Posting do.
    var transportOptions: HTTPCore.RequestOptions {
        var result = HTTPCore.RequestOptions(
            followRedirects: SavedOptions.defaultFollowRedirects, maxRedirects: SavedOptions.defaultMaxRedirects)
        // 0 is "no limit of its own", as libcurl reads it — for the mock dispatcher too, which
        // otherwise timed out at once where the live transport waited.
        if let seconds = options.timeoutSeconds, seconds > 0 { result.totalTimeout = Self.duration(seconds: seconds) }
        if let seconds = options.connectTimeoutSeconds, seconds > 0 {
            result.connectTimeout = Self.duration(seconds: seconds)
        }
        if let follow = options.followRedirects { result.followRedirects = follow }
        if let maximum = options.maxRedirects { result.maxRedirects = maximum }
        if let verify = options.verifyTLS { result.verifyTLS = verify }
        if let proxy = options.proxy, !proxy.isEmpty { result.proxy = proxy }
        if let caFile = options.caFile, !caFile.isEmpty { result.caFile = caFile }
        if let certificate = options.clientCertificate, !certificate.isEmpty {
            result.clientCertificate = ClientCertificate(
                certificatePath: certificate, privateKeyPath: options.clientKey,
                passphrase: options.clientKeyPassphrase)
        }
        switch options.httpVersion {
        case .http10?: result.httpVersion = .http10
        case .http11?: result.httpVersion = .http11
        case .http2?: result.httpVersion = .http2
        case .http2PriorKnowledge?: result.httpVersion = .http2PriorKnowledge
        case nil: break
        }
        if let digest = digestCredentials {
            result.authentication = .digest(username: digest.username, password: digest.password)
        }
        switch challengeAuth {
        case .ntlm(let username, let password)?: result.authentication = .ntlm(username: username, password: password)
        case .negotiate?: result.authentication = .negotiate
        case nil: break
        }
        return result
    }
}

extension ResolvedRequest {
    /// Seconds as whole milliseconds: rounded up (a fraction of a millisecond must not become 0,
    /// "no timeout") and at most 2^31 - 1 (what libcurl takes; a larger value would trap here).
    static func duration(seconds: Double) -> Duration {
        guard seconds.isFinite, seconds > 0 else { return seconds > 0 ? .milliseconds(Int64(Int32.max)) : .zero }
        return .milliseconds(Int64(min((seconds * 1000).rounded(.up), Double(Int32.max))))
    }
}
