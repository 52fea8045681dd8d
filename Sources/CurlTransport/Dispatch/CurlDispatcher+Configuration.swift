public import Foundation
public import Futures
public import HTTPCore

extension CurlDispatcher {
    /// Dispatcher-wide settings (per-request settings live in `RequestOptions`).
    public struct Configuration: Sendable {
        /// Where observers of the returned futures run.
        public var scheduler: any Scheduler
        /// Bodies larger than this many bytes go to a temporary file (default 256 MB). The response's
        /// `ResponseBody.file` then refers to it, and the caller owns (and deletes) the file.
        public var memoryLimit: Int
        /// A Netscape-format cookie file: loaded when the dispatcher starts, written when it shuts
        /// down. `nil` keeps this dispatcher's cookies in memory only.
        public var cookieFile: URL?
        /// At most this many connections to one host at a time (0: no limit).
        public var maxConnectionsPerHost: Int
        /// The `User-Agent` sent when a request does not set one.
        public var userAgent: String
        /// Request adapters, response adapters and exchange monitors every exchange goes through.
        public var pipeline: DispatchPipeline

        public init(
            scheduler: any Scheduler = MainQueueScheduler(),
            memoryLimit: Int = 256 * 1024 * 1024,
            cookieFile: URL? = nil,
            maxConnectionsPerHost: Int = 0,
            userAgent: String = "lazer",
            pipeline: DispatchPipeline = DispatchPipeline()
        ) {
            self.scheduler = scheduler
            self.memoryLimit = memoryLimit
            self.cookieFile = cookieFile
            self.maxConnectionsPerHost = maxConnectionsPerHost
            self.userAgent = userAgent
            self.pipeline = pipeline
        }
    }
}
