public import Foundation

/// One stored cookie, as RFC 6265 section 5.3 keeps it: the name and value a server set, the
/// domain and path it is sent to, and its flags. Values are credentials: never log or show one
/// without the caller's masking.
public struct Cookie: Hashable, Sendable {
    public var name: String
    public var value: String
    /// The host it came from (host-only) or the `Domain` attribute without its leading dot; lower case.
    public var domain: String
    /// Sent to `domain` only (no `Domain` attribute, or an IP host), not to its subdomains.
    public var hostOnly: Bool
    public var path: String
    /// When it expires; `nil` for a session cookie (gone when the jar is dropped, `0` in a cookie file).
    public var expires: Date?
    /// Sent only over `https` (and to loopback hosts, as curl does).
    public var secure: Bool
    /// Kept and sent as any other (Lazer runs no scripts); written with curl's `#HttpOnly_` prefix.
    public var httpOnly: Bool
    /// When it was first stored: the tie-break of the `Cookie` header's order, kept on replacement.
    public var created: Date

    public init(
        name: String, value: String, domain: String, hostOnly: Bool = true, path: String = "/", expires: Date? = nil,
        secure: Bool = false, httpOnly: Bool = false, created: Date = Date()
    ) {
        self.name = name
        self.value = value
        self.domain = domain.lowercased()
        self.hostOnly = hostOnly
        self.path = path
        self.expires = expires
        self.secure = secure
        self.httpOnly = httpOnly
        self.created = created
    }

    /// A session cookie: no expiry.
    public var isSession: Bool { expires == nil }

    /// Whether it has expired at `now`.
    public func isExpired(at now: Date) -> Bool {
        guard let expires else { return false }
        return expires <= now
    }

    /// The identity a newer cookie replaces (RFC 6265 5.3 step 11: name, domain and path).
    public var key: Key { Key(name: name, domain: domain, path: path) }

    public struct Key: Hashable, Sendable {
        public var name: String
        public var domain: String
        public var path: String

        public init(name: String, domain: String, path: String) {
            self.name = name
            self.domain = domain
            self.path = path
        }
    }

    /// Whether this cookie goes with a request to `url` at `now` (RFC 6265 5.4 step 1).
    public func matches(_ url: URL, at now: Date) -> Bool {
        guard !isExpired(at: now), let host = CookieHost.canonical(url) else { return false }
        if hostOnly {
            guard host == domain else { return false }
        } else {
            guard CookieHost.domainMatches(host, domain) else { return false }
        }
        guard CookiePath.matches(CookiePath.requestPath(url), cookiePath: path) else { return false }
        if secure, !CookieHost.isSecureContext(url) { return false }
        return true
    }
}

/// Host rules of RFC 6265: canonical host names, domain matching, IP hosts.
public enum CookieHost {
    /// The request host, lower case, without IPv6 brackets or a trailing dot; nil without one.
    public static func canonical(_ url: URL) -> String? {
        guard var host = url.host?.lowercased(), !host.isEmpty else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        while host.hasSuffix(".") { host.removeLast() }
        return host.isEmpty ? nil : host
    }

    /// Whether `host` is an IPv4 or IPv6 address (such hosts domain-match only themselves).
    public static func isIPAddress(_ host: String) -> Bool {
        if host.contains(":") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCIIDigit) }
    }

    /// RFC 6265 5.1.3: identical, or `host` ends with `.domain` and is not an IP address.
    public static func domainMatches(_ host: String, _ domain: String) -> Bool {
        if host == domain { return true }
        guard !isIPAddress(host), host.hasSuffix(domain) else { return false }
        return host.dropLast(domain.count).last == "."
    }

    /// Secure cookies are set and sent over `https`, and over plain `http` to loopback hosts
    /// (`localhost`, `127.0.0.1`, `::1`), as curl does and browsers do for local development.
    public static func isSecureContext(_ url: URL) -> Bool {
        if url.scheme?.lowercased() == "https" { return true }
        guard let host = canonical(url) else { return false }
        return host == "localhost" || host.hasSuffix(".localhost") || host == "::1" || host.hasPrefix("127.")
    }
}

/// Path rules of RFC 6265 (5.1.4).
public enum CookiePath {
    /// The request's path, `/` when it has none.
    static func requestPath(_ url: URL) -> String {
        let path = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? url.path
        return path.isEmpty ? "/" : path
    }

    /// The default path of a cookie set in answer to `url`: its path up to the last `/` (not included).
    public static func defaultPath(for url: URL) -> String {
        let path = requestPath(url)
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// Whether a request to `requestPath` gets a cookie of `cookiePath`.
    public static func matches(_ requestPath: String, cookiePath: String) -> Bool {
        if requestPath == cookiePath { return true }
        guard requestPath.hasPrefix(cookiePath) else { return false }
        if cookiePath.hasSuffix("/") { return true }
        return requestPath.dropFirst(cookiePath.count).first == "/"
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
