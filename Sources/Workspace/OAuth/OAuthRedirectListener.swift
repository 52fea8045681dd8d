import Foundation

/// The loopback redirect URI of the authorization code grant (RFC 8252 §7.3): an HTTP listener on
/// 127.0.0.1 that waits for the browser's return. A protocol so that Workspace and the explorer
/// never learn the HTTP stack behind it (the executable gives SwiftNIO's, `LoopbackRedirects`).
package protocol OAuthRedirectListening: Sendable {
    /// Listens on 127.0.0.1:`port` (0: a free port) for GET `path`. `page` answers the browser's
    /// request from its query parameters (a status and an HTML page); other paths get a 404.
    func listen(
        port: Int, path: String, page: @escaping @Sendable ([String: String]) -> OAuthRedirectPage
    ) throws(OAuthError) -> any OAuthRedirectListener
}

/// One listening loopback redirect URI. Closed by its owner (the flow) when the flow ends.
package protocol OAuthRedirectListener: Sendable {
    /// `http://127.0.0.1:<port><path>`: what the authorization request names as `redirect_uri`.
    var redirectURI: String { get }
    /// The query parameters of the first request at the path; throws `.cancelled` when the task
    /// is cancelled or the listener closed before one came.
    func callback() async throws(OAuthError) -> [String: String]
    /// Stops listening and forgets what came. Later calls do nothing.
    func close()
}

/// What the browser gets back at the redirect URI.
package struct OAuthRedirectPage: Sendable, Equatable {
    package var status: Int
    package var html: String

    package init(status: Int, title: String, text: String) {
        self.status = status
        html = """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>Lazer</title></head>
            <body style="font-family: sans-serif; margin: 3em">
            <h1>\(Self.escaped(title))</h1>
            <p>\(Self.escaped(text))</p>
            </body></html>

            """
    }

    /// Text from a provider or a URL made safe for HTML.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
