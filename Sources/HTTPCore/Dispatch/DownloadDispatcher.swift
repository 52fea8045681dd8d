public import Foundation
public import Futures

/// Downloads a response body straight to a file, whatever its size.
public protocol DownloadDispatcher: Sendable {
    var scheduler: any Scheduler { get }

    /// A cold future whose response body is always ``ResponseBody/file(_:byteCount:)``: at
    /// `destination`, or in a new temporary file when `destination` is `nil`. Progress arrives
    /// through `updated`.
    func downloadFuture(from request: HTTPRequest, to destination: URL?) -> ResponseFuture<DataResponse>
}

extension DownloadDispatcher {
    /// The lazy form: `makeRequest` runs when the future is sent; a throw lands in `error`.
    public func downloadFuture(
        to destination: URL? = nil, _ makeRequest: @escaping @Sendable () throws -> HTTPRequest
    ) -> ResponseFuture<DataResponse> {
        ResponseFuture(scheduler: scheduler) { future in
            downloadFuture(from: try makeRequest(), to: destination).fulfill(future)
        }
    }
}
