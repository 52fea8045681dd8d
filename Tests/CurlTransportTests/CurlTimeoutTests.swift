import CurlTransport
import Foundation
import Futures
import HTTPCore
import LoopbackTesting
import Testing

/// Which timeout fired must not depend on whether the connection was new or reused.
@Suite("CurlDispatcher timeouts on reused connections")
struct CurlTimeoutTests {
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
