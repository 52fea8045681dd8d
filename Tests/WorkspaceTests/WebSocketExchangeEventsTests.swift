import Foundation
import HTTPCore
import Synchronization
import Testing
import Workspace

/// The Timeline of a WebSocket send: the TCP connect and the TLS handshake the connector measured
/// are placed at their times, before the upgrade's 101; without them, one connection step.
@Suite struct WebSocketExchangeEventsTests {
    final class Recorder: ExchangeObserver {
        private let events = Mutex<[ExchangeEvent]>([])
        var recorded: [ExchangeEvent] { events.withLock { $0 } }
        func observe(_ event: ExchangeEvent) { events.withLock { $0.append(event) } }
    }

    private func opened(_ handshake: WebSocketHandshake, now: Duration) throws -> [ExchangeEvent] {
        let recorder = Recorder()
        let clock = Mutex(Duration.zero)
        let events = WebSocketExchangeEvents(
            observer: recorder, url: try #require(URL(string: "wss://ws.test/chat")),
            clock: { clock.withLock { $0 } })
        events.queued()
        clock.withLock { $0 = now }
        events.opened(handshake, connectStart: .milliseconds(2))
        return recorder.recorded
    }

    @Test func tcpAndTLSAreRowsOfTheirOwnAtTheirTimes() throws {
        let handshake = WebSocketHandshake(
            status: 101, headers: HTTPHeaders(), subprotocol: nil, connectDuration: .milliseconds(10),
            tlsDuration: .milliseconds(30), tlsVerified: true)
        let events = try opened(handshake, now: .milliseconds(100))
        #expect(events.map(\.kind.name) == ["queued", "connected", "tls", "head"])
        #expect(events.map(\.offset) == [.zero, .milliseconds(12), .milliseconds(42), .milliseconds(100)])
        #expect(events[1].stage == .tlsHandshake)
        guard case .tlsEstablished(let tls) = events[2].kind else { return }
        #expect(tls.duration == .milliseconds(30))
        #expect(tls.verification == .verified)
    }

    @Test func theTunnelsReadingOfTheHandshakeIsTheTLSRow() throws {
        let details = ExchangeEvent.TLSDetails(
            protocolVersion: "TLSv1.3", cipher: "TLS_AES_256_GCM_SHA384",
            certificate: .init(
                subject: "CN=localhost", issuer: "CN=Lazer Test CA", notBefore: nil, notAfter: nil, expires: nil),
            verification: .verified)
        let handshake = WebSocketHandshake(
            status: 101, headers: HTTPHeaders(), subprotocol: nil, connectDuration: .milliseconds(10),
            tlsDuration: .milliseconds(30), tlsVerified: true, tls: details)
        let events = try opened(handshake, now: .milliseconds(100))
        guard case .tlsEstablished(let tls) = events[2].kind else {
            Issue.record("no TLS row")
            return
        }
        #expect(tls.protocolVersion == "TLSv1.3")
        #expect(tls.cipher == "TLS_AES_256_GCM_SHA384")
        #expect(tls.certificate?.subject == "CN=localhost")
        #expect(tls.duration == .milliseconds(30))
    }

    @Test func withoutMeasuresTheConnectionIsOneStepUpToTheUpgrade() throws {
        let events = try opened(
            WebSocketHandshake(status: 101, headers: HTTPHeaders(), subprotocol: nil), now: .seconds(1))
        #expect(events.map(\.kind.name) == ["queued", "connected", "head"])
        guard case .connected(let connection) = events[1].kind else { return }
        #expect(connection.connectDuration == .seconds(1))
    }
}
