import CurlTransport
import Foundation
import Futures
import HTTPCore
import LoopbackTesting
import Testing
import WebSocketTransport

/// `wss://` end to end: the NIO WebSocket client over libcurl's TLS tunnel (`CurlTLSTunnel`)
/// against the loopback server's HTTPS ports, which serve the same WebSocket peer as its plain
/// port. The request's TLS options decide as they do for HTTPS: the CA file, `insecure`, a
/// client certificate, a proxy's CONNECT tunnel.
@Suite struct SecureWebSocketTests {
    let server: LoopbackServer
    let connector = NIOWebSocketConnector(tunnel: CurlTLSTunnel())

    init() throws {
        server = try LoopbackServer.shared()
    }

    private func request(
        _ path: String, port: Int? = nil, host: String = "127.0.0.1", options: (inout RequestOptions) -> Void = { _ in }
    ) throws -> WebSocketRequest {
        let url = try #require(URL(string: "wss://\(host):\(port ?? server.tlsPort)\(path)"))
        var request = WebSocketRequest(url: url, connectTimeout: .seconds(60))
        request.options.caFile = server.certificate.certificateFile.path
        options(&request.options)
        return request
    }

    /// The messages received until `count` of them came (or the connection ended).
    private func received(_ session: any WebSocketSession, count: Int) async -> [WebSocketMessage] {
        var messages: [WebSocketMessage] = []
        for await event in session.events {
            if case .received(let message) = event { messages.append(message) }
            if messages.count == count { break }
        }
        return messages
    }

    @Test func echoOverTLSTrustingTheCAFileThenACleanClose() async throws {
        let session = try await connector.connect(try request("/ws/echo?id=\(UUID().uuidString)"))
        #expect(session.handshake.status == 101)
        // The tunnel measured the TCP connect and the TLS handshake, for the Timeline.
        #expect(session.handshake.connectDuration != nil)
        #expect(session.handshake.tlsDuration != nil)
        #expect(session.handshake.tlsVerified)
        // What libcurl negotiated, as an HTTPS request's Timeline shows it.
        let tls = try #require(session.handshake.tls)
        #expect(tls.protocolVersion?.hasPrefix("TLS") == true)
        #expect(tls.cipher?.isEmpty == false)
        #expect(tls.certificate?.subject.contains("CN=") == true)
        #expect(tls.certificate?.expires != nil)
        #expect(tls.verification == .verified)
        session.send(.text("hello?"))
        session.send(.text("héllo ✓"))
        session.send(.binary([0, 1, 2, 255]))
        let messages = await received(session, count: 3)
        // The peer answers "hello?" with what it saw (the upgrade's path), then echoes.
        guard case .text(let greeting) = messages.first else {
            Issue.record("no greeting: \(messages)")
            return
        }
        #expect(greeting.contains("/ws/echo"))
        #expect(messages.dropFirst() == [.text("héllo ✓"), .binary([0, 1, 2, 255])])
        session.close(code: 1000, reason: "done")
        var closed: WebSocketClose?
        for await event in session.events {
            if case .closed(let close) = event { closed = close }
        }
        #expect(closed?.code == 1000)
    }

    @Test func messagesLargerThanTheTunnelsBuffersArriveWhole() async throws {
        let session = try await connector.connect(try request("/ws/echo?id=\(UUID().uuidString)"))
        let big = String(repeating: "0123456789abcdef", count: 3 << 16)  // 3 MiB, past the 1 MiB backlog
        session.send(.text(big))
        let messages = await received(session, count: 1)
        #expect(messages == [.text(big)])
        session.close()
    }

    @Test func anUntrustedCertificateFailsAsForHTTPS() async throws {
        var request = try request("/ws/echo")
        request.options.caFile = nil
        do throws(TransportError) {
            let session = try await connector.connect(request)
            session.close()
            Issue.record("connected to a self-signed server without trusting it")
        } catch {
            #expect(error.reason == .certificateUntrusted)
            #expect(error.url?.scheme == "wss")
        }
    }

    @Test func insecureSkipsVerification() async throws {
        let session = try await connector.connect(
            try request("/ws/echo") {
                $0.caFile = nil
                $0.verifyTLS = false
            })
        #expect(session.handshake.status == 101)
        session.close()
    }

