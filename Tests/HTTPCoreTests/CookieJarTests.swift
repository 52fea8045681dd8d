import Foundation
import FuturesTesting
import HTTPCore
import HTTPCoreTesting
import Testing

/// RFC 6265 storage and selection, one rule per test.
@Suite("CookieJar")
struct CookieJarTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func url(_ text: String) -> URL { URL(string: text) ?? URL(fileURLWithPath: "/") }

    func names(_ jar: CookieJar, _ text: String, at date: Date? = nil) -> [String] {
        jar.cookies(for: url(text), at: date ?? now).map(\.name)
    }

    @Test("a cookie without Domain is host-only: sent to its host, not to subdomains or parents")
    func hostOnly() {
        let jar = CookieJar()
        jar.receive(["s=1"], from: url("http://api.example.com/login"), at: now)
        #expect(names(jar, "http://api.example.com/") == ["s"])
        #expect(names(jar, "http://v2.api.example.com/").isEmpty)
        #expect(names(jar, "http://example.com/").isEmpty)
        #expect(jar.cookies.first?.hostOnly == true)
    }

    @Test("Domain sends to the domain and its subdomains; a leading dot is ignored")
    func domainCookie() {
        let jar = CookieJar()
        jar.receive(["d=1; Domain=.Example.com"], from: url("http://api.example.com/"), at: now)
        #expect(jar.cookies.first?.domain == "example.com")
        #expect(names(jar, "http://example.com/") == ["d"])
        #expect(names(jar, "http://x.y.example.com/") == ["d"])
        #expect(names(jar, "http://notexample.com/").isEmpty)
    }

    @Test("a Domain the host is not in is refused")
    func domainMismatch() {
        let jar = CookieJar()
        let result = jar.receive(
            ["a=1; Domain=other.com", "b=1; Domain=api.example.com.evil"], from: url("http://api.example.com/"), at: now
        )
        #expect(result.stored.isEmpty)
        #expect(result.refused == [.domainMismatch("other.com"), .domainMismatch("api.example.com.evil")])
        #expect(jar.isEmpty)
    }

    @Test("an IP host's cookies are host-only; a Domain on an IP host other than itself is refused")
    func ipHosts() {
        let jar = CookieJar()
        jar.receive(["a=1; Domain=127.0.0.1", "b=1; Domain=0.0.1"], from: url("http://127.0.0.1:8080/"), at: now)
        #expect(jar.cookies.map(\.name) == ["a"])
        #expect(jar.cookies.first?.hostOnly == true)
        #expect(names(jar, "http://127.0.0.1:9/x") == ["a"])
        #expect(names(jar, "http://127.0.0.2/").isEmpty)
    }

    @Test("the default path is the request path up to its last slash; paths match on segment boundaries")
    func paths() {
        let jar = CookieJar()
        jar.receive(["a=1"], from: url("http://h.test/api/v1/login"), at: now)
        jar.receive(["b=1"], from: url("http://h.test/top"), at: now)
        jar.receive(["c=1; Path=/api"], from: url("http://h.test/"), at: now)
        jar.receive(["d=1; Path=relative"], from: url("http://h.test/x/y"), at: now)
        #expect(jar.cookies.map(\.path) == ["/api/v1", "/", "/api", "/x"])
        #expect(names(jar, "http://h.test/api/v1/users") == ["a", "c", "b"])
        #expect(names(jar, "http://h.test/api/v1") == ["a", "c", "b"])
        #expect(names(jar, "http://h.test/api/v10") == ["c", "b"])
        #expect(names(jar, "http://h.test/apix") == ["b"])
    }

    @Test("Secure cookies go over https and to loopback only; a Secure cookie set over plain http elsewhere is refused")
    func secure() {
        let jar = CookieJar()
        jar.receive(["s=1; Secure; Domain=example.com"], from: url("https://example.com/"), at: now)
        #expect(names(jar, "https://www.example.com/") == ["s"])
        #expect(names(jar, "http://www.example.com/").isEmpty)
        let refused = jar.receive(["t=1; Secure"], from: url("http://example.com/"), at: now)
        #expect(refused.refused == [.secureOverHTTP])
        jar.receive(["l=1; Secure"], from: url("http://127.0.0.1:5/"), at: now)
        #expect(names(jar, "http://127.0.0.1:5/") == ["l"])
    }

    @Test("HttpOnly is kept (and sent: Lazer runs no scripts)")
    func httpOnly() {
        let jar = CookieJar()
        jar.receive(["h=1; HttpOnly"], from: url("http://h.test/"), at: now)
        #expect(jar.cookies.first?.httpOnly == true)
        #expect(names(jar, "http://h.test/") == ["h"])
    }

    @Test("Max-Age wins over Expires; either in the past deletes; without them it is a session cookie")
    func expiry() {
        let jar = CookieJar()
        jar.receive(
            [
                "m=1; Max-Age=60; Expires=Wed, 09 Jun 2021 10:18:14 GMT", "e=1; Expires=Fri, 01 Jan 2100 00:00:00 GMT",
                "s=1",
            ], from: url("http://h.test/"), at: now)
        let byName = Dictionary(uniqueKeysWithValues: jar.cookies.map { ($0.name, $0) })
        #expect(byName["m"]?.expires == now.addingTimeInterval(60))
        #expect(byName["e"]?.expires == Date(timeIntervalSince1970: 4_102_444_800))
        #expect(byName["s"]?.isSession == true)
        #expect(names(jar, "http://h.test/", at: now.addingTimeInterval(61)).sorted() == ["e", "s"])
        jar.receive(
            ["e=gone; Max-Age=0", "s=gone; Expires=Thu, 01 Jan 1970 00:00:01 GMT"], from: url("http://h.test/"), at: now
        )
        #expect(jar.cookies.map(\.name) == ["m"])
    }

    @Test("cookie dates are read in the RFC's forgiving grammar; a bad one is ignored")
    func dates() {
        let jar = CookieJar()
        jar.receive(
            [
                "a=1; Expires=Sunday, 06-Nov-94 08:49:37 GMT", "b=1; expires=Sun Nov  6 08:49:37 2094",
                "c=1; Expires=not a date",
            ], from: url("http://h.test/"), at: Date(timeIntervalSince1970: 0))
        let byName = Dictionary(uniqueKeysWithValues: jar.cookies.map { ($0.name, $0) })
        #expect(byName["a"]?.expires == Date(timeIntervalSince1970: 784_111_777))
        #expect(byName["b"]?.expires == Date(timeIntervalSince1970: 3_939_871_777))
        #expect(byName["c"]?.isSession == true)
    }

    @Test("a cookie of the same name, domain and path replaces the old one and keeps its place in the order")
    func replacing() {
        let jar = CookieJar()
        jar.receive(["a=1"], from: url("http://h.test/"), at: now)
        jar.receive(["b=1"], from: url("http://h.test/"), at: now.addingTimeInterval(1))
        jar.receive(["a=2", "a=3; Path=/p"], from: url("http://h.test/"), at: now.addingTimeInterval(2))
        #expect(jar.cookieHeader(for: url("http://h.test/p"), at: now.addingTimeInterval(3)) == "a=3; a=2; b=1")
        #expect(jar.cookies.count == 3)
    }

    @Test("malformed Set-Cookie values are refused, not guessed")
    func malformed() {
        let jar = CookieJar()
        let result = jar.receive(
            ["novalue", "=nameless", "ok = spaced ; Path = /"], from: url("http://h.test/"), at: now)
        #expect(result.refused == [.malformed, .malformed])
        #expect(jar.cookies.map { "\($0.name)=\($0.value)" } == ["ok=spaced"])
    }

    @Test("a request's own Cookie header is sent first as written; the jar adds the names it does not hold")
    func merging() {
        let jar = CookieJar()
        jar.receive(["a=jar", "b=jar"], from: url("http://h.test/"), at: now)
        #expect(jar.cookieHeader(for: url("http://h.test/"), own: "a=mine; z=9", at: now) == "a=mine; z=9; b=jar")
        #expect(jar.cookieHeader(for: url("http://other.test/"), own: nil, at: now) == nil)
    }

    @Test("the journal replayed on another jar gives the same cookies")
    func journal() {
        let jar = CookieJar()
        jar.receive(["a=1", "b=2"], from: url("http://h.test/"), at: now)
        jar.remove(Cookie.Key(name: "a", domain: "h.test", path: "/"))
        jar.put(Cookie(name: "c", value: "3", domain: "h.test", created: now))
        let other = CookieJar(cookies: [Cookie(name: "x", value: "other process", domain: "h.test", created: now)])
        other.apply(jar.takeChanges(), at: now)
        #expect(other.cookies.map(\.name) == ["x", "b", "c"])
        #expect(jar.takeChanges().isEmpty)
    }

    @Test("a jar prints names, never values")
    func description() {
        let jar = CookieJar()
        jar.receive(["session=topsecret"], from: url("http://h.test/"), at: now)
        #expect(!"\(jar)".contains("topsecret"))
    }
}

