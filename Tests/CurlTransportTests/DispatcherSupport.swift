import CurlTransport
import Foundation
import Futures
import HTTPCore
import Testing

/// Helpers for the dispatcher suites that use the loopback server's proxies, certificates, HTTP/2
/// front end and redirect endpoints.
enum DispatcherSupport {
    /// A dispatcher whose observers run inline (on the network thread).
    static func dispatcher() -> CurlDispatcher {
        CurlDispatcher(configuration: .init(scheduler: ImmediateScheduler()))
    }

    /// A request for `url` bounded by a 30 s total timeout.
    static func request(
        _ url: URL, method: HTTPMethod = .get, configure: (inout HTTPRequest) -> Void = { _ in }
    ) -> HTTPRequest {
        var request = HTTPRequest(method: method, url: url, options: RequestOptions(totalTimeout: .seconds(30)))
        configure(&request)
        return request
    }

    /// The transport error `future` failed with (nil when it succeeded or failed otherwise).
    static func transportError(_ future: ResponseFuture<Response<ResponseBody>>) async -> TransportError? {
        guard case .failure(let error) = await future.fetchResult() else { return nil }
        return error as? TransportError
    }

    /// Sends `future`, cancels it as soon as the first body bytes arrive and waits until it has
    /// settled — a transfer stopped in the middle of its body (the caller checks `isCancelled`).
    /// The cancel comes from the progress observer itself (the dispatcher's immediate scheduler
    /// runs it on the network thread), not from an awaiting task: when the test process is busy,
    /// a task can wait for a thread longer than the response lasts. And the wait ends however the
    /// future settles, so a test fails instead of waiting forever.
    static func cancelMidBody(_ future: ResponseFuture<Response<ResponseBody>>) async {
        let (settled, settledContinuation) = AsyncStream<Void>.makeStream()
        _ = future.updated { [weak future] update in if update.bytesReceived > 0 { future?.cancel() } }
        _ = future.completion { settledContinuation.finish() }
        _ = future.send()
        var iterator = settled.makeAsyncIterator()
        _ = await iterator.next()
    }

    /// A token no other test uses, to find this test's entry in a shared server's log.
    static func uniqueID() -> String {
        UUID().uuidString.lowercased()
    }
}

extension Echo {
    /// The loopback server's `/echo` answer in a dispatcher response.
    init(_ response: Response<ResponseBody>) throws {
        self = try JSONDecoder().decode(Echo.self, from: try response.body.data())
    }
}
