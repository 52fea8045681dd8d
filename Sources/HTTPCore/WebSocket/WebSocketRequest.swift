public import Foundation

/// What a WebSocket connection is opened with (issue 25): a `ws://` URL, the upgrade request's
/// extra header fields (auth included), the subprotocols offered, and the limits the transport
/// keeps. Built by Workspace from a saved request; the transport behind ``WebSocketConnecting``
/// never sees a collection.
public struct WebSocketRequest: Sendable, Equatable {
    /// `ws://` or `wss://host[:port]/path?query` (`wss://` is refused by a connector without a TLS tunnel).
    public var url: URL
    /// Sent in the upgrade GET after the fields the handshake needs (`Host`, `Upgrade`, …).
    public var headers: HTTPHeaders
    /// Offered in `Sec-WebSocket-Protocol`, in order; the server picks one or none.
    public var subprotocols: [String]
    /// Send a ping this often while open (nil: never).
    public var pingInterval: Duration?
    /// Connecting and the upgrade together must finish within this.
    public var connectTimeout: Duration
    /// The largest message (after reassembling fragments) accepted; a larger one closes with 1009.
    public var maxMessageBytes: Int
    /// The request's connection settings: for `wss://`, TLS verification, the CA file, the client
    /// certificate and the proxy, honoured as the HTTP transport honours them (timeouts above).
    public var options = RequestOptions()
    /// Whether the upgrade offers permessage-deflate (a transport that speaks it). `false` for a
    /// server whose compression misbehaves, or to see its messages as it frames them.
    public var offersCompression = true

    /// 16 MiB, the cap of one stream event too.
    public static let defaultMaxMessageBytes = 16 << 20

    public init(
        url: URL, headers: HTTPHeaders = HTTPHeaders(), subprotocols: [String] = [], pingInterval: Duration? = nil,
        connectTimeout: Duration = .seconds(30), maxMessageBytes: Int = WebSocketRequest.defaultMaxMessageBytes
    ) {
        self.url = url
        self.headers = headers
        self.subprotocols = subprotocols
        self.pingInterval = pingInterval
        self.connectTimeout = connectTimeout
        self.maxMessageBytes = maxMessageBytes
    }
}

/// One WebSocket message, whole (fragments already joined).
public enum WebSocketMessage: Sendable, Hashable {
    /// A text message: valid UTF-8 (a transport closes with 1007 otherwise).
    case text(String)
    case binary([UInt8])

    /// The payload's size in bytes.
    public var byteCount: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .binary(let bytes): bytes.count
        }
    }
}

/// What the server answered the upgrade with.
public struct WebSocketHandshake: Sendable, Equatable {
    /// 101 once open.
    public var status: Int
    public var headers: HTTPHeaders
    /// The subprotocol the server chose (`Sec-WebSocket-Protocol`), if any.
    public var subprotocol: String?
    /// How long the TCP connect took, then the TLS handshake (`wss://`), when the connector
    /// measured them: the Timeline's rows before the upgrade.
    public var connectDuration: Duration?
    public var tlsDuration: Duration?
    /// The server's certificate was verified (the handshake succeeded with verification on).
    public var tlsVerified = false
    /// The TLS version, cipher and certificate, when the connector's tunnel read them.
    public var tls: ExchangeEvent.TLSDetails?
    /// The extension the server agreed to, as it wrote it (`permessage-deflate;
    /// server_no_context_takeover`), when the transport speaks it.
    public var extensions: String?

    public init(
        status: Int, headers: HTTPHeaders, subprotocol: String?, connectDuration: Duration? = nil,
        tlsDuration: Duration? = nil, tlsVerified: Bool = false, tls: ExchangeEvent.TLSDetails? = nil,
        extensions: String? = nil
    ) {
        self.tls = tls
        self.extensions = extensions
        self.status = status
        self.headers = headers
        self.subprotocol = subprotocol
        self.connectDuration = connectDuration
        self.tlsDuration = tlsDuration
        self.tlsVerified = tlsVerified
    }
}

/// How a connection ended: a close code and reason, and which side ended it.
public struct WebSocketClose: Sendable, Hashable, CustomStringConvertible {
    public enum Initiator: Sendable, Hashable {
        /// The server sent a close frame first.
        case server
        /// This client closed (a close frame, answered or timed out).
        case client
        /// No close handshake: the connection dropped, or a protocol error ended it.
        case connection
    }

