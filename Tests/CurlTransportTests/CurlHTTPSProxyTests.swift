import CurlTransport
import Foundation
import Futures
import HTTPCore
import LoopbackTesting
import Testing

/// An `https://` proxy: TLS to the proxy itself (the loopback server's HTTPS port also proxies).
@Suite("CurlDispatcher through an https:// proxy")
struct CurlHTTPSProxyTests {
    private func proxied(_ url: URL, server: LoopbackServer, trustProxy: Bool = true) -> HTTPRequest {
        DispatcherSupport.request(url) {
            $0.options.proxy = "https://127.0.0.1:\(server.tlsPort)"
            if trustProxy { $0.options.proxyCAFile = server.certificate.certificateFile.path }
        }
    }

    @Test("plain HTTP through a TLS proxy (absolute-form), with the proxy's CA trusted")
    func httpThroughTLSProxy() async throws {
        let server = try LoopbackServer.shared()
        let url = try #require(URL(string: "http://lazer-https-proxy.invalid:\(server.port)/echo?via=tls"))
        let response = try await DispatcherSupport.dispatcher().dataFuture(from: proxied(url, server: server)).value
        let text = String(decoding: try response.body.data(), as: UTF8.self)
        #expect(text.contains(#""target": "http://lazer-https-proxy.invalid:\#(server.port)/echo?via=tls""#))
    }

    @Test("HTTPS through a TLS proxy: TLS inside TLS, each certificate verified against its own CA")
    func httpsThroughTLSProxy() async throws {
        let server = try LoopbackServer.shared()
        var request = proxied(server.tlsURL("/json"), server: server)
        request.options.caFile = server.certificate.certificateFile.path
        let response = try await DispatcherSupport.dispatcher().dataFuture(from: request).value
        #expect(response.statusCode.rawValue == 200)
    }

    @Test("an untrusted proxy certificate is a proxyFailure, even in insecure mode (that covers the server only)")
    func untrustedProxy() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        var request = proxied(server.url("/json"), server: server, trustProxy: false)
        let error = try #require(await DispatcherSupport.transportError(dispatcher.dataFuture(from: request)))
        #expect(error.reason == .proxyFailure)
        #expect(error.code == 60)
        #expect(ErrorTranslator.standard.translate(error).hint.contains("certificate"))
        request.options.verifyTLS = false
        #expect(await DispatcherSupport.transportError(dispatcher.dataFuture(from: request))?.reason == .proxyFailure)
    }
}
