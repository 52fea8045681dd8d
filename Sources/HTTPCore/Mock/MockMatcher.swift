import Foundation
import TerminalText

/// The pure parts of ``MockDispatcher``: what a request looks like to the route table, matching,
/// the 404 answer, and turning a ``MockBody`` into a ``ResponseBody``.
enum MockMatcher {
    /// The path routes match: the path as written for relative requests, the URL's path for
    /// absolute ones — percent-encoded as sent, as the mock server reads it over HTTP (`a%2Fb` is
    /// one segment; decoded first it would be two).
    static func path(of request: HTTPRequest) -> String {
        switch request.target {
        case .url(let url):
            let path = url.path(percentEncoded: true)  // parsed at each read: read once
            return path.isEmpty ? "/" : path
        case .path(let text):
            var path = text
            if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) {
                path = String(path[..<cut])
            }
            let lower = path.lowercased()
            if lower.hasPrefix("http://") || lower.hasPrefix("https://"), let url = URL(string: path) {
                let encoded = url.path(percentEncoded: true)
                return encoded.isEmpty ? "/" : encoded
            }
            return path.hasPrefix("/") ? path : "/" + path
        }
    }

    /// The query items from the target text and from ``HTTPRequest/queryItems``, decoded (later wins).
    static func query(of request: HTTPRequest) -> [String: String] {
        var items: [String: String] = [:]
        let text: String
        switch request.target {
        case .url(let url): text = url.query ?? ""
        case .path(let path): text = path.firstIndex(of: "?").map { String(path[path.index(after: $0)...]) } ?? ""
        }
        let withoutFragment = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        for pair in withoutFragment.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let value = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : ""
            items[name] = value
        }
        for item in request.queryItems {
            items[item.name] = item.value ?? ""
        }
        return items
    }

    /// File-backed bodies larger than this are not read for JSON matching.
    static let maxMatchedFileBody: Int64 = 16 * 1024 * 1024

    /// The request body as JSON, when it is JSON (file bodies only up to ``maxMatchedFileBody``).
    static func bodyJSON(of request: HTTPRequest) -> JSONValue? {
        if case .none = request.body { return nil }
        if request.body.streamsFromDisk {
            guard let length = try? request.body.contentLength(), length <= maxMatchedFileBody else { return nil }
        }
        return (try? request.body.encodedData()).flatMap { JSONValue(json: $0) }
    }

    /// The captured parameters when `route` matches, else `nil`.
    static func match(
        _ route: MockRoute, method: HTTPMethod, headers: HTTPHeaders, path: String, query: [String: String],
        body: JSONValue?
    ) -> [String: String]? {
        if let expected = route.method, expected != method { return nil }
        guard let parameters = route.path.match(path) else { return nil }
        for (name, value) in route.query where query[name] != value { return nil }
        for (name, value) in route.headers where !headers.values(for: name).contains(value) { return nil }
        if let expected = route.bodyJSON {
            guard let body, expected.isSubset(of: body) else { return nil }
        }
        if let graphql = route.graphql {
            guard let request = MockGraphQLMatch.Request(body: body, query: query), graphql.matches(request) else {
                return nil
            }
        }
        return parameters
    }

    /// Why `route` does not match, one reason per failed matcher (empty when it matches).
    static func mismatches(
        _ route: MockRoute, request: HTTPRequest, path: String, query: [String: String], body: JSONValue?
    ) -> [String] {
        var reasons: [String] = []
        if let method = route.method, method != request.method {
            reasons.append("method: the route answers \(method.rawValue), the request is \(request.method.rawValue)")
        }
        if route.path.match(path) == nil {
            reasons.append("path: \(path) does not match \(route.path.text)")
        }
        for name in route.query.keys.sorted() where query[name] != route.query[name] {
            let found = query[name].map { "\"\($0)\"" } ?? "nothing"
            reasons.append("query \(name): expected \"\(route.query[name] ?? "")\", found \(found)")
        }
        for name in route.headers.keys.sorted() {
            let expected = route.headers[name] ?? ""
            let values = request.headers.values(for: name)
            guard !values.contains(expected) else { continue }
            let found = values.isEmpty ? "no such header" : values.map { "\"\($0)\"" }.joined(separator: ", ")
            reasons.append("header \(name): expected \"\(expected)\", found \(found)")
        }
        if let expected = route.bodyJSON {
            if let body {
                if !expected.isSubset(of: body) {
                    reasons.append("body: the JSON body does not contain the route's json")
                }
            } else {
                reasons.append("body: the route matches a JSON body, the request has none")
            }
        }
        if let graphql = route.graphql,
            let reason = graphql.mismatch(MockGraphQLMatch.Request(body: body, query: query))
        {
            reasons.append(reason)
        }
        return reasons
    }

    private struct NotFoundBody: Encodable {
        struct Closest: Encodable {
            var route: String
            var why: [String]
        }

        var error: String
        var closest: [Closest]
        var routes: [String]
    }

    /// How many routes a 404 names as the closest.
    static let closestCount = 3

    /// A 404 whose JSON body names the request, the closest routes with why each missed (the
    /// fewest failed matchers first; a matching path counts more than a matching method), and
    /// every known route.
    static func notFound(
        _ request: HTTPRequest, path: String, query: [String: String] = [:], body: JSONValue? = nil,
        routes: [MockRoute]
    ) -> MockResponse {
        let scored = routes.enumerated().map { index, route in
            let why = mismatches(route, request: request, path: path, query: query, body: body)
            let pathMissed = why.contains { $0.hasPrefix("path:") }
            return (index: index, route: route, why: why, score: why.count + (pathMissed ? 2 : 0))
        }
        let closest = scored.sorted { ($0.score, $0.index) < ($1.score, $1.index) }.prefix(closestCount)
        let notFound = NotFoundBody(
            error: "No mock route matches \(request.method.rawValue) \(path)",
            closest: closest.map { NotFoundBody.Closest(route: $0.route.description, why: $0.why) },
            routes: routes.map(\.description))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // The request's path and the routes' text echoed back: C1, bidi and format characters escaped.
        let data =
            (try? encoder.encode(notFound)).map {
                Data(TerminalText.jsonSafe(String(decoding: $0, as: UTF8.self)).utf8)
            }
            ?? Data(notFound.error.utf8)
        return .jsonText(data, status: .notFound)
    }

    /// The answer to an `OPTIONS` request no route names: `204` with the methods of its path's routes.
    static func allow(_ methods: [String]) -> MockResponse {
        var names = methods.contains("*") ? HTTPMethod.standard.map(\.rawValue) : methods
        if names.contains("GET"), !names.contains("HEAD") { names.append("HEAD") }
        if !names.contains("OPTIONS") { names.append("OPTIONS") }
        var unique: [String] = []
        for name in names where !unique.contains(name) { unique.append(name) }
        return MockResponse(status: StatusCode(204), headers: ["Allow": unique.joined(separator: ", ")])
    }

    /// The response body for a mock body; a file body must exist.
    static func responseBody(_ body: MockBody) throws(ResponseError) -> ResponseBody {
        switch body {
        case .empty:
            return .empty
        case .data(let data):
            return .data(data)
        case .file(let path):
            let attributes: [FileAttributeKey: Any]
            do {
                attributes = try FileManager.default.attributesOfItem(atPath: path)
            } catch {
                throw .mockBodyFileMissing(path: path)
            }
            let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
            return .file(URL(fileURLWithPath: path), byteCount: size)
        }
    }

    /// Writes `body` to `destination` (or a new temporary file) and returns it as a file body.
    static func saveToFile(_ body: ResponseBody, destination: URL?) throws(ResponseError) -> ResponseBody {
        let target =
            destination
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("lazer-download-\(UUID().uuidString)")
        do {
            switch body {
            case .data(let data):
                try data.write(to: target)
            case .file(let source, _):
                if FileManager.default.fileExists(atPath: target.path) {
                    try FileManager.default.removeItem(at: target)
                }
                try FileManager.default.copyItem(at: source, to: target)
            }
        } catch {
            throw .unreadableBodyFile(
                path: target.path, reason: "the download could not be written: \(error.localizedDescription)")
        }
        return .file(target, byteCount: body.byteCount)
    }
}
