import CurlTransport
import Foundation
import Futures
import HTTPCore
import LoopbackTesting
import Synchronization
import Testing

/// SSE reconnection over libcurl against a loopback server that sends two events per connection,
/// from `Last-Event-ID` + 1, ends each connection inside an event (`partial=1`) and answers 204 when
/// none is left: the connections read as one stream and one response.
@Suite("CurlTransport: an SSE stream connected again after the server closes it")
struct CurlStreamReconnectionTests {
    private func send(
        _ query: String, attempts: Int, maxEvents: Int? = nil, collected: CurlStreamTests.Collected
    ) throws -> (HTTPRequest, ResponseFuture<DataResponse>) {
        let server = try LoopbackServer.shared()
        let request = DispatcherSupport.request(server.url("/stream?\(query)")) {
            $0.responseStream = ResponseStream(maxEvents: maxEvents) { collected.append($0) }
        }
        let dispatcher = DispatcherSupport.dispatcher()
        let future = StreamReconnection.future(of: request, attempts: attempts, scheduler: ImmediateScheduler()) {
            dispatcher.dataFuture(from: $0)
        }
        return (request, future)
    }

    @Test("from the last event ID, after the retry time; one response whose body decodes to every event")
    func reconnects() async throws {
        let collected = CurlStreamTests.Collected()
        let (request, future) = try send("events=5&per=2&retry=20&partial=1", attempts: 5, collected: collected)
        let response = try await future.value
        // Each connection started after the last ID the one before gave: no event twice, none lost.
        #expect(collected.all.map(\.id) == ["0", "1", "2", "3", "4"])
        #expect(collected.all.map(\.index) == [0, 1, 2, 3, 4])
        let stream = try #require(request.responseStream)
        #expect(stream.reconnections == 3, "two events, two, one, then 204")
        #expect(stream.end == nil)
        #expect(response.statusCode.rawValue == 200)
        // The event each close cut off is not in the body, so checks read what was shown.
        let events = StreamDecoder.events(in: try response.body.data(), format: .serverSentEvents)
        #expect(events.map(\.data) == (0..<5).map { "{\"n\": \($0)}" })
        #expect(events.map(\.id) == ["0", "1", "2", "3", "4"])
    }

    @Test("attempts bound the reconnections; maxEvents counts over the connections")
    func limits() async throws {
        let once = CurlStreamTests.Collected()
        let (onceRequest, onceFuture) = try send("events=5&per=2&retry=20", attempts: 1, collected: once)
        let onceResponse = try await onceFuture.value
        #expect(once.all.map(\.id) == ["0", "1", "2", "3"])
        #expect(onceRequest.responseStream?.reconnections == 1)
        #expect(StreamDecoder.events(in: try onceResponse.body.data(), format: .serverSentEvents).count == 4)

        let limited = CurlStreamTests.Collected()
        let (request, future) = try send("events=5&per=2&retry=20", attempts: 5, maxEvents: 3, collected: limited)
        _ = try await future.value
        #expect(limited.all.map(\.id) == ["0", "1", "2"])
        #expect(request.responseStream?.end == .eventLimit)
        #expect(request.responseStream?.reconnections == 1)
    }

    @Test("a stop while waiting to reconnect ends the stream with what came, without connecting again")
    func stopWhileWaiting() async throws {
        let server = try LoopbackServer.shared()
        // The stop comes as the wait begins (on the transport's side, not after a test task got
        // scheduled: under a full test run that took a minute), with 30 s of it left.
        let held = HeldStream()
        let stream = ResponseStream(
            onReconnect: { step in
                if case .waiting = step { held.stream?.stop() }
            },
            onEvents: { _ in })
        held.stream = stream
        let request = DispatcherSupport.request(server.url("/stream?events=5&per=2&retry=30000")) {
            $0.responseStream = stream
        }
        let dispatcher = DispatcherSupport.dispatcher()
        let response = try await StreamReconnection.future(of: request, attempts: 5, scheduler: ImmediateScheduler()) {
            dispatcher.dataFuture(from: $0)
        }.value
        #expect(stream.end == .stopped)
        #expect(stream.reconnections == 0)
        #expect(StreamDecoder.events(in: try response.body.data(), format: .serverSentEvents).count == 2)
    }

    @Test("a first connection that fails is the request's failure; a stream that is not SSE is not reconnected")
    func failuresAndOtherFormats() async throws {
        let dead = try LoopbackServer.shared().url("/stream").absoluteString.replacingOccurrences(
            of: ":\(try LoopbackServer.shared().port)/", with: ":1/")
        let request = DispatcherSupport.request(try #require(URL(string: dead))) {
            $0.responseStream = ResponseStream { _ in }
        }
        let dispatcher = DispatcherSupport.dispatcher()
        let failed = await StreamReconnection.future(of: request, attempts: 3, scheduler: ImmediateScheduler()) {
            dispatcher.dataFuture(from: $0)
        }.fetchResult()
        #expect(throws: TransportError.self) { try failed.get() }
        #expect(request.responseStream?.reconnections == 0)

        let collected = CurlStreamTests.Collected()
        let (ndjson, future) = try send("events=2&format=ndjson", attempts: 3, collected: collected)
        _ = try await future.value
        #expect(collected.all.count == 2)
        #expect(ndjson.responseStream?.reconnections == 0)
    }
}

/// The stream a test's own callback stops.
private final class HeldStream: Sendable {
    private let held = Mutex<ResponseStream?>(nil)
    var stream: ResponseStream? {
        get { held.withLock { $0 } }
        set { held.withLock { $0 = newValue } }
    }
}
