/// Where an exchange is: the stage it is in between two ``ExchangeEvent``s, the stage a
/// ``TransportError`` failed in, and the stage a cancelled exchange stopped in.
///
/// Stages follow the wire order of one HTTP exchange. A reused connection skips `resolving`,
/// `connecting` and `tlsHandshake`; `http://` skips `tlsHandshake`; a redirect starts over at
/// `resolving` (or straight at `sending` on a reused connection).
public enum ExchangeStage: String, Hashable, Sendable, CaseIterable, Codable {
    /// Handed to the transport, not started yet (a mock answers from here).
    case queued
    /// Looking the host name up.
    case resolving
    /// Opening the TCP connection.
    case connecting
    /// Negotiating TLS on a new connection.
    case tlsHandshake
    /// Sending the request head and body.
    case sending
    /// Request sent; waiting for the first byte of the response (server time).
    case waiting
    /// The response head arrived; receiving the body.
    case receiving

    /// A short label for status lines and traces: "resolving", "TLS handshake", "waiting".
    public var label: String {
        switch self {
        case .queued: "queued"
        case .resolving: "resolving"
        case .connecting: "connecting"
        case .tlsHandshake: "TLS handshake"
        case .sending: "sending"
        case .waiting: "waiting for the first byte"
        case .receiving: "receiving"
        }
    }

    /// The label in a narrow column (the explorer's Timeline tab): "TLS", "waiting"; else `label`.
    public var shortLabel: String {
        switch self {
        case .tlsHandshake: "TLS"
        case .waiting: "waiting"
        default: label
        }
    }

    /// How a failure in this stage reads after "failed": "during the TLS handshake",
    /// "while waiting for the response".
    public var failurePhrase: String {
        switch self {
        case .queued: "before it started"
        case .resolving: "while resolving the host name"
        case .connecting: "while connecting"
        case .tlsHandshake: "during the TLS handshake"
        case .sending: "while sending the request"
        case .waiting: "while waiting for the response"
        case .receiving: "while receiving the body"
        }
    }
}