    /// The close code (1000 normal, 1006 no close frame, 1007 invalid UTF-8, …); nil when a close
    /// frame carried none.
    public var code: UInt16?
    public var reason: String
    public var initiator: Initiator

    public init(code: UInt16?, reason: String = "", initiator: Initiator) {
        self.code = code
        self.reason = reason
        self.initiator = initiator
    }

    /// Codes an endpoint may send in its close frame (RFC 6455 §7.4): not 1004–1006 or 1015
    /// (reserved for reports), not the unassigned ones below 3000, not 5000 and up.
    public static func maySend(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }

    /// A conversation that ended as planned: this client closed, or the server closed with no
    /// code, 1000 (normal) or 1001 (going away). With `expected` (a request that checks how the
    /// server closes), any close the server sent counts: the check decides.
    public func endsNormally(serverCloseExpected expected: Bool = false) -> Bool {
        initiator == .client || code == nil || code == 1000 || code == 1001 || (expected && initiator == .server)
    }

    /// "the server closed the connection (1000 bye)", "the server closed the connection without a
    /// close frame (1006)".
    public var description: String {
        let detail = [code.map(String.init), reason.isEmpty ? nil : reason].compactMap(\.self).joined(separator: " ")
        switch initiator {
        case .server: return "the server closed the connection" + (detail.isEmpty ? "" : " (\(detail))")
        case .client: return "this client closed the connection" + (detail.isEmpty ? "" : " (\(detail))")
        case .connection:
            if code == 1006 { return "the server closed the connection without a close frame (1006)" }
            return "the connection was closed" + (detail.isEmpty ? "" : " (\(detail))")
        }
    }
}

/// What happens on an open connection, in order: messages both ways, pings and pongs, and
/// exactly one `closed` last.
public enum WebSocketEvent: Sendable, Equatable {
    case received(WebSocketMessage)
    /// A message this client sent (so a view of the conversation shows both directions).
    case sent(WebSocketMessage)
    /// A ping from the server (already answered with a pong).
    case ping([UInt8])
    /// A pong from the server.
    case pong([UInt8])
    /// A message of the subprotocol a session speaks on its caller's behalf (`connection_ack`,
    /// `complete`… of ``GraphQLSubscriptionConnector``): shown as such, never counted as a message.
    case control(WebSocketControlMessage)
    case closed(WebSocketClose)
}

/// A subprotocol's own message (not the application's data), in either direction.
public struct WebSocketControlMessage: Sendable, Equatable {
    public enum Direction: Sendable, Equatable { case sent, received }

    public var direction: Direction
    /// The message's type as the subprotocol names it (`connection_ack`, `error`, `complete`).
    public var type: String
    /// Its payload's JSON text, if it has one.
    public var payload: String?
    /// Why the conversation failed, when this message ends it in failure (a subscription's
    /// `error`, a message the subprotocol has no place for); the connection then closes normally.
    public var failure: String?
    /// The close this client made because the server broke the subprotocol (4400, a message it has
    /// no place for): the failure is then the server's protocol error, not a refusal of ours.
    public var violationClose: WebSocketClose?

    public init(
        _ direction: Direction, type: String, payload: String? = nil, failure: String? = nil,
        violationClose: WebSocketClose? = nil
    ) {
        self.direction = direction
        self.type = type
        self.payload = payload
        self.failure = failure
        self.violationClose = violationClose
    }
}

extension TransportError {
    /// How a WebSocket conversation that did not end normally failed: the subprotocol's failure
    /// (the server refused the operation — a subscription's `error` —, or broke the subprotocol,
    /// which Lazer closed with `violationClose`), else the close itself.
    public static func webSocketEnd(close: WebSocketClose, failure: WebSocketControlMessage?, url: URL?)
        -> TransportError
    {
        guard let failure, let message = failure.failure else {
            return TransportError(.receiveFailure, message: close.description, url: url, webSocketClose: close)
        }
        guard let violation = failure.violationClose else {
            return TransportError(.refused, message: message, url: url)
        }
        return TransportError(.receiveFailure, message: message, url: url, webSocketClose: violation)
    }
}
