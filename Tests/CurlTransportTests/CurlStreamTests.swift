import CurlTransport
import Foundation
import Futures
import HTTPCore
import LoopbackTesting
import Synchronization
import Testing

/// Streamed bodies over libcurl: events arrive while the response is still open, and stopping or
/// a limit ends the exchange as a response with what came.
@Suite("CurlTransport: streamed bodies (SSE, NDJSON) delivered as they arrive")
struct CurlStreamTests {
    /// Collects a stream's events and lets a test wait for a count.
    final class Collected: Sendable {
        private let events = Mutex<[StreamEvent]>([])
        private let waiting = Mutex<[(Int, CheckedContinuation<Void, Never>)]>([])

        func append(_ batch: [StreamEvent]) {
            let count = events.withLock {
                $0 += batch
                return $0.count
            }
            let ready = waiting.withLock { waiting in
                let ready = waiting.filter { $0.0 <= count }
                waiting.removeAll { $0.0 <= count }
                return ready
            }
            for (_, continuation) in ready { continuation.resume() }
        }

        var all: [StreamEvent] { events.withLock { $0 } }

        /// Returns once `count` events came (the test's time limit bounds it).
        func wait(for count: Int) async {
            await withCheckedContinuation { continuation in
                let now = events.withLock { $0.count }
                if now >= count {
                    continuation.resume()
                } else {
                    waiting.withLock { $0.append((count, continuation)) }
                }
            }
        }
    }

    @Test("SSE events arrive one by one: the first two before the server sends the third", .timeLimit(.minutes(1)))
    func incremental() async throws {
        let server = try LoopbackServer.shared()
        let gate = UUID().uuidString
        let collected = Collected()
        let request = DispatcherSupport.request(server.url("/stream?events=3&gate=\(gate)&at=2")) {
            $0.responseStream = ResponseStream { collected.append($0) }
        }
        let future = DispatcherSupport.dispatcher().dataFuture(from: request)
        _ = future.send()
        await collected.wait(for: 2)
        #expect(collected.all.map(\.data) == ["{\"n\": 0}", "{\"n\": 1}"])
        #expect(collected.all.map(\.id) == ["0", "1"])
        #expect(collected.all.map(\.name) == ["tick", "tick"])
        _ = try await DispatcherSupport.dispatcher().dataFuture(
            from: DispatcherSupport.request(server.url("/stream/release?gate=\(gate)"))
        ).value
        let response = try await future.value
        #expect(collected.all.map(\.index) == [0, 1, 2])
        #expect(response.statusCode.rawValue == 200)
        #expect(request.responseStream?.end == nil)
        // The body is still the whole stream, for history and the Raw view.
        #expect(try String(decoding: response.body.data(), as: UTF8.self).contains("data: {\"n\": 2}"))
    }

    @Test("NDJSON and json-seq records", arguments: ["ndjson", "json-seq"])
    func records(format: String) async throws {
        let server = try LoopbackServer.shared()
        let collected = Collected()
        let request = DispatcherSupport.request(server.url("/stream?events=4&format=\(format)")) {
            $0.responseStream = ResponseStream { collected.append($0) }
        }
        _ = try await DispatcherSupport.dispatcher().dataFuture(from: request).value
        #expect(collected.all.map(\.data) == (0..<4).map { "{\"n\": \($0)}" })
    }

    @Test(
        "stop() ends an open stream as a response with what came; the server sees the hang-up", .timeLimit(.minutes(1)))
    func stop() async throws {
        let server = try LoopbackServer.shared()
        let id = UUID().uuidString
        let collected = Collected()
        let stream = ResponseStream { collected.append($0) }
        let request = DispatcherSupport.request(server.url("/stream?events=2&hold=30&id=\(id)")) {
            $0.responseStream = stream
        }
        let future = DispatcherSupport.dispatcher().dataFuture(from: request)
        _ = future.send()
        await collected.wait(for: 2)
        stream.stop()
        let response = try await future.value
        #expect(response.statusCode.rawValue == 200)
        #expect(stream.end == .stopped)
        let answer = try await DispatcherSupport.dispatcher().dataFuture(
            from: DispatcherSupport.request(server.url("/disconnected?id=\(id)"))
        ).value
        #expect(try String(decoding: answer.body.data(), as: UTF8.self) == "disconnected")
    }

    @Test("maxEvents ends the stream after that many events, as a response")
    func eventLimit() async throws {
        let server = try LoopbackServer.shared()
        let collected = Collected()
        let stream = ResponseStream(maxEvents: 3) { collected.append($0) }
        let request = DispatcherSupport.request(server.url("/stream?events=10&hold=30")) { $0.responseStream = stream }
        let response = try await DispatcherSupport.dispatcher().dataFuture(from: request).value
        #expect(response.statusCode.rawValue == 200)
        #expect(collected.all.count == 3)
        #expect(stream.end == .eventLimit)
    }

    @Test("a long stream's body goes to a file after its first MiB, every byte kept (memory stays flat)")
    func longStreamSpills() async throws {
        let server = try LoopbackServer.shared()
        let collected = Collected()
        // About 45 bytes an event: 30,000 events are about 1.3 MB, past the stream's 1 MiB in memory.
        let request = DispatcherSupport.request(server.url("/stream?events=30000")) {
            $0.responseStream = ResponseStream { collected.append($0) }
        }
        let response = try await DispatcherSupport.dispatcher().dataFuture(from: request).value
        let file = try #require(response.body.fileURL)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(ResponseBody.isTransportSpill(file))
        #expect(collected.all.count == 30000)
        let text = String(decoding: try response.body.data(), as: UTF8.self)
        #expect(text.hasPrefix("id: 0\nevent: tick\ndata: {\"n\": 0}\n\n"))
        #expect(text.hasSuffix("id: 29999\nevent: tick\ndata: {\"n\": 29999}\n\n"))
        #expect(response.body.byteCount == Int64(text.utf8.count))
    }

    @Test("a response that is not a stream is received as usual")
    func notAStream() async throws {
        let server = try LoopbackServer.shared()
        let collected = Collected()
        let stream = ResponseStream { collected.append($0) }
        let request = DispatcherSupport.request(server.url("/json")) { $0.responseStream = stream }
        let response = try await DispatcherSupport.dispatcher().dataFuture(from: request).value
        #expect(response.statusCode.rawValue == 200)
        #expect(collected.all.isEmpty)
        #expect(stream.format == nil)
    }
}
