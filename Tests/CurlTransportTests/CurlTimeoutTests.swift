import CurlTransport
import Foundation
import Futures
import HTTPCore
import LoopbackTesting
import Testing

/// Which timeout fired: connecting (the loopback server's blackhole port never completes a
/// handshake) or the whole exchange, whether the connection was new or reused.
@Suite("CurlDispatcher timeouts: connect and total")
struct CurlTimeoutTests {
    @Test("a connection that never completes hits the connect timeout: connectTimeout, with its translation")
    func connectTimeout() async throws {
        let server = try LoopbackServer.shared()
        let url = try #require(URL(string: "http://127.0.0.1:\(server.blackholePort)/json"))
        let request = DispatcherSupport.request(url) { $0.options.connectTimeout = .milliseconds(300) }
        let error = try #require(
            await DispatcherSupport.transportError(DispatcherSupport.dispatcher().dataFuture(from: request)))
        #expect(error.reason == .connectTimeout)
        #expect(error.code == 28)
        let translation = ErrorTranslator.standard.translate(error)
        #expect(translation.title == "Connection timed out")
        #expect(translation.explanation.contains("127.0.0.1"))
    }

    @Test("a total timeout on a reused keep-alive connection is totalTimeout, not connectTimeout")
    func totalTimeoutOnReusedConnection() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        // The first request leaves a keep-alive connection in the cache; the second reuses it and the
        // server waits 2 s before answering.
        #expect(
            try await dispatcher.dataFuture(from: DispatcherSupport.request(server.url("/json"))).value.statusCode
                .rawValue == 200)
        let slow = DispatcherSupport.request(server.url("/redirect/1?delay=2")) {
            $0.options.totalTimeout = .milliseconds(300)
        }
        let error = try #require(await DispatcherSupport.transportError(dispatcher.dataFuture(from: slow)))
        #expect(error.reason == .totalTimeout)
        #expect(ErrorTranslator.standard.translate(error).title == "Request timed out")
    }
}
