public import Foundation

/// One thing that happened in an exchange, reported when it happened.
///
/// An observed exchange (see ``ExchangeObserver``) reports, in this order: ``Kind/queued``; for a new
/// connection ``Kind/resolved``, ``Kind/connected`` and, for `https`, ``Kind/tlsEstablished``
/// (a reused connection reports only ``Kind/connected`` with `reused` set); ``Kind/requestSent``;
/// ``Kind/responseHead`` — before any of the body —; ``Kind/bodyProgress`` (at most 10 a second,
/// the first at once); for each redirect followed ``Kind/redirect`` and the next hop's events; and
/// exactly one of ``Kind/completed``, ``Kind/failed`` or ``Kind/cancelled``, after which nothing.
public struct ExchangeEvent: Sendable, Equatable {
    /// Time since the exchange was handed to the transport (monotonic; never smaller than the
    /// previous event's). A mock reports its simulated time (its delays).
    public var offset: Duration
    /// What happened.
    public var kind: Kind
    /// The stage the exchange is in from this event on (for a terminal event, the stage it ended in).
    public var stage: ExchangeStage
    /// Whether a mock answered (``MockDispatcher``): no network, simulated times.
    public var isMock: Bool

    public init(offset: Duration, kind: Kind, stage: ExchangeStage, isMock: Bool = false) {
        self.offset = offset
        self.kind = kind
        self.stage = stage
        self.isMock = isMock
    }

    /// What happened. The payloads are values: an observer may keep them.
    public enum Kind: Sendable, Equatable {
        /// The transport accepted the request (after request adapters and validation).
        case queued(Queued)
        /// The host name was resolved.
        case resolved(Resolution)
        /// A connection is ready for this request: opened now, or reused.
        case connected(Connection)
        /// TLS was negotiated on a new connection.
        case tlsEstablished(TLSDetails)
        /// The request (head and body) went out.
        case requestSent(RequestSent)
        /// The response's status line and headers arrived; the body has not (yet).
        case responseHead(ResponseHead)
        /// Body bytes arrived.
        case bodyProgress(BodyProgress)
        /// A redirect was followed; the next hop's events follow.
        case redirect(RedirectHop)
        /// The exchange ended with a response (after response adapters).
        case completed(DataResponse)
        /// The exchange ended without a response (a ``TransportError`` carries the same stage and timings).
        case failed(Failure)
        /// The exchange was cancelled in `stage`.
        case cancelled(stage: ExchangeStage)

        /// Kinds are equal when their payloads are; a response or a failure (which holds `any
        /// Error`) compares by how it prints.
        public static func == (a: Kind, b: Kind) -> Bool {
            switch (a, b) {
            case (.queued(let x), .queued(let y)): x == y
            case (.resolved(let x), .resolved(let y)): x == y
            case (.connected(let x), .connected(let y)): x == y
            case (.tlsEstablished(let x), .tlsEstablished(let y)): x == y
            case (.requestSent(let x), .requestSent(let y)): x == y
            case (.responseHead(let x), .responseHead(let y)): x == y
            case (.bodyProgress(let x), .bodyProgress(let y)): x == y
            case (.redirect(let x), .redirect(let y)): x == y
            case (.cancelled(let x), .cancelled(let y)): x == y
            case (.completed, .completed), (.failed, .failed): String(reflecting: a) == String(reflecting: b)
            default: false
            }
        }

        /// Whether the exchange ends with this event.
        public var isTerminal: Bool {
            switch self {
            case .completed, .failed, .cancelled: true
            default: false
            }
        }

        /// A stable short name ("queued", "resolved", "tls", "head", …) for logs and tests.
        public var name: String {
            switch self {
            case .queued: "queued"
            case .resolved: "resolved"
            case .connected: "connected"
            case .tlsEstablished: "tls"
            case .requestSent: "sent"
            case .responseHead: "head"
            case .bodyProgress: "body"
            case .redirect: "redirect"
            case .completed: "completed"
            case .failed: "failed"
            case .cancelled: "cancelled"
            }
        }
    }
}

