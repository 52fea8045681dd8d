import CurlTransport
import Foundation
import Futures
import HTTPCore
import LoopbackTesting
import Testing

/// Certificates that fail verification for one precise reason: issued by a CA the request
/// trusts, but expired, or for another host. Each must surface as its own reason and translation,
/// not as a generic "untrusted".
@Suite("CurlDispatcher TLS verification: expired and wrong-host certificates from a trusted CA")
struct CurlCertificateTests {
    private func trusting(_ server: LoopbackServer) -> (inout HTTPRequest) -> Void {
        { $0.options.caFile = server.certificateAuthority.certificateFile.path }
    }

    @Test("an expired certificate is certificateExpired, translated as such, with OpenSSL's reason as detail")
    func expired() async throws {
        let server = try LoopbackServer.shared()
        let request = DispatcherSupport.request(server.expiredTLSURL("/json"), configure: trusting(server))
        let future = DispatcherSupport.dispatcher().dataFuture(from: request)
        let error = try #require(await DispatcherSupport.transportError(future))
        #expect(error.reason == .certificateExpired)
        #expect(error.code == 60)
        #expect(error.message.contains("expired"))
        let translation = ErrorTranslator.standard.translate(error)
        #expect(translation.title == "Certificate expired")
        #expect(translation.explanation.contains("127.0.0.1"))
    }

    @Test("a certificate not valid yet is certificateExpired too (its translation covers both)")
    func notYetValid() async throws {
        let server = try LoopbackServer.shared()
        let request = DispatcherSupport.request(server.notYetValidTLSURL("/json"), configure: trusting(server))
        let future = DispatcherSupport.dispatcher().dataFuture(from: request)
        let error = try #require(await DispatcherSupport.transportError(future))
        #expect(error.reason == .certificateExpired)
        #expect(error.message.contains("not yet valid"))
        #expect(ErrorTranslator.standard.translate(error).explanation.contains("not valid yet"))
    }

    @Test("a certificate for another host is hostnameMismatch, translated as such")
    func wrongHost() async throws {
        let server = try LoopbackServer.shared()
        let request = DispatcherSupport.request(server.wrongHostTLSURL("/json"), configure: trusting(server))
        let future = DispatcherSupport.dispatcher().dataFuture(from: request)
        let error = try #require(await DispatcherSupport.transportError(future))
        #expect(error.reason == .hostnameMismatch)
        #expect(error.code == 60)
        let translation = ErrorTranslator.standard.translate(error)
        #expect(translation.title == "Certificate is for another host")
        #expect(translation.explanation.contains("127.0.0.1"))
    }

    @Test("insecure mode accepts both certificates; without the CA the expired one is untrusted first")
    func controls() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        for url in [server.expiredTLSURL("/json"), server.wrongHostTLSURL("/json")] {
            let insecure = DispatcherSupport.request(url) { $0.options.verifyTLS = false }
            #expect(try await dispatcher.dataFuture(from: insecure).value.statusCode.rawValue == 200)
        }
        // Without the CA the expired certificate is first of all untrusted.
        let untrusted = DispatcherSupport.request(server.expiredTLSURL("/json"))
        #expect(
            await DispatcherSupport.transportError(dispatcher.dataFuture(from: untrusted))?.reason
                == .certificateUntrusted)
    }
}