/// The Netscape cookie file format curl reads and writes.
@Suite("NetscapeCookieFile")
struct NetscapeCookieFileTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("curl's own output is read: host-only and domain cookies, #HttpOnly_, secure, session (0) and expiry")
    func readsCurl() {
        let text = """
            # Netscape HTTP Cookie File
            # https://curl.se/docs/http-cookies.html
            # This file was generated by libcurl! Edit at your own risk.

            127.0.0.1\tFALSE\t/\tFALSE\t0\tsession\tabc
            #HttpOnly_.example.com\tTRUE\t/api\tTRUE\t1900000000\ttoken\tx\ty
            expired.test\tFALSE\t/\tFALSE\t1000\told\t1
            broken line
            """
        let (cookies, problems) = NetscapeCookieFile.parse(text, at: now)
        #expect(cookies.count == 2)
        #expect(cookies[0].name == "session" && cookies[0].domain == "127.0.0.1" && cookies[0].hostOnly)
        #expect(cookies[0].isSession && !cookies[0].secure && !cookies[0].httpOnly)
        #expect(cookies[1].domain == "example.com" && !cookies[1].hostOnly && cookies[1].path == "/api")
        #expect(cookies[1].secure && cookies[1].httpOnly && cookies[1].value == "x\ty")
        #expect(cookies[1].expires == Date(timeIntervalSince1970: 1_900_000_000))
        #expect(
            problems == [NetscapeCookieFile.LineProblem(line: 8, reason: "expected 7 tab-separated fields, found 1")])
    }

    @Test("writing then reading gives the same cookies, in curl's line format")
    func roundTrip() {
        let jar = CookieJar()
        jar.receive(
            ["s=1", "d=2; Domain=h.test; HttpOnly; Max-Age=100", "x=3; Secure; Path=/p"],
            from: URL(string: "https://h.test/") ?? URL(fileURLWithPath: "/"), at: now)
        let text = jar.netscapeText(at: now)
        #expect(text.hasPrefix("# Netscape HTTP Cookie File\n"))
        #expect(text.contains("\nh.test\tFALSE\t/\tFALSE\t0\ts\t1\n"))
        #expect(text.contains("\n#HttpOnly_.h.test\tTRUE\t/\tFALSE\t1800000100\td\t2\n"))
        #expect(text.contains("\nh.test\tFALSE\t/p\tTRUE\t0\tx\t3\n"))
        let read = CookieJar(netscape: text, at: now)
        #expect(read.cookies.map(\.name) == ["s", "d", "x"])
        #expect(
            read.cookies.map { [$0.domain, $0.path, $0.value, "\($0.hostOnly)", "\($0.secure)", "\($0.httpOnly)"] }
                == jar.cookies.map {
                    [$0.domain, $0.path, $0.value, "\($0.hostOnly)", "\($0.secure)", "\($0.httpOnly)"]
                })
    }
}

