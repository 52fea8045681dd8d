import Foundation
import HTTPCore
import JSONTree
import Testing

@testable import Explorer

/// A response the transport spilled to a file (over its 256 MB in-memory limit) is mapped for the
/// screen, not read (issue 31, goal 2): the tree's document and the Raw tab's lines borrow the
/// mapping, so a gigabyte JSON response is held as its index and the pages the views touch.
@Suite struct SpilledBodyTests {
    static func response(file: URL, size: Int) throws -> DataResponse {
        let url = try #require(URL(string: "http://127.0.0.1/big.json"))
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json")
        return DataResponse(
            request: HTTPRequest(method: .get, url: url), statusCode: .ok, headers: headers, url: url,
            body: .file(file, byteCount: Int64(size)))
    }

    @Test("a spilled JSON body is parsed over its mapping; the tree, the Raw lines and the size read it in place")
    func spilledJSONIsMapped() throws {
        let items = (0..<40_000).map { #"{"id": \#($0), "name": "item \#($0)"}"# }
        let text = "[\n" + items.joined(separator: ",\n") + "\n]\n"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-body-test-\(UUID().uuidString)")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(text.utf8.count > 1 << 20)

        let parsed = try ResponseProcessing.parse(try Self.response(file: file, size: text.utf8.count))
        let borrowed = parsed.bytes.isBorrowed
        #expect(borrowed)
        guard case .json(let document) = parsed.content else {
            Issue.record("not parsed as JSON")
            return
        }
        let documentBorrowed = document.bytes.isBorrowed
        #expect(documentBorrowed)
        #expect(document.childCount(document.root) == 40_000)
        let (contentBorrowed, contentCount) = (parsed.content.bytes.isBorrowed, parsed.content.bytes.count)
        #expect(contentBorrowed && contentCount == text.utf8.count)

        let received = ReceivedResponse(
            status: 200, reason: "OK", httpVersion: "HTTP/1.1", headers: [], timings: Timings(),
            size: Int64(text.utf8.count), content: parsed.content, contentType: "application/json", banner: nil,
            checks: [])
        let linesBorrowed = received.rawLines.bytes.isBorrowed
        #expect(linesBorrowed)
        #expect(received.rawLines.lineCount == 40_002)
        #expect(received.rawLines.line(40_000) == #"{"id": 39999, "name": "item 39999"}"#)
        // Removing the spill file (as the explorer does once history has it) leaves the mapping readable.
        try FileManager.default.removeItem(at: file)
        #expect(received.rawLines.line(1) == #"{"id": 0, "name": "item 0"},"#)
    }

    @Test("spilled binary and text bodies are shown from the mapping, never copied")
    func spilledBinaryAndTextAreMapped() throws {
        let url = try #require(URL(string: "http://127.0.0.1/blob"))
        let binary = (0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let text = Array((0..<150_000).map { "line \($0)\n" }.joined().utf8)
        for (bytes, type) in [(binary, "application/octet-stream"), (text, "text/plain")] {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-body-\(UUID().uuidString)")
            try Data(bytes).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: type)
            let response = DataResponse(
                request: HTTPRequest(method: .get, url: url), statusCode: .ok, headers: headers, url: url,
                body: .file(file, byteCount: Int64(bytes.count)))
            let parsed = try ResponseProcessing.parse(response)
            switch parsed.content {
            case .binary(let body):
                #expect(type == "application/octet-stream")
                let (borrowed, count) = (body.bytes.isBorrowed, body.bytes.count)
                #expect(borrowed && count == bytes.count)
                #expect(Array(body.bytes[(1 << 20)..<((1 << 20) + 16)]) == Array(binary[(1 << 20)..<((1 << 20) + 16)]))
            case .text(let body, _):
                #expect(type == "text/plain")
                let borrowed = body.bytes.isBorrowed
                #expect(borrowed)
                #expect(body.lineCount == 150_000 && body.line(149_999) == "line 149999")
            default: Issue.record("\(type): neither binary nor text")
            }
        }
    }

    @Test("a body in memory stays an array")
    func inMemoryStaysAnArray() throws {
        let url = try #require(URL(string: "http://127.0.0.1/small.json"))
        let response = DataResponse(
            request: HTTPRequest(method: .get, url: url), statusCode: .ok, url: url, body: .data(Data("[1, 2]".utf8)))
        let parsed = try ResponseProcessing.parse(response)
        let borrowed = parsed.bytes.isBorrowed
        #expect(!borrowed)
        guard case .json(let document) = parsed.content else {
            Issue.record("not parsed as JSON")
            return
        }
        #expect(document.childCount(document.root) == 2)
    }
}
