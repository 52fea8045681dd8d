import CurlTransport
import Foundation
import Futures
import HTTPCore
import LoopbackTesting
import Testing
import WebSocketTransport

/// `ws://` behind a proxy goes through it (libcurl's connect-only tunnel, as `wss://` always
/// does): an HTTP proxy's `CONNECT`, or SOCKS5 handing the host name over. The hosts below exist
/// only for the proxies (they reach every destination on 127.0.0.1), so a direct connection fails.
@Suite struct ProxiedWebSocketTests {
    let server: LoopbackServer
    let connector = NIOWebSocketConnector(tunnel: CurlTLSTunnel())

    init() throws {
        server = try LoopbackServer.shared()
    }

    private func echo(host: String, proxy: String) async throws -> [WebSocketMessage] {
        let url = try #require(URL(string: "ws://\(host):\(server.port)/ws/echo"))
        var request = WebSocketRequest(url: url, connectTimeout: .seconds(60))
        request.options.proxy = proxy
        let session = try await connector.connect(request)
        session.send(.text("via the proxy"))
        var received: [WebSocketMessage] = []
        for await event in session.events {
            if case .received(let message) = event {
                received.append(message)
                session.close()
            }
        }
        return received
    }

    private func get(_ path: String) async throws -> String {
        let request = HTTPRequest(url: server.url(path), options: RequestOptions(totalTimeout: .seconds(30)))
        let dispatcher = CurlDispatcher(configuration: .init(scheduler: ImmediateScheduler()))
        defer { dispatcher.shutdown() }
        return String(decoding: try await dispatcher.dataFuture(from: request).value.body.data(), as: UTF8.self)
    }

    @Test func throughAnHTTPProxysConnectTunnel() async throws {
        let host = "lazer-ws-\(UUID().uuidString.prefix(8)).invalid"
        #expect(try await echo(host: host, proxy: "http://127.0.0.1:\(server.port)") == [.text("via the proxy")])
        #expect(try await get("/proxy/tunnels").contains("\(host):\(server.port)"))
    }

    @Test func throughSOCKS5WithTheNameResolvedByTheProxy() async throws {
        let host = "lazer-ws-\(UUID().uuidString.prefix(8)).invalid"
        #expect(try await echo(host: host, proxy: server.socksProxy(scheme: "socks5h")) == [.text("via the proxy")])
        #expect(try await get("/socks/connections").contains(host))
    }

    @Test func aProxyThatRefusesTheTunnelIsAProxyError() async throws {
        let url = try #require(URL(string: "ws://forbidden.lazer.invalid:\(server.port)/ws/echo"))
        var request = WebSocketRequest(url: url, connectTimeout: .seconds(60))
        request.options.proxy = "http://127.0.0.1:\(server.port)"
        do throws(TransportError) {
            let session = try await connector.connect(request)
            session.close()
            Issue.record("connected although the proxy refused the tunnel")
        } catch {
            #expect(error.reason == .proxyFailure, "\(error)")
            #expect(error.message.contains("403"))
        }
    }
}
