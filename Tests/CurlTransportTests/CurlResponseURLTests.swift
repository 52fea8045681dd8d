import CurlTransport
import Foundation
import Futures
import HTTPCore
import LoopbackTesting
import Testing

/// The URL a response reports (history, `lazer send`, HAR export): the one it was sent to, or
/// where redirects led — never an earlier request's.
@Suite("CurlDispatcher: response URLs")
struct CurlResponseURLTests {
    @Test("each response carries its own URL when one kept handle serves request after request")
    func responseURLOnAReusedHandle() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        defer { dispatcher.shutdown() }
        for index in 1...5 {
            let url = server.url("/echo/item-\(index)")
            let response = try await dispatcher.dataFuture(from: DispatcherSupport.request(url)).value
            #expect(response.url.absoluteString == url.absoluteString)
        }
    }
}
