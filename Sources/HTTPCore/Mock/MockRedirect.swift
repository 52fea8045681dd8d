import Foundation

/// A mock's redirect, followed as the live transport follows one (issue 33: against a mock
/// environment a 307 with `Location` came back as the answer, where live it was followed): the
/// same statuses and the Fetch standard's rules (303 makes a GET; 301 and 302 make a POST a GET;
/// 307 and 308 keep the method and the body; a dropped body takes its headers; another origin
/// drops the credentials), and the same hop limit, `RequestOptions.maxRedirects`.
enum MockRedirect {
    /// The statuses that redirect.
    static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    enum Decision {
        /// Not a redirect (or one without a `Location`): the answer stands.
        case done
        /// The next hop: the request to answer, its URL, and the hop for the event log.
        case follow(HTTPRequest, URL, ExchangeEvent.RedirectHop)
        /// A redirect that cannot be followed (its `Location` is not an http(s) URL).
        case fail(TransportError)
    }

    /// What follows `response`, the answer to `request` at `url` (`number`: the hop this would be).
    static func decide(_ response: MockResponse, to request: HTTPRequest, at url: URL, number: Int) -> Decision {
        guard statuses.contains(response.status.rawValue),
            let location = response.headers.values(for: "Location").last, !location.isEmpty
        else { return .done }
        guard let destination = URL(string: location, relativeTo: url)?.absoluteURL, destination.host?.isEmpty == false
        else {
            return .fail(
                TransportError(
                    .badRedirect, message: "The redirect target URL could not be parsed", url: url,
                    redirectLocation: location, stage: .waiting))
        }
        guard let scheme = destination.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            let scheme = destination.scheme ?? ""
            return .fail(
                TransportError(
                    .redirectRefused, message: "redirect to a \(scheme) URL is not followed", url: url,
                    redirectScheme: scheme, redirectLocation: location, stage: .waiting))
        }
        var next = request
        next.queryItems = []
        next.target = target(for: destination, under: request.serverProvider?.baseURL)
        let status = response.status.rawValue
        let dropsBody =
            (status == 303 && request.method != .get && request.method != .head)
            || ((status == 301 || status == 302) && request.method == .post)
        var dropped: [String] = []
        if dropsBody {
            next.method = .get
            next.body = .none
            dropped += remove(bodyHeaders, from: &next.headers)
        }
        let crossOrigin = origin(of: destination) != origin(of: url)
        if crossOrigin { dropped += remove(credentialHeaders, from: &next.headers) }
        let hop = ExchangeEvent.RedirectHop(
            status: response.status, location: location, url: destination, method: request.method,
            nextMethod: next.method, bodyDropped: dropsBody && !isEmpty(request.body), droppedHeaders: dropped,
            crossOrigin: crossOrigin, number: number)
        return .follow(next, destination, hop)
    }

    /// A target under the environment's base URL stays a path of it (the routes are written
    /// relative to it); any other is the absolute URL.
    private static func target(for url: URL, under base: URL?) -> HTTPRequest.Target {
        var text = url.absoluteString
        if let hash = text.firstIndex(of: "#") { text = String(text[..<hash]) }
        guard let base else { return .url(URL(string: text) ?? url) }
        var prefix = base.absoluteString
        while prefix.hasSuffix("/") { prefix.removeLast() }
        guard text.hasPrefix(prefix) else { return .url(URL(string: text) ?? url) }
        let rest = text.dropFirst(prefix.count)
        guard rest.isEmpty || rest.first == "/" || rest.first == "?" else { return .url(URL(string: text) ?? url) }
        return .path(rest.first == "/" ? String(rest) : "/" + rest)
    }

    private static let bodyHeaders: Set<String> = [
        "content-type", "content-length", "content-encoding", "content-language", "content-location",
    ]
    private static let credentialHeaders: Set<String> = ["authorization", "cookie", "proxy-authorization"]

    /// Removes the headers named in `names` (lowercased); returns the names removed.
    private static func remove(_ names: Set<String>, from headers: inout HTTPHeaders) -> [String] {
        let removed = headers.filter { names.contains($0.name.lowercased()) }.map(\.name)
        for name in Set(removed.map { $0.lowercased() }) { headers.remove(name: name) }
        return removed
    }

    private static func isEmpty(_ body: RequestBody) -> Bool {
        if case .none = body { return true }
        return false
    }

    private static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }
}
