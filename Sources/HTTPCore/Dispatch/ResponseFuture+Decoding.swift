public import Dispatch
public import Foundation
public import Futures

extension ResponseFuture where Success == DataResponse {
    /// A future of the body decoded as `type`. Decoding runs on `queue` (a background queue by
    /// default), never on the main thread, and failures are ``SerializationError``s.
    public func decoded<Value: Decodable & Sendable>(
        _ type: Value.Type, using decoder: JSONDecoder = JSONDecoder(),
        on queue: DispatchQueue = .global(qos: .userInitiated)
    ) -> ResponseFuture<Response<Value>> {
        then(Response<Value>.self, on: queue) { response in
            try response.decode(type, using: decoder)
        }
    }

    /// A future of the body as text (charset from `Content-Type`, else UTF-8), decoded on `queue`.
    public func decodedString(on queue: DispatchQueue = .global(qos: .userInitiated)) -> ResponseFuture<
        Response<String>
    > {
        then(Response<String>.self, on: queue) { response in
            response.replacingBody(try response.decodeString())
        }
    }

    /// A future that fails with the response's ``HTTPError`` for a 4xx/5xx, for callers that want
    /// error statuses in `error` rather than as responses.
    public func validated() -> ResponseFuture<DataResponse> {
        then(DataResponse.self) { response in
            if let error = response.httpError { throw error }
            return response
        }
    }
}
