public import Foundation
public import Futures
public import HTTPCore

/// Sends `HTTPRequest`s over libcurl and answers with `ResponseFuture`s: the data, download and
/// upload dispatchers of `HTTPCore`, on curl's multi interface.
///
/// Each dispatcher owns one `CurlEngine`: a network thread running curl's multi interface, its
/// connection cache (connections are reused across requests) and its cookie jar. Futures are cold:
/// nothing is sent before `send()`. Request adapters, validation, response adapters and exchange
/// monitors run through the configured `DispatchPipeline`. Cancelling a future removes its transfer
/// from the engine, which closes the connection at once. Observers run on the configured scheduler.
///
/// Threading contract: every method may be called from any thread. Drop the dispatcher (or call
/// ``shutdown()``) to cancel what is in flight, save cookies and stop the thread.
public final class CurlDispatcher: DataDispatcher, DownloadDispatcher, UploadDispatcher {
    /// The settings this dispatcher was made with.
    public let configuration: Configuration
    private let engine: CurlEngine
    private let executor: CurlTaskExecutor
    /// Starts data and upload transfers (bodies in memory, or in a file past the memory limit).
    private let startInMemory: @Sendable (PreparedRequest, ExchangeHandle) -> Void

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        let engine = CurlEngine(
            configuration: CurlEngine.Configuration(
                cookieFile: configuration.cookieFile?.path,
                maxConnectionsPerHost: configuration.maxConnectionsPerHost,
                // Every connection a host may have stays cached once idle: a capped load reuses
                // its connections rather than closing those past the cache and opening new ones.
                connectionCacheSize: max(64, configuration.maxConnectionsPerHost)
            ))
        self.engine = engine
        executor = CurlTaskExecutor(engine: engine)
        startInMemory = Self.starter(
            engine: engine, configuration: configuration, destination: nil, alwaysToFile: false)
    }

    /// Where the futures this dispatcher makes deliver their callbacks.
    public var scheduler: any Scheduler { configuration.scheduler }

    /// An executor that runs tasks on this dispatcher's network thread, between transfers. A task
    /// that sends requests one after another and prefers it (`Task(executorPreference:)`) resumes
    /// where its response completed and posts the next request there: no thread wake-up per
    /// request. Its jobs must be quick and never block waiting for a transfer (they would stall
    /// the loop that runs it). Keep the dispatcher alive while such tasks run.
    public var taskExecutor: any TaskExecutor { executor }

    /// What the installed libcurl supports (HTTP/2, brotli, zstd, TLS library).
    public static var features: CurlFeatures { CurlFeatures.current }

    /// A future for `request`'s response, with the body in memory (or in a temporary file past
    /// ``Configuration/memoryLimit``). Request errors (bad URL, unreadable file) land in `error`.
    public func dataFuture(from request: HTTPRequest) -> ResponseFuture<DataResponse> {
        exchange(request, destination: nil, alwaysToFile: false)
    }

    /// A future whose body is written to `destination` (created or truncated), or to a new
    /// temporary file when `destination` is nil — never held in memory.
    public func downloadFuture(from request: HTTPRequest, to destination: URL?) -> ResponseFuture<DataResponse> {
        exchange(request, destination: destination, alwaysToFile: true)
    }

    /// A future for a request whose body is streamed from disk (file or multipart with files);
    /// `bytesSent` progress arrives through `updated`.
    public func uploadFuture(from request: HTTPRequest) -> ResponseFuture<DataResponse> {
        exchange(request, destination: nil, alwaysToFile: false)
    }

    /// Cancels everything in flight, writes the cookie file and stops the network thread.
    /// Later requests fail with a transport error. Called on deinit too.
    public func shutdown() {
        engine.shutdown()
    }

    private func exchange(_ request: HTTPRequest, destination: URL?, alwaysToFile: Bool) -> ResponseFuture<DataResponse>
    {
        let start =
            destination == nil && !alwaysToFile
            ? startInMemory
            : Self.starter(
                engine: engine, configuration: configuration, destination: destination, alwaysToFile: alwaysToFile)
        return configuration.pipeline.future(
            for: request, scheduler: configuration.scheduler, firstStage: .resolving, start: start)
    }

    /// What starts a transfer for a prepared request. Made once per dispatcher for in-memory bodies
    /// (most requests), so a request does not allocate a closure of its own for it.
    private static func starter(
        engine: CurlEngine, configuration: Configuration, destination: URL?, alwaysToFile: Bool
    ) -> @Sendable (PreparedRequest, ExchangeHandle) -> Void {
        let memoryLimit = configuration.memoryLimit
        let userAgent = configuration.userAgent
        return { prepared, handle in
            var spec = TransferSpec(request: prepared.request, url: prepared.url, userAgent: userAgent)
            spec.memoryLimit = memoryLimit
            spec.destination = destination
            spec.alwaysToFile = alwaysToFile
            if RedirectChain.isNeeded(for: spec) {
                let chain = RedirectChain(engine: engine, spec: spec, observer: handle)
                handle.onCancel { chain.cancel() }
                chain.start()
                return
            }
            let transfer = CurlTransfer(spec: spec, observer: handle, engine: engine)
            // One captured reference: the transfer itself is the closure's context, nothing is allocated.
            handle.onCancel { transfer.cancel() }
            engine.submit(transfer)
        }
    }
}
