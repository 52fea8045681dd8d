import CurlTransport
import Foundation
import Futures
import HTTPCore
import Interop
import LoopbackTesting
import Testing
import Workspace

/// HAR export of recorded exchanges: the status line as the server sent it, and every field HAR 1.2
/// requires, with the type it requires.
@Suite struct HARExportTests {
    static func export(_ entries: [HistoryEntry]) throws -> [String: Any] {
        let collection = RequestCollection(
            id: "h", name: "H", requests: [SavedRequest(id: "r", name: "R", url: "https://api.test/")])
        let document = CollectionDocument(
            path: "/tmp/h.json", collection: collection, fingerprint: FileFingerprint(size: 0, hash: 0))
        let bytes = try HARExport.export(ExportInput(document: document, history: entries))
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    static func entries(_ har: [String: Any]) throws -> [[String: Any]] {
        try #require((har["log"] as? [String: Any])?["entries"] as? [[String: Any]])
    }

    @Test func statusTextAndVersionComeFromTheRecordedExchange() async throws {
        let server = try LoopbackServer.shared()
        var request = HTTPRequest(method: .get, url: server.url("/status/201?reason=Made%20It"))
        request.options.totalTimeout = .seconds(30)
        let started = Date()
        let response = try await EchoExchange.dispatcher.dataFuture(from: request).value
        #expect(response.reasonPhrase == "Made It")
        let exchange = Exchange(
            request: request, url: response.url, result: .success(response), startedAt: started,
            duration: .milliseconds(3))
        let folder = NSTemporaryDirectory() + "lazer-har-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = HistoryStore(folder: folder)
        let recorded = HistoryEntry(
            exchange: exchange, requestID: "r", requestName: "R", environment: nil, store: store,
            redactor: Redactor(secrets: []))
        #expect(recorded.statusText == "Made It")
        #expect(recorded.httpVersion == "HTTP/1.1")
        // The history file keeps both.
        try store.append(recorded, collectionID: "h", redactor: Redactor(secrets: []))
        let entry = try #require(try store.entries(collectionID: "h").first)
        #expect(entry.statusText == "Made It" && entry.httpVersion == "HTTP/1.1")

        let har = try Self.export([entry])
        let first = try #require(try Self.entries(har).first)
        let harResponse = try #require(first["response"] as? [String: Any])
        #expect(harResponse["status"] as? Int == 201)
        #expect(harResponse["statusText"] as? String == "Made It")
        #expect(harResponse["httpVersion"] as? String == "HTTP/1.1")
        #expect((first["request"] as? [String: Any])?["httpVersion"] as? String == "HTTP/1.1")
        try Self.checkHAR12(har)
    }

    @Test func withoutARecordedStatusLine() throws {
        let entries = [
            // A mock answer: no status line, so the standard phrase.
            HistoryEntry(
                requestID: "r", method: "GET", url: "https://api.test/a", status: 404, httpVersion: "HTTP/1.1"),
            // HTTP/2 has no reason phrase.
            HistoryEntry(
                requestID: "r", method: "GET", url: "https://api.test/b", status: 200, statusText: "",
                httpVersion: "HTTP/2"),
            // No response at all.
            HistoryEntry(requestID: "r", method: "GET", url: "https://api.test/c", error: "Connection refused"),
        ]
        let har = try Self.export(entries)
        let responses = try Self.entries(har).map { try #require($0["response"] as? [String: Any]) }
        #expect(responses.map { $0["statusText"] as? String } == ["Not Found", "", ""])
        #expect(responses.map { $0["httpVersion"] as? String } == ["HTTP/1.1", "HTTP/2", ""])
        try Self.checkHAR12(har)
    }

    /// The fields HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) requires, with their types.
    static func checkHAR12(_ har: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let log = try #require(har["log"] as? [String: Any], sourceLocation: sourceLocation)
        #expect(log["version"] as? String == "1.2", sourceLocation: sourceLocation)
        let creator = try #require(log["creator"] as? [String: Any], sourceLocation: sourceLocation)
        #expect(creator["name"] is String && creator["version"] is String, sourceLocation: sourceLocation)
        for entry in try entries(har) {
            #expect(entry["startedDateTime"] is String && entry["time"] is NSNumber, sourceLocation: sourceLocation)
            #expect(entry["cache"] is [String: Any], sourceLocation: sourceLocation)
            let timings = try #require(entry["timings"] as? [String: Any], sourceLocation: sourceLocation)
            for key in ["send", "wait", "receive"] {
                #expect(timings[key] is NSNumber, "timings.\(key)", sourceLocation: sourceLocation)
            }
            let request = try #require(entry["request"] as? [String: Any], sourceLocation: sourceLocation)
            for key in ["method", "url", "httpVersion"] {
                #expect(request[key] is String, "request.\(key)", sourceLocation: sourceLocation)
            }
            for key in ["cookies", "headers", "queryString"] {
                #expect(request[key] is [Any], "request.\(key)", sourceLocation: sourceLocation)
            }
            for key in ["headersSize", "bodySize"] {
                #expect(request[key] is NSNumber, "request.\(key)", sourceLocation: sourceLocation)
            }
            let response = try #require(entry["response"] as? [String: Any], sourceLocation: sourceLocation)
            for key in ["statusText", "httpVersion", "redirectURL"] {
                #expect(response[key] is String, "response.\(key)", sourceLocation: sourceLocation)
            }
            for key in ["status", "headersSize", "bodySize"] {
                #expect(response[key] is NSNumber, "response.\(key)", sourceLocation: sourceLocation)
            }
            for key in ["cookies", "headers"] {
                #expect(response[key] is [Any], "response.\(key)", sourceLocation: sourceLocation)
            }
            let content = try #require(response["content"] as? [String: Any], sourceLocation: sourceLocation)
            #expect(content["size"] is NSNumber && content["mimeType"] is String, sourceLocation: sourceLocation)
        }
    }
}