extension ExchangeEvent {
    /// ``Kind/queued``: what was handed over.
    public struct Queued: Sendable, Hashable {
        public var method: HTTPMethod
        public var url: URL
        public init(method: HTTPMethod, url: URL) {
            self.method = method
            self.url = url
        }
    }

    /// ``Kind/resolved``: the name lookup.
    public struct Resolution: Sendable, Hashable {
        /// The host name looked up.
        public var host: String
        /// The addresses the transport tried or will try, in order (the first is the one it connects to first).
        public var addresses: [String]
        /// How long the lookup took (from the start of this hop).
        public var duration: Duration
        public init(host: String, addresses: [String], duration: Duration) {
            self.host = host
            self.addresses = addresses
            self.duration = duration
        }
    }

    /// ``Kind/connected``: the connection this request goes over.
    public struct Connection: Sendable, Hashable {
        /// The peer's IP address (the proxy's, through a proxy).
        public var address: String
        public var port: Int
        /// Whether an earlier exchange's connection was reused (no DNS, connect or TLS then).
        public var reused: Bool
        /// How long the TCP connect took, for a new connection.
        public var connectDuration: Duration?
        public init(address: String, port: Int, reused: Bool, connectDuration: Duration? = nil) {
            self.address = address
            self.port = port
            self.reused = reused
            self.connectDuration = connectDuration
        }

        /// `127.0.0.1:8443`, `[::1]:8443`.
        public var endpoint: String {
            address.contains(":") ? "[\(address)]:\(port)" : "\(address):\(port)"
        }
    }

    /// ``Kind/tlsEstablished``: what TLS was negotiated, and the server's certificate.
    ///
    /// Texts come from the server (the certificate's names): render them through `TerminalText`.
    public struct TLSDetails: Sendable, Hashable {
        /// `TLSv1.3`.
        public var protocolVersion: String?
        /// `TLS_AES_256_GCM_SHA384`.
        public var cipher: String?
        /// The server's own (leaf) certificate.
        public var certificate: Certificate?
        public var verification: Verification
        /// How long the handshake took.
        public var duration: Duration?

        public init(
            protocolVersion: String?, cipher: String?, certificate: Certificate?, verification: Verification,
            duration: Duration? = nil
        ) {
            self.protocolVersion = protocolVersion
            self.cipher = cipher
            self.certificate = certificate
            self.verification = verification
            self.duration = duration
        }

        /// The leaf certificate's names and validity as the TLS library printed them.
        public struct Certificate: Sendable, Hashable {
            /// `CN=localhost`.
            public var subject: String
            /// `CN=Lazer Test CA`.
            public var issuer: String
            /// Valid from, as printed (`Nov 25 16:19:23 2026 GMT`).
            public var notBefore: String?
            /// Expires, as printed.
            public var notAfter: String?
            /// ``notAfter`` parsed, when it could be.
            public var expires: Date?
            public init(subject: String, issuer: String, notBefore: String?, notAfter: String?, expires: Date?) {
                self.subject = subject
                self.issuer = issuer
                self.notBefore = notBefore
                self.notAfter = notAfter
                self.expires = expires
            }
        }

        /// Whether the certificate was checked, and what the check said.
        public enum Verification: Sendable, Hashable {
            /// Chain and host name verified.
            case verified
            /// Verification was off (insecure mode) and found this problem; the exchange went on.
            case notVerified(String)
            /// The transport did not say.
            case unknown
        }
    }

    /// ``Kind/requestSent``.
    public struct RequestSent: Sendable, Hashable {
        /// Bytes of the request head.
        public var headBytes: Int64
        /// Bytes of the request body.
        public var bodyBytes: Int64
        public var bytes: Int64 { headBytes + bodyBytes }
        /// The head as it went on the wire (request line, headers, blank line), where the
        /// transport hands it over (libcurl does); empty otherwise. `lazer load` sends it again as
        /// is (``KeepAliveLoadDriving``).
        public var head: [UInt8]
        public init(headBytes: Int64, bodyBytes: Int64, head: [UInt8] = []) {
            self.headBytes = headBytes
            self.bodyBytes = bodyBytes
            self.head = head
        }
    }

