import Foundation
import HTTPCore

extension TransferSpec {
    /// The transfer for `request`, sent to its resolved `url`.
    init(request: HTTPRequest, url: URL, userAgent: String) {
        self.init(fields: Fields(request: request, url: url, userAgent: userAgent))
    }
}

extension TransferSpec.Fields {
    /// Filled in before the spec is boxed, so no field is set through copy-on-write checks.
    fileprivate init(request: HTTPRequest, url: URL, userAgent: String) {
        self.init(url: url.absoluteString)
        method = request.method.rawValue
        headers = request.headers.map { ($0.name, $0.value) }
        if !request.headers.contains("User-Agent") { self.userAgent = userAgent }
        body = TransferSpec.body(request.body)
        if case .none = request.body {
        } else if !request.headers.contains("Content-Type") {
            if let contentType = request.body.defaultContentType {
                headers.append(("Content-Type", contentType))
            } else {
                // libcurl would label a POST body form-urlencoded; raw bytes carry no type unless given one.
                suppressedHeaders.append("Content-Type")
            }
        }
        let options = request.options
        connectTimeoutMilliseconds = options.connectTimeout.map(TransferSpec.milliseconds)
        totalTimeoutMilliseconds = options.totalTimeout.map(TransferSpec.milliseconds)
        followRedirects = options.followRedirects
        cookieJar = options.cookieJar
        responseStream = request.responseStream
        bodyPreview = request.bodyPreview
        maxRedirects = options.maxRedirects
        verifyTLS = options.verifyTLS
        caFile = options.caFile
        clientCertificate = options.clientCertificate?.certificatePath
        clientKey = options.clientCertificate?.privateKeyPath
        clientKeyPassphrase = options.clientCertificate?.passphrase
        proxy = options.proxy
        proxyCAFile = options.proxyCAFile
        authentication = options.authentication.map { credentials in
            switch credentials {
            case .basic(let username, let password):
                TransferSpec.Authentication(scheme: .basic, username: username, password: password)
            case .digest(let username, let password):
                TransferSpec.Authentication(scheme: .digest, username: username, password: password)
            case .ntlm(let username, let password):
                TransferSpec.Authentication(scheme: .ntlm, username: username, password: password)
            case .negotiate:
                // libcurl wants a user name set, even empty (`curl --negotiate -u :`), to try it.
                TransferSpec.Authentication(scheme: .negotiate, username: "", password: "")
            }
        }
        acceptCompression = options.acceptCompression
        version = TransferSpec.version(options.httpVersion)
    }
}

extension TransferSpec {
    fileprivate static func body(_ body: RequestBody) -> Body {
        switch body {
        case .none:
            return .none
        case .bytes(let data), .json(let data):
            return .bytes(data)
        case .formURLEncoded:
            return .bytes(body.inMemoryData ?? Data())
        case .multipart(let multipart):
            return .stream(
                multipart.segments.map { segment in
                    switch segment {
                    case .data(let data): .data(data)
                    case .file(let path): .file(path: path)
                    }
                })
        case .file(let path):
            return .stream([.file(path: path)])
        }
    }

    fileprivate static func version(_ version: HTTPVersion?) -> Version {
        switch version {
        case nil: .automatic
        case .http10: .http10
        case .http11: .http11
        case .http2: .http2
        case .http2PriorKnowledge: .http2PriorKnowledge
        case .http3: .http3
        }
    }

    /// A timeout in whole milliseconds, at least 1 (0 would mean "no timeout" to libcurl).
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}
