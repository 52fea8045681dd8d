import AnnotatedLocks
public import Foundation
import Synchronization

/// A cookie jar that any transport can use (pure Swift, no libcurl): RFC 6265 storage from
/// `Set-Cookie` headers and selection for the next request's `Cookie` header. A request carries
/// one in ``RequestOptions/cookieJar``; the curl transport and `MockDispatcher` both store what
/// every redirect hop set and send what earlier hops set, so a live and a mock environment
/// behave the same. There is no public-suffix list: a server may set a cookie for any parent
/// domain of its host (`Domain=co.uk` from `a.co.uk` is stored), as curl does without libpsl.
///
/// Thread-safe (one lock); equal only to itself. Every change is also kept in a journal
/// (``takeChanges()``) so a store can replay it on a copy read again from disk and not lose
/// cookies another process wrote meanwhile.
public final class CookieJar: Hashable, Sendable, CustomStringConvertible {
    /// Why a `Set-Cookie` was not stored.
    public enum Refusal: Error, Equatable, Sendable {
        case noHost
        /// `Domain` names a domain the host is not in.
        case domainMismatch(String)
        /// `Secure` set over plain `http` (to a host that is not loopback).
        case secureOverHTTP
        /// Not a cookie at all (no `name=`).
        case malformed
    }

    /// One change, replayable on another jar.
    public enum Change: Equatable, Sendable {
        /// `Set-Cookie` headers received in answer to `url` at `date`.
        case received([String], url: URL, date: Date)
        /// A cookie put as it is (an edit, a `-b name=value`, a merged file).
        case put(Cookie)
        case remove(Cookie.Key)
        case removeAll
    }

    private struct State {
        var cookies: [Cookie] = []
        var changes: [Change] = []
    }

    private let state = Mutex(State())
    private let changeCount = Atomic<Int>(0)

    /// Goes up with every change (a cookie received, put or removed): what a request rendered with
    /// this jar's cookies compares to know they are still the ones it would send.
    public var generation: Int { changeCount.load(ordering: .acquiring) }

    private func changed() { changeCount.add(1, ordering: .releasing) }

    public init(cookies: [Cookie] = []) {
        state.withLock(ownedBy: self) { $0.cookies = cookies }
    }

    /// Every cookie, expired ones included until the next change, in storage order.
    public var cookies: [Cookie] { state.withLock(ownedBy: self) { $0.cookies } }

    /// The cookies not expired at `now`, sorted by domain, path and name (for lists).
    public func listed(at now: Date = Date()) -> [Cookie] {
        cookies.filter { !$0.isExpired(at: now) }.sorted {
            ($0.domain, $0.path, $0.name) < ($1.domain, $1.path, $1.name)
        }
    }

    public var isEmpty: Bool { state.withLock(ownedBy: self) { $0.cookies.isEmpty } }

    /// Stores what `headers` (`Set-Cookie` values) set in answer to `url`; returns the names stored
    /// (a deletion — an expiry in the past — included) in order, and the refusals.
    @discardableResult
    public func receive(_ headers: [String], from url: URL, at now: Date = Date()) -> (
        stored: [String], refused: [Refusal]
    ) {
        guard !headers.isEmpty else { return ([], []) }
        defer { changed() }
        return state.withLock(ownedBy: self) { state in
            state.changes.append(.received(headers, url: url, date: now))
            return Self.receive(headers, from: url, at: now, into: &state.cookies)
        }
    }

    private static func receive(_ headers: [String], from url: URL, at now: Date, into cookies: inout [Cookie]) -> (
        stored: [String], refused: [Refusal]
    ) {
        var stored: [String] = []
        var refused: [Refusal] = []
        for header in headers {
            guard let parsed = SetCookie(header) else {
                refused.append(.malformed)
                continue
            }
            switch parsed.cookie(from: url, at: now) {
            case .failure(let refusal): refused.append(refusal)
            case .success(let cookie):
                put(cookie, into: &cookies, at: now)
                stored.append(cookie.name)
            }
        }
        return (stored, refused)
    }

