public import Futures

/// Sends requests whose bodies may be large (files, multipart with files), streaming them from disk.
public protocol UploadDispatcher: Sendable {
    var scheduler: any Scheduler { get }

    /// A cold future that uploads `request`'s body, reporting `bytesSent` through `updated`.
    func uploadFuture(from request: HTTPRequest) -> ResponseFuture<DataResponse>
}

extension UploadDispatcher {
    /// The lazy form: `makeRequest` runs when the future is sent; a throw lands in `error`.
    public func uploadFuture(_ makeRequest: @escaping @Sendable () throws -> HTTPRequest) -> ResponseFuture<
        DataResponse
    > {
        ResponseFuture(scheduler: scheduler) { future in
            uploadFuture(from: try makeRequest()).fulfill(future)
        }
    }
}
