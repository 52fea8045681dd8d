package import Foundation
package import HTTPCore

/// What a WebSocket conversation tells the request's exchange observer, so the Timeline shows it
/// as it shows an HTTP exchange: queued at the send; when the connector returns, the TCP connect
/// and the TLS handshake at the times it measured them (else one connection step), then the
/// upgrade's `101`; the messages received as body progress with their rate (at most ten reports a
/// second);
/// then the close as `completed`, or the failure with the stage it happened in.
package struct WebSocketExchangeEvents: Sendable {
    private let observer: (any ExchangeObserver)?
    private let clock: @Sendable () -> Duration
    private let origin: Duration
    private let url: URL

    package init(observer: (any ExchangeObserver)?, url: URL, clock: @escaping @Sendable () -> Duration) {
        self.observer = observer
        self.clock = clock
        self.origin = clock()
        self.url = url
    }

    /// Time since the send.
    package var elapsed: Duration { clock() - origin }

    private func report(_ kind: ExchangeEvent.Kind, _ stage: ExchangeStage, at offset: Duration? = nil) {
        observer?.observe(ExchangeEvent(offset: offset ?? elapsed, kind: kind, stage: stage))
    }

    package func queued() {
        report(.queued(.init(method: .get, url: url)), .connecting)
    }

    /// The connector returned an open session, `connectStart` after the send began: the TCP
    /// connect and TLS handshake where it measured them (placed at their times), else one step up
    /// to now; then the upgrade's answer.
    package func opened(_ handshake: WebSocketHandshake, connectStart: Duration = .zero) {
        let now = elapsed
        let port = url.port ?? (url.scheme?.lowercased() == "wss" ? 443 : 80)
        let address = url.host ?? ""
        if let tcp = handshake.connectDuration {
            let connectedAt = min(now, connectStart + tcp)
            report(
                .connected(.init(address: address, port: port, reused: false, connectDuration: tcp)),
                handshake.tlsDuration == nil ? .waiting : .tlsHandshake, at: connectedAt)
            if let tls = handshake.tlsDuration {
                // The tunnel's reading of the handshake (version, cipher, certificate) when it had one.
                var details =
                    handshake.tls
                    ?? .init(
                        protocolVersion: nil, cipher: nil, certificate: nil,
                        verification: handshake.tlsVerified
                            ? .verified : .notVerified("verification is off for this request"))
                details.duration = tls
                report(.tlsEstablished(details), .waiting, at: min(now, connectedAt + tls))
            }
        } else {
            report(.connected(.init(address: address, port: port, reused: false, connectDuration: now)), .waiting)
        }
        report(
            .responseHead(
                .init(
                    status: StatusCode(rawValue: handshake.status), reason: "Switching Protocols",
                    headers: handshake.headers, httpVersion: .http11)),
            .receiving)
    }

    /// `bytes` received so far, and their rate since the connection opened at `opened` (time
    /// since the send), with the messages each way; reported when `last` is at least 100 ms old
    /// (or nil), or always when `final` (the conversation ended: the counts as they ended).
    package func received(
        bytes: Int64, opened: Duration = .zero, messages: ExchangeEvent.MessageCounts? = nil, last: inout Duration?,
        final: Bool = false
    ) {
        let now = elapsed
        if !final, let previous = last, now - previous < .milliseconds(100) { return }
        last = now
        let open = now - opened
        let seconds = Double(open.components.seconds) + Double(open.components.attoseconds) / 1e18
        report(
            .bodyProgress(
                .init(
                    bytes: bytes, expected: nil, bytesPerSecond: seconds > 0 ? Double(bytes) / seconds : nil,
                    messages: messages)),
            .receiving)
    }

    package func completed(_ response: DataResponse) {
        report(.completed(response), .receiving)
    }

    package func failed(_ error: any Error, connected: Bool) {
        var timings = Timings()
        timings.total = elapsed
        let stage: ExchangeStage = connected ? .receiving : .connecting
        report(.failed(.init(error: error, stage: stage, timings: timings)), stage)
    }
}