/// `MockDispatcher` applies a request's jar as the live transport does: per hop.
@Suite("MockDispatcher with a cookie jar")
struct MockCookieJarTests {
    let scheduler = ManualScheduler()
    let clock = ManualClock()
    let server = MockTestServer()

    @Test("a redirect hop's Set-Cookie is stored and sent on the next hop; the route sees the merged Cookie header")
    func perHop() throws {
        let mock = MockDispatcher(scheduler: scheduler, delays: clock)
        try mock.register(
            .get, "/login",
            responses: MockResponse(
                status: .found, headers: ["Location": "/v1/me", "Set-Cookie": "session=abc; Path=/"]))
        try mock.register(.get, "/me", responses: .text("me"))
        let jar = CookieJar()
        var request = HTTPRequest(method: .get, path: "/login", serverProvider: server, headers: ["Cookie": "own=1"])
        request.options.followRedirects = true
        request.options.cookieJar = jar
        let recorder = FutureRecorder(mock.dataFuture(from: request))
        scheduler.runAll()
        #expect(try #require(recorder.value).statusCode == .ok)
        #expect(jar.cookies.map(\.name) == ["session"])
        #expect(
            mock.recordedRequests.map { $0.request.headers.values(for: "Cookie") } == [
                ["own=1"], ["own=1; session=abc"],
            ])
    }
}
