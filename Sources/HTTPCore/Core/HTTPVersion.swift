/// An HTTP protocol version: what a request prefers and what a response was carried over.
public enum HTTPVersion: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// HTTP/1.0.
    case http10 = "HTTP/1.0"
    /// HTTP/1.1.
    case http11 = "HTTP/1.1"
    /// HTTP/2, negotiated with ALPN over TLS (falls back to HTTP/1.1 when the server says no).
    case http2 = "HTTP/2"
    /// HTTP/2 without negotiation ("prior knowledge"), for cleartext h2c servers.
    case http2PriorKnowledge = "HTTP/2 (prior knowledge)"
    /// HTTP/3 over QUIC, when the transport supports it.
    case http3 = "HTTP/3"

    public var description: String { rawValue }
}
