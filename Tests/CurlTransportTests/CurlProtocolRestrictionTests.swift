import CurlTransport
import Foundation
import Futures
import HTTPCore
import LoopbackTesting
import Testing

@testable import CurlTransport

/// Transfers and every redirect hop stay on HTTP and HTTPS, for every caller of the transport.
@Suite("Transport protocols: HTTP and HTTPS only")
struct CurlProtocolRestrictionTests {
    @Test(
        "a redirect out of HTTP is refused with a translated error naming the scheme (libcurl's and the chain's path)",
        arguments: ["ftp", "file"], [HTTPMethod.get, .head, .post, .delete])
    func redirectRefused(scheme: String, method: HTTPMethod) async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        let sent = DispatcherSupport.request(server.url("/redirect-off-http/\(scheme)"), method: method) {
            $0.options.followRedirects = true
            $0.options.totalTimeout = .seconds(5)
            if method == .post { $0.setBody(data: Data("x".utf8), contentType: "text/plain") }
        }
        let error = try #require(await DispatcherSupport.transportError(dispatcher.dataFuture(from: sent)))
        #expect(error.reason == .redirectRefused, "\(method.rawValue) → \(scheme): \(error)")
        #expect(error.redirectScheme == scheme)
        let translation = ErrorTranslator.standard.translate(error)
        #expect(translation.title == "Redirect refused")
        #expect(translation.explanation.contains("scheme \"\(scheme)\""))
        #expect(translation.explanation.contains("127.0.0.1"))
    }

    @Test("the engine refuses a URL whose scheme is not http or https before connecting")
    func engineRefusesOtherSchemes() async throws {
        let harness = try EngineHarness()
        for url in ["ftp://127.0.0.1:\(harness.server.port)/etc/passwd", "file:///etc/passwd", "gopher://127.0.0.1/"] {
            var spec = TransferSpec(url: url)
            spec.totalTimeoutMilliseconds = 5_000
            let failure = try await harness.failure(spec)
            #expect(failure.cause == .curl(1), "\(url)")  // CURLE_UNSUPPORTED_PROTOCOL
        }
    }

    @Test(
        "a Location that is not a URL blames the redirect and shows it, not the request's URL (libcurl's and the chain's path)",
        arguments: [HTTPMethod.get, .post])
    func badRedirectBlamesTheLocation(method: HTTPMethod) async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        let location = "http://exa mple.test:99999/x"
        var components = try #require(URLComponents(url: server.url("/redirect-to"), resolvingAgainstBaseURL: false))
        components.queryItems = [URLQueryItem(name: "location", value: location)]
        let url = try #require(components.url)
        let sent = DispatcherSupport.request(url, method: method) {
            $0.options.followRedirects = true
            $0.options.totalTimeout = .seconds(5)
            if method == .post { $0.setBody(data: Data("x".utf8), contentType: "text/plain") }
        }
        let error = try #require(await DispatcherSupport.transportError(dispatcher.dataFuture(from: sent)))
        #expect(error.reason == .badRedirect, "\(method.rawValue): \(error)")
        #expect(error.redirectLocation == location)
        #expect(error.stage == .waiting)
        let translation = ErrorTranslator.standard.translate(error)
        #expect(translation.title == "Bad redirect")
        #expect(translation.explanation.contains("\"\(location)\""))
        #expect(!translation.explanation.contains("/redirect-to"))
        #expect(!translation.hint.contains("base URL"))
    }

    @Test("the refused scheme is reduced to scheme characters (it came from a server)")
    func schemeIsSanitised() {
        #expect(CurlFailure.scheme(of: "FTP://x/") == "ftp")
        #expect(CurlFailure.scheme(of: "x\u{1B}]0;t\u{7}y://z") == "x0ty")
        #expect(CurlFailure.scheme(of: "no-colon") == "")
        #expect(CurlFailure.scheme(of: String(repeating: "a", count: 100) + ":").count == 32)
    }

    @Test("response headers over libcurl's limits are headerTooLarge, not out of memory or a receive failure")
    func headerTooLarge() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        for shape in ["one", "many"] {
            let sent = DispatcherSupport.request(server.url("/huge-headers/\(shape)"))
            let error = try #require(await DispatcherSupport.transportError(dispatcher.dataFuture(from: sent)))
            #expect(error.reason == .headerTooLarge, "\(shape): \(error)")
            #expect(ErrorTranslator.standard.translate(error).title == "Response headers too large")
        }
    }
}
