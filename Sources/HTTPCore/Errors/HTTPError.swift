/// The server answered with a 4xx or 5xx status.
///
/// Not thrown automatically (as in PewPew/PiuPiu): a response with an error status still arrives as a
/// response, and ``Response/httpError`` says whether it is one, so a UI can show the body the server sent.
public enum HTTPError: Error, Hashable, Sendable {
    /// 4xx: the server says the request is wrong.
    case clientError(StatusCode)
    /// 5xx: the server failed to handle a valid request.
    case serverError(StatusCode)

    /// The error for `status`, or `nil` when it is not a 4xx/5xx.
    public init?(statusCode: StatusCode) {
        switch statusCode.category {
        case .clientError:
            self = .clientError(statusCode)
        case .serverError:
            self = .serverError(statusCode)
        default:
            return nil
        }
    }

    /// The status the server sent.
    public var statusCode: StatusCode {
        switch self {
        case .clientError(let code), .serverError(let code):
            return code
        }
    }
}
