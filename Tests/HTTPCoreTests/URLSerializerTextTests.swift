import Foundation
import HTTPCore
import Testing

/// `URLSerializer.text(for:)`: what an AWS signature signs must be the URL the transport sends.
@Suite("URL text for signatures")
struct URLSerializerTextTests {
    @Test(
        "the text a signature reads is the URL the transport sends, for every kind of target",
        arguments: [
            ("http://127.0.0.1:8080", "/items/1?page=2"), ("https://api.test/v1/", "/a b/é?q=x y&r=%41"),
            ("https://api.test/v1", "items#top"), ("https://api.test", "https://other.test/x"),
            ("https://api.test/base?k=1", "/p?q=2"), ("https://api.test/v1", ""),
        ])
    func textIsTheURL(base: String, path: String) throws {
        let server = TestServer(base)  // held here: a request keeps its provider weakly
        let request = HTTPRequest(path: path, serverProvider: server)
        #expect(try URLSerializer.text(for: request) == request.url().absoluteString)
        let withItems = HTTPRequest(
            path: path, serverProvider: server, queryItems: [URLQueryItem(name: "a&b", value: "c d")])
        #expect(try URLSerializer.text(for: withItems) == withItems.url().absoluteString)
    }

    @Test("a request that does not resolve fails as the transport would")
    func unresolved() {
        let requests = [
            HTTPRequest(path: "/a", serverProvider: nil), HTTPRequest(path: "http:///no-host", serverProvider: nil),
        ]
        for request in requests {
            var textError: RequestError?
            var urlError: RequestError?
            do { _ = try URLSerializer.text(for: request) } catch { textError = error }
            do { _ = try request.url() } catch { urlError = error }
            #expect(textError != nil)
            #expect(textError == urlError)
        }
    }
}
