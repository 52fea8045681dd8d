import CurlTransport
import Foundation
import Futures
import HTTPCore
import LoopbackTesting
import Testing

/// Failures and cancellations in each stage: the stage and the timings up to that point, on the
/// `TransportError` (observed or not) and in the `failed`/`cancelled` event.
@Suite("CurlDispatcher failures and cancellations by stage")
struct CurlExchangeFailureEventTests {
    /// One silent port for the suite: it listens, never accepts, never answers.
    private static let silent = Result { try silentPort() }

    private func request(_ url: URL, timeout: Duration? = nil, _ recorder: EventRecorder) -> HTTPRequest {
        recorder.observing(
            DispatcherSupport.request(url) { request in
                if let timeout { request.options.totalTimeout = timeout }
            })
    }

    private func failure(_ recorder: EventRecorder) throws -> ExchangeEvent.Failure {
        try #require(recorder.events.last?.kind.failure)
    }

    @Test("refused: fails while connecting, after resolving; the error and the event agree")
    func refused() async throws {
        let port = try closedPort()
        let recorder = EventRecorder()
        let future = DispatcherSupport.dispatcher().dataFuture(
            from: request(URL(string: "http://127.0.0.1:\(port)/")!, recorder))
        let error = try #require(await DispatcherSupport.transportError(future))
        #expect(error.reason == .connectionRefused)
        #expect(error.stage == .connecting)
        #expect(error.timings?.dnsLookup != nil)
        #expect(error.timings?.connect == nil)
        #expect(error.timings?.total != nil)
        #expect(error.failureSummary?.hasPrefix("failed while connecting after ") == true)
        #expect(recorder.names == ["queued", "resolved", "failed"])
        let failure = try failure(recorder)
        #expect(failure.stage == .connecting)
        #expect(failure.timings == error.timings)
        #expect(recorder.events.last?.stage == .connecting)
    }

    @Test("a TLS handshake the server never answers: times out during the TLS handshake, translated so")
    func tlsNeverAnswered() async throws {
        let port = try Self.silent.get()
        let recorder = EventRecorder()
        let future = DispatcherSupport.dispatcher().dataFuture(
            from: request(URL(string: "https://127.0.0.1:\(port)/")!, timeout: .milliseconds(400), recorder))
        let error = try #require(await DispatcherSupport.transportError(future))
        // libcurl counts the handshake as part of connecting ("Connection timed out after 400 milliseconds").
        #expect(error.reason == .connectTimeout)
        #expect(error.stage == .tlsHandshake)
        #expect(error.timings?.dnsLookup != nil)
        #expect(error.timings?.tlsHandshake == nil)
        #expect(error.timings?.preTransfer == nil)
        #expect(recorder.names == ["queued", "resolved", "connected", "failed"])
        #expect(recorder.events[2].stage == .tlsHandshake)
        #expect(try failure(recorder).stage == .tlsHandshake)
        let detail = ErrorTranslator.standard.translate(error).technicalDetail
        #expect(detail.contains("failed during the TLS handshake after "))
    }

    @Test("first-byte timeout: the request went out, no answer: fails while waiting")
    func firstByteTimeout() async throws {
        let server = try LoopbackServer.shared()
        let recorder = EventRecorder()
        let future = DispatcherSupport.dispatcher().dataFuture(
            from: request(server.url("/silent?seconds=60"), timeout: .milliseconds(400), recorder))
        let error = try #require(await DispatcherSupport.transportError(future))
        #expect(error.reason == .totalTimeout)
        #expect(error.stage == .waiting)
        #expect(error.timings?.preTransfer != nil)
        #expect(error.timings?.timeToFirstByte == nil)
        #expect(recorder.names == ["queued", "resolved", "connected", "sent", "failed"])
        #expect(try failure(recorder).stage == .waiting)
    }

