import CurlTransport
import Foundation
import Futures
import HTTPCore
import LoopbackTesting
import Testing

/// One CONNECT request the loopback server saw as an HTTP proxy (`/proxy/tunnels`).
private struct Tunnel: Decodable {
    var target: String
    var proxyAuthorization: String?
}

/// HTTPS through an HTTP proxy: libcurl opens a CONNECT tunnel (the loopback server tunnels to
/// 127.0.0.1 whatever the host), and TLS runs end to end inside it.
@Suite("CurlDispatcher: HTTPS through an HTTP proxy's CONNECT tunnel")
struct CurlHTTPProxyTests {
    private func tunnels(_ server: LoopbackServer) async throws -> [Tunnel] {
        let log = DispatcherSupport.request(server.url("/proxy/tunnels"))
        let response = try await DispatcherSupport.dispatcher().dataFuture(from: log).value
        return try JSONDecoder().decode([Tunnel].self, from: try response.body.data())
    }

    @Test("the tunnel names the host (no local DNS) and carries the proxy credentials from the proxy URL")
    func tunnel() async throws {
        let server = try LoopbackServer.shared()
        let host = "lazer-tunnel-\(DispatcherSupport.uniqueID().prefix(8)).invalid"
        let url = try #require(URL(string: "https://\(host):\(server.tlsPort)/json"))
        let request = DispatcherSupport.request(url) {
            $0.options.proxy = "http://tunnel-user:tunnel-pass@127.0.0.1:\(server.port)"
            $0.options.verifyTLS = false  // the certificate is for 127.0.0.1 and localhost only
        }
        let response = try await DispatcherSupport.dispatcher().dataFuture(from: request).value
        #expect(response.statusCode.rawValue == 200)
        let seen = try #require(try await tunnels(server).first { $0.target == "\(host):\(server.tlsPort)" })
        #expect(seen.proxyAuthorization == "Basic " + Data("tunnel-user:tunnel-pass".utf8).base64EncodedString())
    }

    @Test("the certificate is verified through the tunnel against the destination's name")
    func verifiedThroughTunnel() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        let url = try #require(URL(string: "https://localhost:\(server.tlsPort)/json"))
        let trusted = DispatcherSupport.request(url) {
            $0.options.proxy = "http://127.0.0.1:\(server.port)"
            $0.options.caFile = server.certificate.certificateFile.path
        }
        #expect(try await dispatcher.dataFuture(from: trusted).value.statusCode.rawValue == 200)

        let untrusted = DispatcherSupport.request(url) { $0.options.proxy = "http://127.0.0.1:\(server.port)" }
        #expect(
            await DispatcherSupport.transportError(dispatcher.dataFuture(from: untrusted))?.reason
                == .certificateUntrusted)
    }

    @Test("a proxy refusing the tunnel (403 to CONNECT) is a proxyFailure")
    func refused() async throws {
        let server = try LoopbackServer.shared()
        let url = try #require(URL(string: "https://forbidden.lazer.invalid:\(server.tlsPort)/json"))
        let request = DispatcherSupport.request(url) { $0.options.proxy = "http://127.0.0.1:\(server.port)" }
        let error = try #require(
            await DispatcherSupport.transportError(DispatcherSupport.dispatcher().dataFuture(from: request)))
        #expect(error.reason == .proxyFailure)
        #expect(error.message.contains("403"))
        #expect(ErrorTranslator.standard.translate(error).title == "Proxy failed")
    }
}
