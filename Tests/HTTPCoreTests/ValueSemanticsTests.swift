import Foundation
import HTTPCore
import Testing

/// `HTTPRequest` and `Response` keep their fields in one shared box (copy-on-write); they must still
/// behave as plain values: changing a copy never shows through another.
@Suite("Requests and responses are values")
struct ValueSemanticsTests {
    private final class Provider: ServerProvider {
        let baseURL: URL?
        init(_ text: String) { baseURL = URL(string: text) }
    }

    @Test("changing a copied request leaves the original as it was, field by field")
    func requestCopies() throws {
        let provider = Provider("https://api.test/v1")
        var original = HTTPRequest(path: "/users", serverProvider: provider, headers: ["Accept": "text/plain"])
        original.options.totalTimeout = .seconds(5)
        var copy = original
        #expect(copy == original)
        copy.method = .post
        copy.headers["Accept"] = "application/json"
        copy.queryItems = [URLQueryItem(name: "page", value: "2")]
        copy.setJSONBody(string: "{}")
        copy.options.totalTimeout = .seconds(1)
        copy.target = .path("/other")
        #expect(copy != original)
        #expect(original.method == .get)
        #expect(original.headers["Accept"] == "text/plain")
        #expect(original.queryItems.isEmpty)
        #expect(original.body == .none)
        #expect(original.options.totalTimeout == .seconds(5))
        #expect(try original.url().absoluteString == "https://api.test/v1/users")
        #expect(try copy.url().absoluteString == "https://api.test/v1/other?page=2")
        // The provider stays weak in every copy.
        #expect(copy.serverProvider === provider)
    }

    @Test("changing a copied response leaves the original as it was; copies made on other threads agree")
    func responseCopies() async throws {
        let request = HTTPRequest(url: try testURL("https://api.test/a"))
        let original = Response(
            request: request, statusCode: .ok, headers: ["ETag": "1"], url: try testURL("https://api.test/a"),
            body: Data("one".utf8))
        var copy = original
        copy.statusCode = .notFound
        copy.headers["ETag"] = "2"
        copy.body = Data("two".utf8)
        copy.request.method = .delete
        #expect(original.statusCode == .ok)
        #expect(original.headers["ETag"] == "1")
        #expect(original.body == Data("one".utf8))
        #expect(original.request.method == .get)
        let seen = await withTaskGroup(of: Int.self) { group in
            for index in 0..<8 {
                group.addTask {
                    var mine = original
                    mine.bytesReceived = Int64(index)
                    return mine.statusCode == .ok && original.bytesReceived == 0 ? 1 : 0
                }
            }
            return await group.reduce(0, +)
        }
        #expect(seen == 8)
    }
}
