import Foundation
import Interop
import LoopbackTesting
import Testing
import Workspace

/// A query name without a value (`?foo1&foo2`, Postman's `"value": null`) is sent as written, never
/// as `foo1=`: importers keep such a query in the URL instead of turning it into rows. Sent for
/// real to the loopback echo, which reports the request target it received.
@Suite struct QueryFlagImportTests {
    private static func postman(_ url: String) -> String {
        """
        {"info": {"name": "Flags", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
         "item": [{"name": "R", "request": {"method": "GET", "url": \(url)}}]}
        """
    }

    private static func imported(_ url: String) throws -> SavedRequest {
        try PostmanImport.importCollection(Fixtures.source(postman(url)), options: ImportOptions()).collection
            .requests[0]
    }

    /// The request target the loopback server received for `request`, its URL pointed at `/echo`.
    private static func sentTarget(_ request: SavedRequest) async throws -> String {
        var request = request
        let server = try LoopbackServer.shared()
        request.url = request.url.replacingOccurrences(of: "https://echo.test", with: server.url("").absoluteString)
        let output = try await EchoExchange.send(request, folder: NSTemporaryDirectory())
        return try EchoedRequest(json: output, keeping: []).target
    }

    @Test func aPostmanURLStringWithFlagsIsSentAsWritten() async throws {
        let request = try Self.imported(#""https://echo.test/echo?foo1&foo2""#)
        #expect(request.url == "https://echo.test/echo?foo1&foo2")
        #expect(request.query.isEmpty)
        #expect(try await Self.sentTarget(request) == "/echo?foo1&foo2")
    }

    @Test func postmanNullValuesAreFlagsAndDisabledItemsStayRows() async throws {
        let request = try Self.imported(
            """
            {"raw": "https://echo.test/echo?a=1&flag", "host": ["echo", "test"], "path": ["echo"],
             "query": [{"key": "a", "value": "1"}, {"key": "flag", "value": null},
                       {"key": "off", "value": "2", "disabled": true}]}
            """)
        #expect(request.url == "https://echo.test/echo?a=1&flag")
        #expect(request.query == [KeyValueRow(name: "off", value: "2", enabled: false)])
        #expect(try await Self.sentTarget(request) == "/echo?a=1&flag")

        // No `raw`: the query is written from the items, a null value without `=`.
        let assembled = try Self.imported(
            """
            {"protocol": "https", "host": ["echo", "test"], "path": ["echo"],
             "query": [{"key": "flag", "value": null}, {"key": "b", "value": ""}]}
            """)
        #expect(assembled.url == "https://echo.test/echo?flag&b=")
        #expect(try await Self.sentTarget(assembled) == "/echo?flag&b=")
    }

    @Test func queriesWithValuesStillBecomeRows() throws {
        let request = try Self.imported(#""https://echo.test/echo?a=1&b=""#)
        #expect(request.url == "https://echo.test/echo")
        #expect(request.query == [KeyValueRow(name: "a", value: "1"), KeyValueRow(name: "b", value: "")])
    }

    @Test func aHARRequestWithAFlagKeepsItsQuery() async throws {
        let har = """
            {"log": {"version": "1.2", "creator": {"name": "t", "version": "1"}, "entries": [
              {"request": {"method": "GET", "url": "https://echo.test/echo?debug&page=2", "httpVersion": "HTTP/1.1",
                "headers": [], "queryString": [{"name": "debug", "value": ""}, {"name": "page", "value": "2"}],
                "cookies": [], "headersSize": -1, "bodySize": 0},
               "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1", "headers": [], "cookies": [],
                "content": {"size": 0, "mimeType": "text/plain"}, "redirectURL": "", "headersSize": -1, "bodySize": 0},
               "startedDateTime": "2026-01-01T00:00:00Z", "time": 1, "cache": {}, "timings": {"send": 0, "wait": 1, "receive": 0}}]}}
            """
        let collection = try HARImport.importCollection(Fixtures.source(har), options: ImportOptions()).collection
        let request = try #require(collection.allRequests.first?.request)
        #expect(request.url == "https://echo.test/echo?debug&page=2")
        #expect(request.query.isEmpty)
        #expect(try await Self.sentTarget(request) == "/echo?debug&page=2")
    }
}