    /// Replaces the cookie of the same name, domain and path (keeping its creation time) or adds
    /// it; an expired one only removes.
    private static func put(_ cookie: Cookie, into cookies: inout [Cookie], at now: Date) {
        var cookie = cookie
        if let index = cookies.firstIndex(where: { $0.key == cookie.key }) {
            cookie.created = cookies[index].created
            cookies.remove(at: index)
        }
        cookies.removeAll { $0.isExpired(at: now) }
        if !cookie.isExpired(at: now) { cookies.append(cookie) }
    }

    /// Puts `cookie` as it is (replacing its name, domain and path).
    public func put(_ cookie: Cookie, at now: Date = Date()) {
        state.withLock(ownedBy: self) { state in
            state.changes.append(.put(cookie))
            Self.put(cookie, into: &state.cookies, at: now)
        }
        changed()
    }

    public func remove(_ key: Cookie.Key) {
        state.withLock(ownedBy: self) { state in
            state.changes.append(.remove(key))
            state.cookies.removeAll { $0.key == key }
        }
        changed()
    }

    public func removeAll() {
        state.withLock(ownedBy: self) { state in
            state.changes.append(.removeAll)
            state.cookies.removeAll()
        }
        changed()
    }

    /// The changes since the last call, in order (and forgets them).
    public func takeChanges() -> [Change] {
        state.withLock(ownedBy: self) { state in
            defer { state.changes.removeAll() }
            return state.changes
        }
    }

    /// Applies `changes` (another jar's journal) to this jar, without journaling them again.
    public func apply(_ changes: [Change], at now: Date = Date()) {
        state.withLock(ownedBy: self) { state in
            for change in changes {
                switch change {
                case .received(let headers, let url, let date):
                    _ = Self.receive(headers, from: url, at: date, into: &state.cookies)
                case .put(let cookie): Self.put(cookie, into: &state.cookies, at: now)
                case .remove(let key): state.cookies.removeAll { $0.key == key }
                case .removeAll: state.cookies.removeAll()
                }
            }
        }
        changed()
    }

    /// The cookies a request to `url` sends at `now`, in RFC 6265 5.4's order: longer paths first,
    /// then earlier creation.
    public func cookies(for url: URL, at now: Date = Date()) -> [Cookie] {
        cookies.filter { $0.matches(url, at: now) }.sorted {
            $0.path.count != $1.path.count ? $0.path.count > $1.path.count : $0.created < $1.created
        }
    }

    /// The `Cookie` header for a request to `url` whose own `Cookie` header is `own` (nil: none):
    /// the request's header as written first, then the jar's cookies whose names it does not
    /// already hold (a cookie the request sets itself wins); nil when there is nothing to send.
    public func cookieHeader(for url: URL, own: String? = nil, at now: Date = Date()) -> String? {
        let ownNames = Set(
            (own ?? "").split(separator: ";").compactMap { pair -> String? in
                guard let equals = pair.firstIndex(of: "=") else { return nil }
                return pair[..<equals].trimmingCharacters(in: .whitespaces)
            })
        let fromJar = cookies(for: url, at: now).filter { !ownNames.contains($0.name) }.map { "\($0.name)=\($0.value)" }
        var parts: [String] = []
        if let own, !own.isEmpty { parts.append(own) }
        parts += fromJar
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// Drops the session cookies (what a browser does when it quits; `curl -j`).
    public func removeSessionCookies() {
        state.withLock(ownedBy: self) { state in state.cookies.removeAll { $0.isSession } }
        changed()
    }

    public static func == (lhs: CookieJar, rhs: CookieJar) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Never the values: a jar printed in a log or a test failure shows names only.
    public var description: String {
        "CookieJar(\(cookies.map { "\($0.name)@\($0.domain)\($0.path)" }.joined(separator: ", ")))"
    }
}
