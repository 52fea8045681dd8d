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

    /// Asks for a 2,000-item JSON array that the server sends half of and holds until `gate` is
    /// released: the send under way, and what `preview` holds once more than 50,000 bytes came.
    static func halfArrived(
        _ preview: BodyPreview, gate: String, on server: LoopbackServer
    ) async throws -> (task: Task<DataResponse, any Error>, snapshot: BodyPreview.Snapshot?) {
        let request = DispatcherSupport.request(server.url("/json-array?count=2000&gate=\(gate)")) {
            $0.bodyPreview = preview
        }
        let future = DispatcherSupport.dispatcher().dataFuture(from: request)
        let task = Task { try await future.value }
        var snapshot: BodyPreview.Snapshot?
        for _ in 0..<600 {
            snapshot = preview.snapshot()
            if let snapshot, snapshot.received > 50_000 { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        return (task, snapshot)
    }

    @Test("half a JSON array is in the preview while the server waits; the whole body follows as always")
    func halfBeforeTheRest() async throws {
        let server = try LoopbackServer.shared()
        let gate = "preview-\(UUID().uuidString)"
        let preview = Self.jsonOnly()
        // The server sends half and waits for the gate: the preview holds that half.
        let (task, snapshot) = try await Self.halfArrived(preview, gate: gate, on: server)
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
        #expect(preview.snapshot() == nil, "the transfer ended: the kept bytes are let go")
    }

    @Test("at most the limit is kept, every byte counted")
    func limit() async throws {
        let server = try LoopbackServer.shared()
        let gate = "preview-limit-\(UUID().uuidString)"
        let small = BodyPreview(limit: 1000) { _, headers in headers.mediaType == "application/json" }
        let (task, snapshot) = try await Self.halfArrived(small, gate: gate, on: server)
        let kept = try #require(snapshot)
        #expect(kept.bytes.count == 1000)
        #expect(kept.received > 50_000)
        _ = try await DispatcherSupport.dispatcher().dataFuture(
            from: DispatcherSupport.request(server.url("/stream/release?gate=\(gate)"))
        ).value
        let body = [UInt8](try await task.value.body.data())
        #expect(kept.bytes == Array(body.prefix(1000)))
    }
}
