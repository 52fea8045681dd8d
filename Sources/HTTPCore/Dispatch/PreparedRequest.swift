public import Foundation

/// A request ready for a transport: adapted, validated, with its URL resolved.
public struct PreparedRequest: Sendable {
    /// The request after every ``RequestAdapter``; the one to send.
    public var request: HTTPRequest
    /// The resolved URL, query included.
    public var url: URL

    public init(request: HTTPRequest, url: URL) {
        self.request = request
        self.url = url
    }
}
