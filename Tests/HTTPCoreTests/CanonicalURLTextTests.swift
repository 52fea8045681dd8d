import Foundation
import Testing

@testable import HTTPCore

@Suite("CanonicalURLText: the serializer's fast path for URLs already in their final form")
struct CanonicalURLTextTests {
    @Test(
        "URLs in output form are recognised and come back unchanged",
        arguments: [
            "http://127.0.0.1:8080/small.json", "https://api.example.com/v1/posts?id=1&sort=asc",
            "https://x.test", "https://x.test/", "http://[::1]:8080/a", "https://x.test/a%20b?q=%2F&x",
            "https://x.test/a?b?c", "https://x.test/~user/!$&'()*+,;=:@",
        ])
    func canonical(text: String) throws {
        #expect(CanonicalURLText.isCanonical(text))
        #expect(try HTTPRequest(path: text, serverProvider: nil).url().absoluteString == text)
        let url = try #require(URL(string: text))
        #expect(try HTTPRequest(url: url).url() == url)
    }

    @Test(
        "anything the serializer would change, or must check, takes the slow path",
        arguments: [
            ("HTTP://x.test/a", "http://x.test/a"), ("https://x.test/a#frag", "https://x.test/a"),
            ("https://x.test/a b", "https://x.test/a%20b"), ("https://x.test/a%zz", "https://x.test/a%25zz"),
            ("https://x.test/é", "https://x.test/%C3%A9"), ("https://user@x.test/a", "https://user@x.test/a"),
            ("https://x.test/a?q=a|b", "https://x.test/a?q=a%7Cb"),
        ])
    func slowPath(text: String, expected: String) throws {
        #expect(!CanonicalURLText.isCanonical(text))
        #expect(try HTTPRequest(path: text, serverProvider: nil).url().absoluteString == expected)
    }

    @Test(
        "text that is not an http(s) URL with a host is never canonical",
        arguments: ["ftp://x.test/a", "https://", "https://:80/a", "http:/x.test", "x.test/a", ""])
    func notURLs(text: String) {
        #expect(!CanonicalURLText.isCanonical(text))
    }

    @Test("query items still go through the slow path and are appended encoded")
    func queryItems() throws {
        let url = try #require(URL(string: "https://x.test/a?b=1"))
        let request = HTTPRequest(url: url, queryItems: [URLQueryItem(name: "c", value: "d&e")])
        #expect(try request.url().absoluteString == "https://x.test/a?b=1&c=d%26e")
    }
}
