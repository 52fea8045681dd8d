import Foundation
import HTTPCore
import Testing

/// A provider whose base URL can be changed, like an environment.
final class TestServer: ServerProvider {
    let baseURL: URL?

    init(_ base: String?) {
        baseURL = base.flatMap(URL.init(string:))
    }
}

@Suite("URL serializer")
struct URLSerializerTests {
    @Test(
        "exactly one slash joins base and path",
        arguments: [
            ("https://api.example.com/v1", "posts/1"), ("https://api.example.com/v1/", "/posts/1"),
            ("https://api.example.com/v1//", "//posts/1"), ("https://api.example.com/v1", "/posts/1"),
        ])
    func slashes(base: String, path: String) throws {
        let server = TestServer(base)
        let request = HTTPRequest(path: path, serverProvider: server)
        #expect(try request.url().absoluteString == "https://api.example.com/v1/posts/1")
    }

    @Test("an absolute URL keeps its valid %XX escapes and encodes only what must be, as curl does")
    func absoluteKeepsEscapes() throws {
        #expect(try URLSerializer.url(absolute: "http://h.test/e5/%41|").absoluteString == "http://h.test/e5/%41%7C")
        #expect(
            try URLSerializer.url(absolute: " http://h.test/a b/%2F?q=%41|x&r=%zz ").absoluteString
                == "http://h.test/a%20b/%2F?q=%41%7Cx&r=%25zz")
        #expect(try URLSerializer.url(absolute: "http://h.test/%41").absoluteString == "http://h.test/%41")
        #expect(throws: RequestError.unsupportedScheme("ftp")) { try URLSerializer.url(absolute: "ftp://h.test/") }
    }

    @Test("an empty path gives the base URL; a lone slash gives the base with a slash")
    func emptyPath() throws {
        let server = TestServer("https://x.test/api")
        #expect(try HTTPRequest(path: "", serverProvider: server).url().absoluteString == "https://x.test/api")
        #expect(try HTTPRequest(path: "/", serverProvider: server).url().absoluteString == "https://x.test/api/")
    }

    @Test("path characters are percent-encoded once; existing escapes are kept; stray % is escaped")
    func pathEncoding() throws {
        let server = TestServer("https://x.test")
        let cases = [
            ("/files/my report.pdf", "https://x.test/files/my%20report.pdf"),
            ("/files/a%20b", "https://x.test/files/a%20b"),
            ("/100%/done", "https://x.test/100%25/done"),
            ("/café", "https://x.test/caf%C3%A9"),
            ("/users/@me:1", "https://x.test/users/@me:1"),
        ]
        for (path, expected) in cases {
            #expect(try HTTPRequest(path: path, serverProvider: server).url().absoluteString == expected)
        }
    }

    @Test("query items escape &, =, + and # so values never split or turn into spaces")
    func queryItems() throws {
        let server = TestServer("https://x.test")
        let request = HTTPRequest(
            path: "/search?sort=asc", serverProvider: server,
            queryItems: [
                URLQueryItem(name: "q", value: "a&b=c+d #1"), URLQueryItem(name: "flag", value: nil),
                URLQueryItem(name: "ü", value: "1/2?"),
            ])
        #expect(
            try request.url().absoluteString == "https://x.test/search?sort=asc&q=a%26b%3Dc%2Bd%20%231&flag&%C3%BC=1/2?"
        )
    }

    @Test("base URL query, path query and items are kept in order; fragments are dropped")
    func queryOrder() throws {
        let server = TestServer("https://x.test/v2?key=1#frag")
        let request = HTTPRequest(
            path: "items?page=2#top", serverProvider: server, queryItems: [URLQueryItem(name: "limit", value: "10")])
        #expect(try request.url().absoluteString == "https://x.test/v2/items?key=1&page=2&limit=10")
    }

    /// ASCII texts are joined as bytes and others by characters: both must follow the same rules.
    @Test(
        "a path with a non-ASCII character joins as its ASCII escape does",
        arguments: [
            ("https://x.test/v2//", "//é/items?page=2#top"), ("https://x.test/v2?key=1#frag", "é?a=1&b"),
            ("https://x.test", "/é/"), ("https://x.test/v2/?k=", "?q=é"), ("https://x.test", "é#?x=1"),
        ])
    func asciiAndUnicodeJoinAlike(base: String, path: String) throws {
        let server = TestServer(base)
        let unicode = try HTTPRequest(path: path, serverProvider: server).url().absoluteString
        let escaped = path.replacingOccurrences(of: "é", with: "%C3%A9")
        #expect(try HTTPRequest(path: escaped, serverProvider: server).url().absoluteString == unicode)
        #expect(try URLSerializer.text(for: HTTPRequest(path: escaped, serverProvider: server)) == unicode)
        #expect(unicode.contains("%C3%A9"))
    }

    @Test("absolute URLs pass through, with items appended; a path that is an absolute URL is used as is")
    func absolute() throws {
        let url = try testURL("http://127.0.0.1:8080/a?b=1")
        let request = HTTPRequest(url: url, queryItems: [URLQueryItem(name: "c", value: "2")])
        #expect(try request.url().absoluteString == "http://127.0.0.1:8080/a?b=1&c=2")
        let typed = HTTPRequest(path: "HTTPS://other.test/x y", serverProvider: nil)
        #expect(try typed.url().absoluteString == "https://other.test/x%20y")
    }

    @Test("no provider, a released provider and a provider without base URL give clear errors")
    func providerErrors() {
        #expect(throws: RequestError.missingServerProvider) { try HTTPRequest(path: "/a", serverProvider: nil).url() }
        var request: HTTPRequest
        do {
            let server = TestServer("https://x.test")
            request = HTTPRequest(path: "/a", serverProvider: server)
            #expect(request.serverProvider != nil)
        }
        #expect(request.serverProvider == nil)
        #expect(throws: RequestError.missingServerProvider) { try request.url() }
        let noBase = TestServer(nil)
        #expect(throws: RequestError.missingBaseURL) { try HTTPRequest(path: "/a", serverProvider: noBase).url() }
    }

    @Test("bad base URLs name the offending text")
    func invalid() {
        let ftp = TestServer("ftp://files.test")
        #expect(throws: RequestError.unsupportedScheme("ftp")) {
            try HTTPRequest(path: "/a", serverProvider: ftp).url()
        }
        #expect(throws: RequestError.invalidURL(text: "https:///nohost", reason: "it has no host name")) {
            try URLSerializer.url(base: try testURL("https:///nohost"), path: "")
        }
        #expect(throws: RequestError.invalidURL(text: "https://bad host/x", reason: "the host name contains a space")) {
            try HTTPRequest(path: "https://bad host/x", serverProvider: nil).url()
        }
    }
}

@Suite("URL serializer: base URL without scheme")
struct URLSerializerSchemeTests {
    @Test("a base URL without a scheme says so")
    func noScheme() {
        let server = TestServer("api.example.com")
        #expect(
            throws: RequestError.invalidURL(
                text: "api.example.com/a", reason: "it has no scheme (expected http:// or https://)")
        ) {
            try HTTPRequest(path: "a", serverProvider: server).url()
        }
    }
}
