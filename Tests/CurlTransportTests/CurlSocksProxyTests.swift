import CurlTransport
import Foundation
import Futures
import HTTPCore
import LoopbackTesting
import Testing

/// One connection the loopback server's SOCKS5 proxies saw (`/socks/connections`).
private struct SocksConnection: Decodable {
    var auth: String
    var user: String?
    var addressType: String?
    var host: String?
    var port: Int?
    /// The first line the client sent through the tunnel (`GET /echo?id=… HTTP/1.1`).
    var request: String?
}

/// Requests through a real SOCKS5 proxy on 127.0.0.1 (`socks_proxy.py`, started with the loopback
/// server). The proxy reaches every destination on 127.0.0.1, so a `socks5h://` request for a
/// `.invalid` host only works if the proxy, not the client, resolved the name.
@Suite("CurlDispatcher through a SOCKS5 proxy")
struct CurlSocksProxyTests {
    /// The proxy's log entry for the request carrying `id` (it logs the tunnelled request line).
    private func connection(carrying id: String, server: LoopbackServer) async throws -> SocksConnection {
        let log = DispatcherSupport.request(server.url("/socks/connections"))
        let response = try await DispatcherSupport.dispatcher().dataFuture(from: log).value
        let connections = try JSONDecoder().decode([SocksConnection].self, from: try response.body.data())
        return try #require(connections.first { $0.request?.contains(id) == true })
    }

    @Test("socks5:// resolves the host locally and the proxy connects to the address it was given")
    func socks5() async throws {
        let server = try LoopbackServer.shared()
        let id = DispatcherSupport.uniqueID()
        let request = DispatcherSupport.request(server.url("/echo?id=\(id)")) { $0.options.proxy = server.socksProxy() }
        let response = try await DispatcherSupport.dispatcher().dataFuture(from: request).value
        #expect(response.statusCode.rawValue == 200)
        #expect(try Echo(response).query == "id=\(id)")
        let seen = try await connection(carrying: id, server: server)
        #expect(seen.auth == "none")
        #expect(seen.addressType == "ipv4")
        #expect(seen.host == "127.0.0.1")
        #expect(seen.port == server.port)
        #expect(seen.request == "GET /echo?id=\(id) HTTP/1.1")
    }

    @Test("socks5h:// hands the host name to the proxy: a name only the proxy can resolve works")
    func socks5h() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        let id = DispatcherSupport.uniqueID()
        let host = "lazer-socks-\(id.prefix(8)).invalid"
        let url = try #require(URL(string: "http://\(host):\(server.port)/echo?id=\(id)"))
        let remote = DispatcherSupport.request(url) { $0.options.proxy = server.socksProxy(scheme: "socks5h") }
        let response = try await dispatcher.dataFuture(from: remote).value
        #expect(try Echo(response).values("host") == ["\(host):\(server.port)"])
        let seen = try await connection(carrying: id, server: server)
        #expect(seen.addressType == "domain")
        #expect(seen.host == host)
        #expect(seen.port == server.port)

        // The same name through socks5:// must be resolved here, which fails.
        let local = DispatcherSupport.request(url) { $0.options.proxy = server.socksProxy(scheme: "socks5") }
        #expect(await DispatcherSupport.transportError(dispatcher.dataFuture(from: local))?.reason == .dnsFailure)
    }

    @Test("HTTPS tunnels through the proxy with the certificate still verified")
    func httpsThroughProxy() async throws {
        let server = try LoopbackServer.shared()
        let request = DispatcherSupport.request(server.tlsURL("/json")) {
            $0.options.proxy = server.socksProxy(scheme: "socks5h")
            $0.options.caFile = server.certificate.certificateFile.path
        }
        let response = try await DispatcherSupport.dispatcher().dataFuture(from: request).value
        #expect(response.statusCode.rawValue == 200)
        #expect(response.timings.tlsHandshake != nil)
    }

    @Test("username/password authentication: accepted with the right password, proxyFailure with a wrong one")
    func authentication() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        let id = DispatcherSupport.uniqueID()
        let accepted = DispatcherSupport.request(server.url("/echo?id=\(id)")) {
            $0.options.proxy = server.authenticatedSocksProxy()
        }
        #expect(try await dispatcher.dataFuture(from: accepted).value.statusCode.rawValue == 200)
        let seen = try await connection(carrying: id, server: server)
        #expect(seen.auth == "password")
        #expect(seen.user == LoopbackServer.socksUser)

        let rejected = DispatcherSupport.request(server.url("/echo")) {
            $0.options.proxy = server.authenticatedSocksProxy(password: "wrong")
        }
        let error = try #require(await DispatcherSupport.transportError(dispatcher.dataFuture(from: rejected)))
        #expect(error.reason == .proxyFailure)
        #expect(!ErrorTranslator.standard.translate(error).technicalDetail.contains("wrong"))

        let anonymous = DispatcherSupport.request(server.url("/echo")) {
            $0.options.proxy = "socks5h://127.0.0.1:\(server.authenticatedSocksPort)"
        }
        #expect(await DispatcherSupport.transportError(dispatcher.dataFuture(from: anonymous))?.reason == .proxyFailure)
    }

    @Test("a dead proxy, and a proxy that cannot reach the destination, are proxyFailure with its translation")
    func failures() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        let port = try closedPort()
        for scheme in ["socks5", "socks5h"] {
            let dead = DispatcherSupport.request(server.url("/json")) {
                $0.options.proxy = "\(scheme)://127.0.0.1:\(port)"
            }
            let error = try #require(await DispatcherSupport.transportError(dispatcher.dataFuture(from: dead)))
            #expect(error.reason == .proxyFailure)
            let translation = ErrorTranslator.standard.translate(error)
            #expect(translation.title == "Proxy failed")
            #expect(translation.explanation.contains("127.0.0.1"))
            #expect(translation.hint.contains("proxy"))
        }

        let unreachable = try #require(URL(string: "http://refused.lazer.invalid:\(server.port)/json"))
        let refused = DispatcherSupport.request(unreachable) { $0.options.proxy = server.socksProxy(scheme: "socks5h") }
        #expect(await DispatcherSupport.transportError(dispatcher.dataFuture(from: refused))?.reason == .proxyFailure)
    }
}