    @Test("body stall timeout: head and 100 bytes, then nothing: fails while receiving")
    func bodyStall() async throws {
        let server = try LoopbackServer.shared()
        let recorder = EventRecorder()
        let future = DispatcherSupport.dispatcher().dataFuture(
            // 1.5 s: room for the head and the first bytes to arrive first on a loaded machine (at 400 ms a run at
            // load 14 once timed out before them).
            from: request(server.url("/stall?sent=100&seconds=60"), timeout: .milliseconds(1500), recorder))
        let error = try #require(await DispatcherSupport.transportError(future))
        #expect(error.reason == .totalTimeout)
        #expect(error.stage == .receiving)
        #expect(error.timings?.timeToFirstByte != nil)
        #expect(recorder.names == ["queued", "resolved", "connected", "sent", "head", "body", "failed"])
        #expect(recorder.first { $0.progress }?.bytes == 100)
        #expect(recorder.first { $0.progress }?.expected == 1100)
        #expect(try failure(recorder).stage == .receiving)
    }

    @Test("unobserved failures carry their stage and timings too")
    func unobserved() async throws {
        let server = try LoopbackServer.shared()
        let future = DispatcherSupport.dispatcher().dataFuture(
            from: DispatcherSupport.request(server.url("/silent?seconds=60")) {
                $0.options.totalTimeout = .milliseconds(300)
            })
        let error = try #require(await DispatcherSupport.transportError(future))
        #expect(error.stage == .waiting)
        // The timeout cannot fire before 300 ms; the coarse clock may read a few ms short.
        #expect(error.timings?.total.map { $0 >= .milliseconds(250) } == true)
    }

    /// Sends, cancels from another thread as soon as `event` arrives, waits for the terminal event:
    /// the stage it reports (or the stage a failure reports, so that a failure reads as one).
    /// The cancel follows the event itself, not the test's task: resuming that task took 190 s
    /// in a full parallel run (see `EventRecorder.on`), after the server and the timeout had
    /// ended the exchange, and the test saw `failed`.
    private func cancel(after event: String, _ url: URL) async throws -> (ExchangeStage?, [String]) {
        let recorder = EventRecorder()
        let future = DispatcherSupport.dispatcher().dataFuture(from: request(url, timeout: .seconds(120), recorder))
        recorder.on(event) { future.cancel() }
        future.send()
        let end = await recorder.end()
        return (end.kind.cancelledStage ?? end.kind.failure?.stage, recorder.names)
    }

    @Test("cancel while connecting (a port that never completes the TCP handshake)")
    func cancelConnecting() async throws {
        let server = try LoopbackServer.shared()
        let (stage, names) = try await cancel(
            after: "resolved", URL(string: "http://127.0.0.1:\(server.blackholePort)/")!)
        #expect(stage == .connecting)
        #expect(names == ["queued", "resolved", "cancelled"])
    }

    @Test("cancel during the TLS handshake")
    func cancelTLS() async throws {
        let port = try Self.silent.get()
        let (stage, names) = try await cancel(after: "connected", URL(string: "https://127.0.0.1:\(port)/")!)
        #expect(stage == .tlsHandshake)
        #expect(names == ["queued", "resolved", "connected", "cancelled"])
    }

    @Test("cancel while waiting for the first byte")
    func cancelWaiting() async throws {
        let server = try LoopbackServer.shared()
        let (stage, names) = try await cancel(after: "sent", server.url("/silent?seconds=60"))
        #expect(stage == .waiting)
        #expect(names == ["queued", "resolved", "connected", "sent", "cancelled"])
    }

    @Test("cancel while receiving the body")
    func cancelReceiving() async throws {
        let server = try LoopbackServer.shared()
        let (stage, names) = try await cancel(after: "body", server.url("/stall?sent=100&seconds=60"))
        #expect(stage == .receiving)
        #expect(names == ["queued", "resolved", "connected", "sent", "head", "body", "cancelled"])
    }

    @Test("cancel while queued: before the network thread saw it, cancelled in the first stage")
    func cancelQueued() async throws {
        let server = try LoopbackServer.shared()
        let recorder = EventRecorder()
        let future = DispatcherSupport.dispatcher().dataFuture(from: request(server.url("/json"), recorder))
        let events = ExchangeEventLog()
        _ = events
        future.send()
        future.cancel()
        _ = await recorder.end()
        #expect(recorder.names.first == "queued")
        #expect(recorder.names.last == "cancelled")
        #expect(recorder.names.filter { $0 == "cancelled" }.count == 1)
    }
}
