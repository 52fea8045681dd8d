import AnnotatedLocks
public import Foundation
import Synchronization

/// Opens a TLS connection to a host — through the options' proxy, checked against their CA file,
/// with their client certificate, or unverified when they say so — and hands back a local stream
/// socket that carries its plaintext. A transport without TLS of its own (the NIO WebSocket
/// client, for `wss://`) speaks over that socket, and TLS stays where the HTTP requests' TLS is.
public protocol TLSTunnelOpening: Sendable {
    /// Connects and completes the TLS handshake within `timeout`; throws what an HTTP request to
    /// the same host would (refused, timeout, certificate problems, proxy failures).
    func openTunnel(
        host: String, port: Int, options: RequestOptions, timeout: Duration, url: URL
    ) async throws(TransportError) -> TLSTunnel

    /// For `ws://`: a plain connection through the proxy that `options` (or the environment's
    /// `http_proxy`, `all_proxy`, `no_proxy`) names for an `http://` URL to `host:port` — an HTTP
    /// proxy's `CONNECT` tunnel, or SOCKS — or nil when no proxy is set, so the caller connects
    /// directly. Fails as an HTTP request through that proxy would.
    func openProxiedTunnel(
        host: String, port: Int, options: RequestOptions, timeout: Duration, url: URL
    ) async throws(TransportError) -> TLSTunnel?
}

extension TLSTunnelOpening {
    /// No proxies: `ws://` connects directly.
    public func openProxiedTunnel(
        host: String, port: Int, options: RequestOptions, timeout: Duration, url: URL
    ) async throws(TransportError) -> TLSTunnel? {
        nil
    }
}

/// An open tunnel. `descriptor` is a connected local stream socket, the caller's to read, write
/// and close; closing it ends the TLS connection, and the server closing shows as end of file.
public struct TLSTunnel: Sendable {
    public let descriptor: Int32
    /// Why the server's side ended, when a read failed: the end of file the caller sees says
    /// nothing of a TLS alert (a server refusing the client certificate sends one).
    public let ending: TunnelEnding
    /// How long the TCP connect and then the TLS handshake took, when the tunnel measured them.
    public var connectDuration: Duration?
    public var tlsDuration: Duration?
    /// What the handshake negotiated (version, cipher, the server's certificate, how it was
    /// checked), when the tunnel could tell: the Timeline's TLS row.
    public var tls: ExchangeEvent.TLSDetails?

    public init(
        descriptor: Int32, ending: TunnelEnding = TunnelEnding(), connectDuration: Duration? = nil,
        tlsDuration: Duration? = nil, tls: ExchangeEvent.TLSDetails? = nil
    ) {
        self.descriptor = descriptor
        self.ending = ending
        self.connectDuration = connectDuration
        self.tlsDuration = tlsDuration
        self.tls = tls
    }
}

/// The failure that ended a tunnel's server side, recorded by the tunnel before its end of file.
public final class TunnelEnding: Sendable {
    private let failure = Mutex<TransportError?>(nil)

    public init() {}

    public func record(_ error: TransportError) {
        failure.withLock(ownedBy: self) { $0 = $0 ?? error }
    }

    public var error: TransportError? {
        failure.withLock(ownedBy: self) { $0 }
    }
}
