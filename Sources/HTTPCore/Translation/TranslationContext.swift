public import Foundation

/// What the translator knows about the exchange besides the error: the method and URL, so an
/// explanation can say "GET api.example.com" instead of "the server".
public struct TranslationContext: Hashable, Sendable {
    public var method: HTTPMethod?
    public var url: URL?

    public init(method: HTTPMethod? = nil, url: URL? = nil) {
        self.method = method
        self.url = url
    }

    /// The context of a request; the URL is resolved if possible.
    public init(request: HTTPRequest) {
        method = request.method
        url = try? request.url()
    }
}