    /// ``Kind/responseHead``: the status line and headers, as received. The texts come from the server.
    public struct ResponseHead: Sendable, Hashable {
        public var status: StatusCode
        /// The reason phrase as sent (empty in HTTP/2).
        public var reason: String
        public var headers: HTTPHeaders
        public var httpVersion: HTTPVersion?
        public init(status: StatusCode, reason: String, headers: HTTPHeaders, httpVersion: HTTPVersion?) {
            self.status = status
            self.reason = reason
            self.headers = headers
            self.httpVersion = httpVersion
        }
    }

    /// ``Kind/bodyProgress``.
    public struct BodyProgress: Sendable, Hashable {
        /// Body bytes received so far (as they came over the wire, before decompression when the
        /// transport decompresses).
        public var bytes: Int64
        /// The body's size when the server said (`Content-Length`).
        public var expected: Int64?
        /// Average rate since the head arrived, in bytes per second; nil while too early to say.
        public var bytesPerSecond: Double?
        /// A WebSocket conversation's messages so far (nil for an HTTP body).
        public var messages: MessageCounts?

        public init(bytes: Int64, expected: Int64?, bytesPerSecond: Double?, messages: MessageCounts? = nil) {
            self.bytes = bytes
            self.expected = expected
            self.bytesPerSecond = bytesPerSecond
            self.messages = messages
        }
    }

    /// How many messages a WebSocket conversation has had each way, and the server's pings and
    /// pongs (answers to this client's pings).
    public struct MessageCounts: Sendable, Hashable {
        public var received = 0
        public var sent = 0
        public var pings = 0
        public var pongs = 0

        public init(received: Int = 0, sent: Int = 0, pings: Int = 0, pongs: Int = 0) {
            self.received = received
            self.sent = sent
            self.pings = pings
            self.pongs = pongs
        }

        /// `12 ↓ · 3 ↑ · 2 pings ↓ · 2 pongs ↓` (pings and pongs only when there were some).
        public var description: String {
            var parts = ["\(received) ↓", "\(sent) ↑"]
            if pings > 0 { parts.append("\(pings) ping\(pings == 1 ? "" : "s") ↓") }
            if pongs > 0 { parts.append("\(pongs) pong\(pongs == 1 ? "" : "s") ↓") }
            return parts.joined(separator: " · ")
        }
    }

    /// ``Kind/redirect``: one hop, and what the redirect rules did to the request.
    public struct RedirectHop: Sendable, Hashable {
        /// 301, 302, 303, 307, 308.
        public var status: StatusCode
        /// The `Location` header as sent (server text).
        public var location: String
        /// The URL it resolved to, when it did.
        public var url: URL?
        /// The method before and after the hop (`POST` → `GET` on a 303).
        public var method: HTTPMethod
        public var nextMethod: HTTPMethod
        /// Whether the request body was dropped.
        public var bodyDropped: Bool
        /// Header names dropped (body headers; credentials on a hop to another origin).
        public var droppedHeaders: [String]
        /// Whether the hop leads to another origin (scheme, host or port).
        public var crossOrigin: Bool
        /// 1 for the first redirect.
        public var number: Int

        public init(
            status: StatusCode, location: String, url: URL?, method: HTTPMethod, nextMethod: HTTPMethod,
            bodyDropped: Bool, droppedHeaders: [String], crossOrigin: Bool, number: Int
        ) {
            self.status = status
            self.location = location
            self.url = url
            self.method = method
            self.nextMethod = nextMethod
            self.bodyDropped = bodyDropped
            self.droppedHeaders = droppedHeaders
            self.crossOrigin = crossOrigin
            self.number = number
        }
    }

    /// ``Kind/failed``: why, where, and the timings up to that point.
    public struct Failure: Sendable {
        /// Usually a ``TransportError``; a response adapter's error otherwise.
        public var error: any Error
        public var stage: ExchangeStage
        /// The phases measured before the failure (`total` is the time to the failure).
        public var timings: Timings
        public init(error: any Error, stage: ExchangeStage, timings: Timings) {
            self.error = error
            self.stage = stage
            self.timings = timings
        }
    }
}
