import CurlTransport
import Foundation
import Futures
import HTTPCore
import LoopbackTesting
import Testing

/// A request carrying a `CookieJar` over the curl transport: the jar's cookies go out on every hop,
/// every hop's `Set-Cookie` lands in it, and libcurl's own per-dispatcher jar stays out of it.
@Suite("CurlDispatcher with a request's cookie jar")
struct CurlCookieJarTests {
    private func text(
        _ dispatcher: CurlDispatcher, _ url: URL, jar: CookieJar?, follow: Bool = true,
        configure: (inout HTTPRequest) -> Void = { _ in }
    ) async throws -> (status: Int, body: String) {
        let request = DispatcherSupport.request(url) {
            $0.options.cookieJar = jar
            $0.options.followRedirects = follow
            configure(&$0)
        }
        let response = try await dispatcher.dataFuture(from: request).value
        return (response.statusCode.rawValue, String(decoding: try response.body.data(), as: UTF8.self))
    }

    @Test("a cookie a response set is stored in the jar and sent with the next request; an expired one is removed")
    func storedAndSent() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        let jar = CookieJar()
        _ = try await text(dispatcher, server.url("/cookies/set?session=abc&theme=dark"), jar: jar)
        #expect(jar.cookies.map(\.name) == ["session", "theme"])
        #expect(jar.cookies.first?.domain == "127.0.0.1")
        #expect(try await text(dispatcher, server.url("/cookies"), jar: jar).body == "session=abc; theme=dark")
        _ = try await text(dispatcher, server.url("/cookies/delete?session"), jar: jar)
        #expect(try await text(dispatcher, server.url("/cookies"), jar: jar).body == "theme=dark")
    }

    @Test("a cookie set on a redirect hop is stored and sent by the later hops (a GET, libcurl's fast path otherwise)")
    func redirectHop() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        let jar = CookieJar()
        let answer = try await text(dispatcher, server.url("/cookies/redirect?hop=1"), jar: jar)
        #expect(answer.status == 200)
        #expect(answer.body == "hop=1")
        #expect(jar.cookies.map(\.name) == ["hop"])
        let posted = try await text(dispatcher, server.url("/cookies/redirect?post=2"), jar: jar) {
            $0.method = .post
            $0.setBody(data: Data("x".utf8), contentType: "text/plain")
        }
        #expect(posted.body == "hop=1; post=2")
    }

    @Test("without redirect following the 3xx's cookies are stored all the same")
    func notFollowed() async throws {
        let server = try LoopbackServer.shared()
        let jar = CookieJar()
        let answer = try await text(
            DispatcherSupport.dispatcher(), server.url("/cookies/redirect?only=3"), jar: jar, follow: false)
        #expect(answer.status == 302)
        #expect(jar.cookies.map(\.name) == ["only"])
    }

    @Test("the request's own Cookie header goes first as written; the jar adds the names it lacks")
    func ownHeader() async throws {
        let server = try LoopbackServer.shared()
        let jar = CookieJar()
        jar.put(Cookie(name: "a", value: "jar", domain: "127.0.0.1"))
        jar.put(Cookie(name: "b", value: "jar", domain: "127.0.0.1"))
        let answer = try await text(DispatcherSupport.dispatcher(), server.url("/cookies"), jar: jar) {
            $0.headers.add(name: "Cookie", value: "a=mine")
        }
        #expect(answer.body == "a=mine; b=jar")
    }

    @Test("with an empty jar, the request's own Cookie headers still go as one; with none, no Cookie header goes")
    func emptyJar() async throws {
        let server = try LoopbackServer.shared()
        let jar = CookieJar()
        let own = try await text(DispatcherSupport.dispatcher(), server.url("/cookies"), jar: jar) {
            $0.headers.add(name: "Cookie", value: "a=1")
            $0.headers.add(name: "Cookie", value: "b=2")
        }
        // The server reads the first Cookie header only: both are in it.
        #expect(own.body == "a=1; b=2")
        #expect(try await text(DispatcherSupport.dispatcher(), server.url("/cookies"), jar: jar).body == "")
    }

    @Test("libcurl's per-dispatcher jar and a request's jar never mix, on fresh or recycled handles")
    func separateFromTheDispatcherJar() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        // No jar: libcurl's engine keeps this one in the dispatcher's share.
        _ = try await text(dispatcher, server.url("/cookies/set?shared=1"), jar: nil, follow: false)
        #expect(try await text(dispatcher, server.url("/cookies"), jar: nil, follow: false).body == "shared=1")
        let jar = CookieJar()
        #expect(try await text(dispatcher, server.url("/cookies"), jar: jar).body == "")
        _ = try await text(dispatcher, server.url("/cookies/set?own=2"), jar: jar)
        #expect(try await text(dispatcher, server.url("/cookies"), jar: jar).body == "own=2")
        #expect(try await text(dispatcher, server.url("/cookies"), jar: nil, follow: false).body == "shared=1")
    }
}
