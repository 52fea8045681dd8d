import HTTPCore
import Interop
import Testing
import Workspace

/// HAR 1.2 from browsers and proxies, on fixtures written here.
@Suite struct HARImportTests {
    static let har = """
        {"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"},
          "pages": [{"title": "https://app.test/"}],
          "entries": [
            {"request": {"method": "POST", "url": "https://api.test/v1/items?x=1&y=a%2Bb", "httpVersion": "http/2.0",
              "headers": [{"name": ":method", "value": "POST"}, {"name": ":path", "value": "/v1/items?x=1"},
                          {"name": ":authority", "value": "api.test"}, {"name": ":scheme", "value": "https"},
                          {"name": "content-type", "value": "application/json"}, {"name": "content-length", "value": "9"},
                          {"name": "accept-encoding", "value": "gzip, br"}, {"name": "x-csrf", "value": "t"}],
              "cookies": [{"name": "sid", "value": "42"}],
              "postData": {"mimeType": "application/json", "text": "{\\"a\\": 1}"}},
             "response": {"status": 201}},
            {"request": {"method": "POST", "url": "https://app.test/login", "headers": [{"name": "Cookie", "value": "a=b"}],
              "cookies": [{"name": "a", "value": "b"}],
              "postData": {"mimeType": "application/x-www-form-urlencoded", "text": "user=ada&pass=x%26y"}},
             "response": {"status": 302}},
            {"request": {"method": "GET", "url": "wss://app.test/socket", "headers": []}, "response": {"status": 101}},
            {"request": {"method": "POST", "url": "https://api.test/upload",
              "headers": [{"name": "Content-Type", "value": "multipart/form-data; boundary=XYZ"}],
              "postData": {"mimeType": "multipart/form-data; boundary=XYZ",
                "params": [{"name": "title", "value": "t"}, {"name": "f", "fileName": "a.png", "contentType": "image/png"}]}},
             "response": {"status": 200}}
          ]}}
        """

    func imported() throws -> ImportResult {
        try HARImport.importCollection(Fixtures.source(Self.har, name: "capture.har"), options: ImportOptions())
    }

    @Test func entriesGroupedByHostWithoutPseudoHeaders() throws {
        let result = try imported()
        #expect(result.collection.folders.map(\.name) == ["api.test", "app.test"])
        let post = result.collection.folders[0].requests[0]
        #expect(post.method == .post)
        #expect(post.url == "https://api.test/v1/items")
        #expect(post.query == [KeyValueRow(name: "x", value: "1"), KeyValueRow(name: "y", value: "a+b")])
        #expect(
            post.headers == [KeyValueRow(name: "x-csrf", value: "t"), KeyValueRow(name: "Cookie", value: "sid=42")])
        #expect(post.body == SavedBody(.json(.object([StoredJSON.Member("a", .number("1"))]))))
        #expect(result.report.items.contains { $0.what.hasPrefix("HTTP/2 pseudo-headers") && $0.location.line == 4 })
    }

    @Test func formCookiesMultipartAndSkippedSchemes() throws {
        let result = try imported()
        let login = result.collection.folders[1].requests[0]
        #expect(login.headers == [KeyValueRow(name: "Cookie", value: "a=b")])
        #expect(
            login.body
                == SavedBody(
                    .formURLEncoded([KeyValueRow(name: "user", value: "ada"), KeyValueRow(name: "pass", value: "x&y")]))
        )
        let upload = result.collection.folders[0].requests[1]
        #expect(upload.headers.isEmpty)
        #expect(
            upload.body
                == SavedBody(
                    .multipart([
                        SavedPart(name: "title", source: .text("t")),
                        SavedPart(name: "f", source: .text(""), contentType: "image/png"),
                    ])))
        #expect(result.report.items.contains { $0.what.hasPrefix("wss: request") })
        #expect(result.report.items.contains { $0.what.contains("a.png") })
        #expect(result.collection.allRequests.count == 3)
    }

    @Test func binaryPostDataIsReportedNotSent() throws {
        let har = """
            {"log": {"entries": [{"request": {"method": "PUT", "url": "https://x.test/blob",
              "postData": {"mimeType": "image/png", "text": "iVBORw0KGgo=", "encoding": "base64"}}}]}}
            """
        let result = try HARImport.importCollection(Fixtures.source(har), options: ImportOptions())
        #expect(result.collection.allRequests.first?.request.body == .empty)
        #expect(result.report.items.contains { $0.what.hasPrefix("binary post data") })
    }

    @Test func aCaptureWithoutOneUsableEntrySaysSoAndFails() throws {
        let sockets = """
            {"log": {"entries": [
              {"request": {"method": "GET", "url": "wss://app.test/socket"}},
              {"request": {"method": "GET", "url": "data:text/plain,hi"}},
              {"response": {"status": 200}}
            ]}}
            """
        let error = try #require(throws: ImportError.self) {
            try HARImport.importCollection(Fixtures.source(sockets, name: "ws.har"), options: ImportOptions())
        }
        #expect(
            error.description
                == "ws.har:1:21: log.entries: no usable entries: none of its 3 entries is an HTTP or HTTPS "
                + "request Lazer can send (wss: request (only HTTP and HTTPS are sent); "
                + "data: request (only HTTP and HTTPS are sent); entry without a request)")
        let empty = try #require(throws: ImportError.self) {
            try HARImport.importCollection(
                Fixtures.source(#"{"log": {"entries": []}}"#, name: "empty.har"), options: ImportOptions())
        }
        #expect(empty.message == #"no usable entries: the capture's "entries" array is empty"#)
    }

    @Test func malformed() {
        #expect(throws: ImportError.self) {
            try HARImport.importCollection(Fixtures.source("{\"log\": {}}"), options: ImportOptions())
        }
        #expect(throws: ImportError.self) {
            try HARImport.importCollection(Fixtures.source("{\"log\": "), options: ImportOptions())
        }
    }
}
