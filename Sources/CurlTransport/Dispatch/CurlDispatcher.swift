public import Foundation
public import Futures
public import HTTPCore

/// Sends `HTTPRequest`s over libcurl and answers with `ResponseFuture`s.
///
/// Each dispatcher owns one `CurlEngine`: a network thread running curl's multi interface, its
/// connection cache (connections are reused across requests) and its cookie jar. Futures are cold:
/// nothing is sent before `send()`. Cancelling a future removes its transfer from the engine,
/// which closes the connection at once. Observers run on the configured scheduler.
///
/// Threading contract: every method may be called from any thread. Drop the dispatcher (or call
/// ``shutdown()``) to cancel what is in flight, save cookies and stop the thread.
public final class CurlDispatcher: Sendable {
    /// The settings this dispatcher was made with.
    public let configuration: Configuration
    private let engine: CurlEngine

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        engine = CurlEngine(
            configuration: CurlEngine.Configuration(
                cookieFile: configuration.cookieFile?.path,
                maxConnectionsPerHost: configuration.maxConnectionsPerHost
            ))
    }

    /// What the installed libcurl supports (HTTP/2, brotli, zstd, TLS library).
    public static var features: CurlFeatures { CurlFeatures.current }

    /// A future for `request`'s response, with the body in memory (or in a temporary file past
    /// ``Configuration/memoryLimit``). Request errors (bad URL, unreadable file) land in `error`.
    public func dataFuture(for request: HTTPRequest) -> ResponseFuture<Response<ResponseBody>> {
        exchange(request, destination: nil)
    }

    /// The lazy form: `makeRequest` runs when the future is sent; its throws land in `error`.
    public func dataFuture(_ makeRequest: @escaping @Sendable () throws -> HTTPRequest)
        -> ResponseFuture<Response<ResponseBody>>
    {
        ResponseFuture(scheduler: configuration.scheduler) { [self] future in
            dataFuture(for: try makeRequest()).fulfill(future)
        }
    }

    /// A future whose body is written to `destination` (created or truncated), never held in memory.
    public func downloadFuture(for request: HTTPRequest, to destination: URL) -> ResponseFuture<Response<ResponseBody>>
    {
        exchange(request, destination: destination)
    }

    /// A future for a request whose body is streamed from disk (file or multipart with files).
    /// Any body kind works; this is ``dataFuture(for:)`` under the name upload code looks for.
    public func uploadFuture(for request: HTTPRequest) -> ResponseFuture<Response<ResponseBody>> {
        exchange(request, destination: nil)
    }

    /// Cancels everything in flight, writes the cookie file and stops the network thread.
    /// Later requests fail with a transport error. Called on deinit too.
    public func shutdown() {
        engine.shutdown()
    }

    private func exchange(_ request: HTTPRequest, destination: URL?) -> ResponseFuture<Response<ResponseBody>> {
        let engine = engine
        let memoryLimit = configuration.memoryLimit
        let userAgent = configuration.userAgent
        return ResponseFuture(scheduler: configuration.scheduler) { future in
            let url = try request.validate()
            var spec = TransferSpec(request: request, url: url, userAgent: userAgent)
            spec.memoryLimit = memoryLimit
            spec.destination = destination
            let transfer = CurlTransfer(
                spec: spec,
                onProgress: { counts in
                    future.update(
                        with: TransferProgress(
                            bytesSent: counts.sent, totalBytesToSend: counts.expectedToSend,
                            bytesReceived: counts.received, totalBytesToReceive: counts.expectedToReceive))
                },
                onComplete: { result in
                    switch result {
                    case .success(let outcome):
                        future.succeed(with: Response(request: request, url: url, outcome: outcome))
                    case .failure(let failure) where failure.cause == .cancelled:
                        future.cancel()
                    case .failure(let failure):
                        future.fail(with: TransportError(failure, url: url, viaProxy: request.options.proxy != nil))
                    }
                }
            )
            future.onCancel { engine.cancel(transfer) }
            engine.submit(transfer)
        }
    }
}