    @Test func aClientCertificateIsPresentedWhereTheServerAsksForOne() async throws {
        let withoutCertificate = try request("/ws/echo", port: server.mutualTLSPort)
        do throws(TransportError) {
            let session = try await connector.connect(withoutCertificate)
            // Without a certificate the handshake fails, or the server drops the connection at once.
            var opened = false
            for await event in session.events {
                if case .received = event { opened = true }
            }
            #expect(!opened)
        } catch {
            #expect(error.reason != .certificateUntrusted)
        }
        let session = try await connector.connect(
            try request("/ws/echo", port: server.mutualTLSPort) {
                $0.clientCertificate = ClientCertificate(
                    certificatePath: server.clientCertificate.certificateFile.path,
                    privateKeyPath: server.clientCertificate.keyFile.path)
            })
        session.send(.text("with a certificate"))
        #expect(await received(session, count: 1) == [.text("with a certificate")])
        session.close()
    }

    @Test func throughAnHTTPProxysConnectTunnel() async throws {
        let marker = "lazer-wss-\(UUID().uuidString.prefix(8)).invalid"
        let session = try await connector.connect(
            try request("/ws/echo", host: marker) {
                $0.proxy = "http://127.0.0.1:\(server.port)"
                $0.verifyTLS = false  // the certificate names 127.0.0.1 and localhost only
            })
        session.send(.text("via the proxy"))
        #expect(await received(session, count: 1) == [.text("via the proxy")])
        session.close()
        let log = HTTPRequest(url: server.url("/proxy/tunnels"), options: RequestOptions(totalTimeout: .seconds(30)))
        let dispatcher = CurlDispatcher(configuration: .init(scheduler: ImmediateScheduler()))
        let response = try await dispatcher.dataFuture(from: log).value
        #expect(String(decoding: try response.body.data(), as: UTF8.self).contains("\(marker):\(server.tlsPort)"))
    }

    @Test func aConnectorWithoutATunnelRefusesWSSClearly() async throws {
        let request = try request("/ws/echo")
        do throws(TransportError) {
            let session = try await NIOWebSocketConnector().connect(request)
            session.close()
            Issue.record("connected over wss:// without a tunnel")
        } catch {
            #expect(error.reason == .unsupportedProtocol)
            #expect(error.message.contains("wss://"))
        }
    }
}

/// A tunnel whose server side ends at once, as a server refusing the client certificate ends it:
/// the tunnel recorded the TLS alert before the caller's end of file.
private struct RefusingTunnel: TLSTunnelOpening {
    func openTunnel(
        host: String, port: Int, options: RequestOptions, timeout: Duration, url: URL
    ) async throws(TransportError) -> TLSTunnel {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0 else {
            throw TransportError(.other(code: 0, message: "no socket pair"))
        }
        let ending = TunnelEnding()
        ending.record(TransportError(.clientCertificateRefused, message: "tlsv13 alert certificate required"))
        close(ends[1])
        return TLSTunnel(descriptor: ends[0], ending: ending)
    }
}

@Suite struct TunnelEndingTests {
    @Test func anUpgradeCutByTheTunnelsFailureSaysWhyNotEmptyReply() async throws {
        let url = try #require(URL(string: "wss://127.0.0.1:1/ws/echo"))
        do throws(TransportError) {
            _ = try await NIOWebSocketConnector(tunnel: RefusingTunnel()).connect(
                WebSocketRequest(url: url, connectTimeout: .seconds(30)))
            Issue.record("the upgrade succeeded over a closed tunnel")
        } catch {
            #expect(error.reason == .clientCertificateRefused)
            #expect(error.message.contains("certificate required"))
        }
    }
}

/// Esc or F6 on a WebSocket still connecting ends it then, not at the connect timeout (20 s here: a
/// timeout would say so): a `ws://` upgrade that gets no answer at once, a `wss://` tunnel whose TLS
/// handshake gets none at libcurl's next progress call (about a second).
struct WebSocketConnectCancelTests {
    @Test(.timeLimit(.minutes(1)), arguments: ["ws", "wss"])
    func cancellingAConnectThatGetsNoAnswer(scheme: String) async throws {
        let port = try silentPort()
        let url = try #require(URL(string: "\(scheme)://127.0.0.1:\(port)/never"))
        let request = WebSocketRequest(url: url, connectTimeout: .seconds(20))
        let connector = NIOWebSocketConnector(tunnel: CurlTLSTunnel())
        let connecting = Task { try await connector.connect(request) }
        try await Task.sleep(for: .milliseconds(300))
        connecting.cancel()
        await #expect {
            try await connecting.value
        } throws: { error in
            (error as? TransportError)?.reason == .cancelled
        }
    }
}
