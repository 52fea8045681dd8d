/// Changes or rejects a response before the caller sees it (unwrap an envelope, turn an error body
/// into an error). Runs in order after the transport answers; a throw fails the future.
public protocol ResponseAdapter: Sendable {
    func adapt(_ response: DataResponse) throws -> DataResponse
}

/// A ``ResponseAdapter`` from a closure.
public struct ClosureResponseAdapter: ResponseAdapter {
    private let body: @Sendable (DataResponse) throws -> DataResponse

    public init(_ body: @escaping @Sendable (DataResponse) throws -> DataResponse) {
        self.body = body
    }

    public func adapt(_ response: DataResponse) throws -> DataResponse {
        try body(response)
    }
}
