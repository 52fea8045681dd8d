extension TransportError {
    /// A transport failure family. Each has its own translation.
    public enum Reason: Hashable, Sendable {
        /// The host name could not be resolved (no such host, DNS server unreachable).
        case dnsFailure
        /// The proxy's host name could not be resolved.
        case proxyDNSFailure
        /// The host actively refused the connection (nothing listening on that port).
        case connectionRefused
        /// The host or network is unreachable (no route).
        case hostUnreachable
        /// The connection was not established within the connect timeout.
        case connectTimeout
        /// The whole exchange did not finish within the total timeout.
        case totalTimeout
        /// The TLS handshake failed (protocol or cipher mismatch, not a TLS server).
        case tlsHandshake
        /// The server's certificate is not signed by a trusted authority (self-signed, unknown CA).
        case certificateUntrusted
        /// The server's certificate has expired or is not yet valid.
        case certificateExpired
        /// The certificate is valid but for another host name.
        case hostnameMismatch
        /// The client certificate or key could not be used.
        case clientCertificate
        /// The server asks for a client certificate and refused the one presented, or that none was
        /// (its TLS alert: certificate required, bad certificate, unknown CA, …).
        case clientCertificateRefused
        /// The CA file given could not be read.
        case caFileUnreadable
        /// More redirects than the request allows.
        case tooManyRedirects
        /// A redirect led to a scheme other than http/https (``TransportError/redirectScheme``
        /// names it); the transport follows redirects only to HTTP and HTTPS.
        case redirectRefused
        /// A redirect's `Location` is not a URL (``TransportError/redirectLocation`` holds it as
        /// the server sent it): the server's fault, not the request's URL.
        case badRedirect
        /// Sending the request failed (connection reset while uploading).
        case sendFailure
        /// Receiving the response failed (connection reset while downloading).
        case receiveFailure
        /// The server closed the connection without sending any response.
        case emptyReply
        /// The server closed the connection before the whole body arrived.
        case partialBody
        /// The server's reply is not valid HTTP (or an HTTP/2 protocol error).
        case protocolError
        /// The response's headers are larger than the transport accepts.
        case headerTooLarge
        /// The body's content encoding (gzip, br, …) could not be decoded.
        case decompressionFailure
        /// The proxy refused or failed the connection.
        case proxyFailure
        /// The exchange was cancelled by the user or the program.
        case cancelled
        /// The body is larger than the configured limit.
        case bodyTooLarge
        /// A file to upload could not be read.
        case uploadFileUnreadable
        /// The body could not be written to disk (disk full, temp folder not writable).
        case downloadWriteFailure
        /// The URL uses a scheme or feature the transport does not support (e.g. HTTP/3 not built in).
        case unsupportedProtocol
        /// The URL could not be parsed by the transport.
        case malformedURL
        /// The transport ran out of memory.
        case outOfMemory
        /// The server refused the operation in the terms of the protocol spoken over the connection:
        /// a GraphQL subscription's `error`, a close before `connection_ack` (4401, 4403…).
        case refused
        /// Any other failure, with the transport's raw code and message.
        case other(code: Int, message: String)

        /// Every reason except ``other(code:message:)``: the list translations are checked against.
        public static let known: [Reason] = [
            .dnsFailure, .proxyDNSFailure, .connectionRefused, .hostUnreachable, .connectTimeout, .totalTimeout,
            .tlsHandshake, .certificateUntrusted, .certificateExpired, .hostnameMismatch, .clientCertificate,
            .clientCertificateRefused, .caFileUnreadable, .tooManyRedirects, .redirectRefused, .badRedirect,
            .sendFailure, .receiveFailure, .emptyReply, .partialBody,
            .protocolError, .headerTooLarge, .decompressionFailure, .proxyFailure, .cancelled, .bodyTooLarge,
            .uploadFileUnreadable,
            .downloadWriteFailure, .unsupportedProtocol, .malformedURL, .outOfMemory, .refused,
        ]

        /// The known reason called `name` (as ``name`` spells it), or `nil`.
        public init?(name: String) {
            guard let reason = Self.known.first(where: { $0.name == name }) else { return nil }
            self = reason
        }

        /// A stable identifier (`dnsFailure`), used as the translation key `transport.<name>`.
        public var name: String {
            switch self {
            case .dnsFailure: return "dnsFailure"
            case .proxyDNSFailure: return "proxyDNSFailure"
            case .connectionRefused: return "connectionRefused"
            case .hostUnreachable: return "hostUnreachable"
            case .connectTimeout: return "connectTimeout"
            case .totalTimeout: return "totalTimeout"
            case .tlsHandshake: return "tlsHandshake"
            case .certificateUntrusted: return "certificateUntrusted"
            case .certificateExpired: return "certificateExpired"
            case .hostnameMismatch: return "hostnameMismatch"
            case .clientCertificate: return "clientCertificate"
            case .clientCertificateRefused: return "clientCertificateRefused"
            case .caFileUnreadable: return "caFileUnreadable"
            case .tooManyRedirects: return "tooManyRedirects"
            case .redirectRefused: return "redirectRefused"
            case .badRedirect: return "badRedirect"
            case .sendFailure: return "sendFailure"
            case .receiveFailure: return "receiveFailure"
            case .emptyReply: return "emptyReply"
            case .partialBody: return "partialBody"
            case .protocolError: return "protocolError"
            case .headerTooLarge: return "headerTooLarge"
            case .decompressionFailure: return "decompressionFailure"
            case .proxyFailure: return "proxyFailure"
            case .cancelled: return "cancelled"
            case .bodyTooLarge: return "bodyTooLarge"
            case .uploadFileUnreadable: return "uploadFileUnreadable"
            case .downloadWriteFailure: return "downloadWriteFailure"
            case .unsupportedProtocol: return "unsupportedProtocol"
            case .malformedURL: return "malformedURL"
            case .outOfMemory: return "outOfMemory"
            case .refused: return "refused"
            case .other: return "other"
            }
        }
    }
}

extension TransportError.Reason {
    /// The stage a failure of this kind usually happens in, for errors made without one (mock
    /// failures): DNS → resolving, refused → connecting, certificates → TLS handshake, …
    public var typicalStage: ExchangeStage {
        switch self {
        case .dnsFailure, .proxyDNSFailure: .resolving
        case .connectionRefused, .hostUnreachable, .connectTimeout, .proxyFailure: .connecting
        case .tlsHandshake, .certificateUntrusted, .certificateExpired, .hostnameMismatch, .clientCertificate,
            .clientCertificateRefused, .caFileUnreadable:
            .tlsHandshake
        case .sendFailure, .uploadFileUnreadable: .sending
        case .totalTimeout, .emptyReply, .protocolError, .headerTooLarge, .tooManyRedirects, .redirectRefused,
            .badRedirect, .refused:
            .waiting
        case .receiveFailure, .partialBody, .decompressionFailure, .bodyTooLarge, .downloadWriteFailure: .receiving
        case .cancelled, .unsupportedProtocol, .malformedURL, .outOfMemory, .other: .queued
        }
    }
}
