import CCurl
import Foundation
import HTTPCore

extension TransportError {
    /// The transport error for a failed transfer of `url`; `viaProxy` says a proxy was configured.
    init(_ failure: CurlFailure, url: URL, viaProxy: Bool) {
        let reason: Reason
        var code: Int?
        var scheme: String?
        var location: String?
        switch failure.cause {
        case .redirectMalformed(let target):
            reason = .badRedirect
            location = target
        case .redirectRefused(let refused):
            reason = .redirectRefused
            scheme = refused
        case .cancelled:
            reason = .cancelled
        case .uploadFileUnreadable:
            reason = .uploadFileUnreadable
        case .downloadWriteFailure:
            reason = .downloadWriteFailure
        case .engineStopped:
            reason = .cancelled
        case .curl(let raw):
            code = raw
            reason = Self.reason(forCurlCode: raw, failure: failure, viaProxy: viaProxy)
        }
        var timings: Timings?
        if let measured = failure.timings {
            func mark(_ value: Duration) -> Duration? { value > .zero ? value : nil }
            timings = Timings(
                dnsLookup: mark(measured.nameLookup), connect: mark(measured.connect),
                tlsHandshake: mark(measured.tlsHandshake), preTransfer: mark(measured.preTransfer),
                timeToFirstByte: mark(measured.firstByte), total: measured.total, redirect: mark(measured.redirect),
                redirectCount: measured.redirectCount, connectionsOpened: measured.connectionsOpened,
                completedAt: measured.completedAt)
        }
        self.init(
            reason, message: failure.message, code: code, url: url, redirectScheme: scheme,
            redirectLocation: location, stage: failure.stage ?? reason.typicalStage, timings: timings)
    }

    /// OpenSSL's `X509_V_ERR_CERT_NOT_YET_VALID`, `X509_V_ERR_CERT_HAS_EXPIRED`, `X509_V_ERR_HOSTNAME_MISMATCH`.
    private static let notYetValid = 9
    private static let expired = 10
    private static let hostnameMismatch = 62

    /// The TLS alerts a server sends about the client's certificate, as OpenSSL words them (TLS
    /// 1.3 sends them after the handshake, so libcurl reports them while receiving).
    private static let clientCertificateAlerts = [
        "alert certificate required", "alert bad certificate", "alert unknown ca", "alert certificate unknown",
        "alert certificate expired", "alert certificate revoked", "alert unsupported certificate",
    ]

    static func refusesClientCertificate(_ message: String) -> Bool {
        let message = message.lowercased()
        return clientCertificateAlerts.contains { message.contains($0) }
    }

    static func reason(forCurlCode raw: Int, failure: CurlFailure, viaProxy: Bool) -> Reason {
        if failure.clientCertificateRefused, !viaProxy { return .clientCertificateRefused }
        if failure.headerTooLarge { return .headerTooLarge }
        let code = CURLcode(rawValue: UInt32(clamping: raw))
        switch code {
        case CURLE_UNSUPPORTED_PROTOCOL:
            // "Received HTTP/0.9 when not allowed": the port answered with something that is not
            // HTTP/1.x (an SSH banner, an h2c-only server): the server's protocol, not the request's.
            return failure.message.contains("HTTP/0.9") ? .protocolError : .unsupportedProtocol
        case CURLE_URL_MALFORMAT: return .malformedURL
        case CURLE_COULDNT_RESOLVE_PROXY: return .proxyDNSFailure
        case CURLE_COULDNT_RESOLVE_HOST: return .dnsFailure
        case CURLE_COULDNT_CONNECT:
            if viaProxy { return .proxyFailure }
            let message = failure.message.lowercased()
            if message.contains("no route") || message.contains("unreachable") { return .hostUnreachable }
            return .connectionRefused
        case CURLE_WEIRD_SERVER_REPLY, CURLE_HTTP2, CURLE_HTTP2_STREAM: return .protocolError
        case CURLE_PARTIAL_FILE: return .partialBody
        case CURLE_WRITE_ERROR: return .downloadWriteFailure
        case CURLE_READ_ERROR: return .uploadFileUnreadable
        case CURLE_OUT_OF_MEMORY: return .outOfMemory
        case CURLE_OPERATION_TIMEDOUT: return failure.connected ? .totalTimeout : .connectTimeout
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CIPHER, CURLE_SSL_ENGINE_NOTFOUND:
            return Self.refusesClientCertificate(failure.message) ? .clientCertificateRefused : .tlsHandshake
        case CURLE_ABORTED_BY_CALLBACK: return .cancelled
        case CURLE_TOO_MANY_REDIRECTS: return .tooManyRedirects
        case CURLE_GOT_NOTHING: return .emptyReply
        case CURLE_SEND_ERROR: return .sendFailure
        case CURLE_RECV_ERROR:
            if Self.refusesClientCertificate(failure.message) { return .clientCertificateRefused }
            return failure.message.contains("CONNECT") ? .proxyFailure : .receiveFailure
        case CURLE_SSL_CERTPROBLEM: return .clientCertificate
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_ISSUER_ERROR:
            // An https:// proxy's own certificate failed: a proxy problem, not the server's certificate.
            if viaProxy, failure.proxyVerifyResult != 0 { return .proxyFailure }
            if failure.verifyResult == expired || failure.verifyResult == notYetValid { return .certificateExpired }
            let message = failure.message.lowercased()
            if failure.verifyResult == hostnameMismatch || message.contains("subject name")
                || message.contains("does not match")
            {
                return .hostnameMismatch
            }
            return .certificateUntrusted
        case CURLE_BAD_CONTENT_ENCODING: return .decompressionFailure
        case CURLE_FILESIZE_EXCEEDED: return .bodyTooLarge
        case CURLE_SSL_CACERT_BADFILE: return .caFileUnreadable
        case CURLE_PROXY:
            // socks5:// resolves the destination here: a name that does not resolve is a DNS failure.
            return failure.proxyError == Int(CURLPX_RESOLVE_HOST.rawValue) ? .dnsFailure : .proxyFailure
        default: return .other(code: raw, message: failure.message)
        }
    }
}
