import CurlTransport
import Foundation
import Futures
import HTTPCore
import JSONTree
import LoopbackTesting
import Testing

/// The start of a body kept as it arrives (`HTTPRequest.bodyPreview`), over libcurl against a
/// loopback server that sends half a JSON array and waits: what came is there before the last byte.
@Suite("CurlTransport: the start of a body while it arrives")
struct CurlBodyPreviewTests {
    static func jsonOnly() -> BodyPreview {
        BodyPreview { _, headers in headers.mediaType == "application/json" }
    }

    @Test("half a JSON array is in the preview while the server waits; the whole body follows as always")
    func halfBeforeTheRest() async throws {
        let server = try LoopbackServer.shared()
        let gate = "preview-\(UUID().uuidString)"
        let preview = Self.jsonOnly()
        let request = DispatcherSupport.request(server.url("/json-array?count=2000&gate=\(gate)")) {
            $0.bodyPreview = preview
        }
        let future = DispatcherSupport.dispatcher().dataFuture(from: request)
        let task = Task { try await future.value }
        // The server sends half and waits for the gate: the preview holds that half.
        var snapshot: BodyPreview.Snapshot?
        for _ in 0..<600 {
            snapshot = preview.snapshot()
            if let snapshot, snapshot.received > 50_000 { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let arrived = try #require(snapshot)
        #expect(arrived.status == 200)
        #expect(arrived.kept)
        #expect(arrived.bytes.count == Int(arrived.received))
        let prefix = try #require(JSONPrefix(arrived.bytes))
        let items = prefix.document.childCount(prefix.document.root)
        #expect(items > 400 && items < 2000, "about half of the 2,000 items: \(items)")
        #expect(prefix.openContainers >= 1, "the array is still open")

        _ = try await DispatcherSupport.dispatcher().dataFuture(
            from: DispatcherSupport.request(server.url("/stream/release?gate=\(gate)"))
        ).value
        let response = try await task.value
        let body = [UInt8](try response.body.data())
        #expect(Array(body.prefix(arrived.bytes.count)) == arrived.bytes)
        #expect(try JSONDocument(bytes: body).childCount(JSONNode(index: 0)) == 2000)
        #expect(preview.snapshot()?.received == Int64(body.count))
    }

    @Test("at most the limit is kept; a body the preview does not accept is not kept at all")
    func limitAndRefusal() async throws {
        let server = try LoopbackServer.shared()
        let small = BodyPreview(limit: 1000) { _, headers in headers.mediaType == "application/json" }
        let json = DispatcherSupport.request(server.url("/json-array?count=100")) { $0.bodyPreview = small }
        let response = try await DispatcherSupport.dispatcher().dataFuture(from: json).value
        let kept = try #require(small.snapshot())
        #expect(kept.bytes.count == 1000)
        #expect(kept.received == Int64(try response.body.data().count))
        #expect(kept.bytes == Array([UInt8](try response.body.data()).prefix(1000)))

        let refused = Self.jsonOnly()
        let bytes = DispatcherSupport.request(server.url("/bytes?size=20000")) { $0.bodyPreview = refused }
        _ = try await DispatcherSupport.dispatcher().dataFuture(from: bytes).value
        let notKept = try #require(refused.snapshot())
        #expect(!notKept.kept)
        #expect(notKept.bytes.isEmpty)
        #expect(notKept.received == 20000)
    }
}
