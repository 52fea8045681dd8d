package import Foundation
package import HTTPCore
package import Workspace

/// One exchange to turn into a mock route: what `lazer record` saw, from the replay engine or the
/// recording proxy, before redaction.
package struct RecordedExchange: Sendable {
    package var method: String
    /// The request's path, without the query.
    package var path: String
    /// The request's query text as sent (percent-encoded, without `?`): each item becomes a matcher.
    package var query: String
    /// The request body when it was in memory (`nil` for none or a file): a small JSON one becomes a matcher.
    package var requestBody: [UInt8]?
    /// The collection's request before it was resolved (replays only): values written with a
    /// placeholder are not matched on.
    package var template: RecordedMatchers.Template?
    /// The response, or the transport failure when none arrived.
    package var outcome: Outcome
    package var duration: Duration
    /// Masks the exchange's secret values (secret variables, secret captures).
    package var redactor: Redactor
    /// How messages name the exchange (`Methods/GET with query`, or `GET /get` for the proxy).
    package var label: String
    /// A WebSocket request's conversation (replays only): becomes a WebSocket route.
    package var webSocket: RecordedConversation?
    /// A streamed answer's events with their offsets from the send (replays only): the route
    /// answers with them, each after the wait it came after.
    package var streamEvents: [StreamEvent]?

    package enum Outcome: Sendable {
        case response(status: Int, headers: HTTPHeaders, body: [UInt8])
        case failure(TransportError.Reason)
    }

    /// The path (percent-encoded, as sent, without the part `basePath` — the base URL's own path,
    /// percent-encoded — accounts for) and the query text of the URL a request was sent to. As
    /// sent, not decoded: a route's path is a pattern whose literal segments are decoded when
    /// matched, so `a%5Db%20c` and `a%2520` must reach it still encoded.
    package static func target(of url: URL, basePath: String) -> (path: String, query: String) {
        var path = url.path(percentEncoded: true)
        let prefix = basePath.hasSuffix("/") ? String(basePath.dropLast()) : basePath
        if !prefix.isEmpty, path.hasPrefix(prefix + "/") || path == prefix {
            path = String(path.dropFirst(prefix.count))
        }
        return (path.isEmpty ? "/" : path, url.query(percentEncoded: true) ?? "")
    }

    package init(
        method: String, path: String, query: String = "", requestBody: [UInt8]? = nil,
        template: RecordedMatchers.Template? = nil, outcome: Outcome, duration: Duration, redactor: Redactor,
        label: String
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.requestBody = requestBody
        self.template = template
        self.outcome = outcome
        self.duration = duration
        self.redactor = redactor
        self.label = label
    }
}
