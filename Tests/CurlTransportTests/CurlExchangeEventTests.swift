import CurlTransport
import Foundation
import Futures
import HTTPCore
import LoopbackTesting
import Testing

/// The events an observed exchange reports, in order and with their content, against real loopback
/// servers: what a timeline and `lazer send --trace` show.
@Suite("CurlDispatcher exchange events")
struct CurlExchangeEventTests {
    private func expectOrdered(_ events: [ExchangeEvent]) {
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.offset <= $1.offset })
        #expect(events.filter { $0.kind.isTerminal }.count == 1)
        #expect(events.last?.kind.isTerminal == true)
        #expect(events.allSatisfy { !$0.isMock })
    }

    @Test("plain HTTP: queued, resolved, connected (new), sent, head, body, completed — in order, once each")
    func plainHTTP() async throws {
        let server = try LoopbackServer.shared()
        let recorder = EventRecorder()
        let request = recorder.observing(DispatcherSupport.request(server.url("/json")))
        let response = try await DispatcherSupport.dispatcher().dataFuture(from: request).value
        #expect(response.statusCode == .ok)
        #expect(recorder.names == ["queued", "resolved", "connected", "sent", "head", "body", "completed"])
        expectOrdered(recorder.events)
        let resolution = try #require(recorder.first { $0.resolution })
        #expect(resolution.host == "127.0.0.1")
        #expect(resolution.addresses == ["127.0.0.1"])
        let connection = try #require(recorder.first { $0.connection })
        #expect(connection.address == "127.0.0.1")
        #expect(connection.port == server.port)
        #expect(connection.reused == false)
        let sent = try #require(recorder.first { $0.sent })
        #expect(sent.headBytes > 0)
        #expect(sent.bodyBytes == 0)
        let head = try #require(recorder.first { $0.head })
        #expect(head.status == .ok)
        #expect(head.reason == "OK")
        #expect(head.httpVersion == .http11)
        #expect(head.headers["Content-Type"] == "application/json")
        let progress = try #require(recorder.first { $0.progress })
        #expect(progress.bytes == Int64(try response.body.data().count))
        #expect(
            recorder.events.map(\.stage) == [
                .resolving, .connecting, .sending, .waiting, .receiving, .receiving, .receiving,
            ])
        #expect(response.request.exchangeObserver == nil)
    }

    @Test("HTTPS with the test CA: connected, then TLS with version, cipher, certificate and verification, then sent")
    func https() async throws {
        let server = try LoopbackServer.shared()
        let recorder = EventRecorder()
        let request = recorder.observing(
            DispatcherSupport.request(server.tlsURL("/json")) {
                $0.options.caFile = server.certificate.certificateFile.path
            })
        _ = try await DispatcherSupport.dispatcher().dataFuture(from: request).value
        #expect(recorder.names == ["queued", "resolved", "connected", "tls", "sent", "head", "body", "completed"])
        expectOrdered(recorder.events)
        #expect(recorder.events[2].stage == .tlsHandshake)
        let tls = try #require(recorder.first { $0.tls })
        #expect(tls.protocolVersion?.hasPrefix("TLSv1.") == true)
        #expect(tls.cipher?.isEmpty == false)
        #expect(tls.verification == .verified)
        let certificate = try #require(tls.certificate)
        #expect(certificate.subject.contains("Lazer loopback test"))
        #expect(certificate.issuer.contains("Lazer loopback test"))
        #expect(certificate.expires.map { $0 > Date() } == true)
        #expect(tls.duration.map { $0 > .zero } == true)
    }

    @Test("insecure mode: the TLS event says what verification would have found")
    func insecure() async throws {
        let server = try LoopbackServer.shared()
        let recorder = EventRecorder()
        let request = recorder.observing(
            DispatcherSupport.request(server.tlsURL("/json")) { $0.options.verifyTLS = false })
        _ = try await DispatcherSupport.dispatcher().dataFuture(from: request).value
        let tls = try #require(recorder.first { $0.tls })
        guard case .notVerified(let problem) = tls.verification else {
            Issue.record("verification: \(tls.verification)")
            return
        }
        #expect(problem.contains("self-signed"))
    }

    @Test("after a 204 (no body), the next request reuses the kept-alive connection")
    func reusedAfterNoContent() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        let first = dispatcher.dataFuture(from: DispatcherSupport.request(server.url("/status/204")))
        let recorder = EventRecorder()
        let second = dispatcher.dataFuture(from: recorder.observing(DispatcherSupport.request(server.url("/json"))))
        // Sent when the first completes, not when this task resumes (see `EventRecorder.on`): in a
        // full parallel run that came minutes later, after libcurl had retired the idle connection.
        first.result { _ in second.send() }
        let empty = try await first.value
        #expect(empty.statusCode.rawValue == 204)
        #expect(empty.body.byteCount == 0)
        let next = try await second.value
        #expect(next.statusCode.rawValue == 200)
        let connection = try #require(recorder.first { $0.connection })
        #expect(connection.reused)
    }

    @Test("a kept-alive second request reports its connection reused, without resolving or connecting again")
    func reused() async throws {
        let server = try LoopbackServer.shared()
        let dispatcher = DispatcherSupport.dispatcher()
        let first = dispatcher.dataFuture(from: DispatcherSupport.request(server.url("/json")))
        let recorder = EventRecorder()
        let second = dispatcher.dataFuture(from: recorder.observing(DispatcherSupport.request(server.url("/json"))))
        // Sent when the first completes, not when this task resumes (see `reusedAfterNoContent`).
        first.result { _ in second.send() }
        _ = try await first.value
        _ = try await second.value
        #expect(recorder.names == ["queued", "connected", "sent", "head", "body", "completed"])
        let connection = try #require(recorder.first { $0.connection })
        #expect(connection.reused)
        #expect(connection.port == server.port)
        #expect(connection.connectDuration == nil)
    }

    @Test("a redirect chain libcurl follows: one redirect event per hop, then the final head")
    func redirectChain() async throws {
        let server = try LoopbackServer.shared()
        let recorder = EventRecorder()
        let request = recorder.observing(
            DispatcherSupport.request(server.url("/redirect/2")) { $0.options.followRedirects = true })
        let response = try await DispatcherSupport.dispatcher().dataFuture(from: request).value
        #expect(response.statusCode == .ok)
        #expect(
            recorder.names == [
                "queued", "resolved", "connected", "sent", "redirect", "connected", "sent", "redirect", "connected",
                "sent",
                "head", "body", "completed",
            ])
        expectOrdered(recorder.events)
        let hops = recorder.events.compactMap { $0.kind.redirectHop }
        #expect(hops.map(\.number) == [1, 2])
        #expect(hops.map(\.status) == [.found, .found])
        #expect(hops.first?.url?.path == "/redirect/1")
        #expect(hops.allSatisfy { !$0.crossOrigin && !$0.bodyDropped && $0.nextMethod == .get })
        #expect(recorder.events.compactMap { $0.kind.connection }.dropFirst().allSatisfy { $0.reused })
        #expect(recorder.events.compactMap { $0.kind.head }.map(\.status) == [.ok])
    }

    @Test("a POST answered 303 (followed hop by hop): the redirect says GET, body and its headers dropped")
    func redirectRules() async throws {
        let server = try LoopbackServer.shared()
        let recorder = EventRecorder()
        let request = recorder.observing(
            DispatcherSupport.request(server.url("/see-other"), method: .post) {
                $0.options.followRedirects = true
                $0.setJSONBody(string: #"{"a":1}"#)
            })
        let response = try await DispatcherSupport.dispatcher().dataFuture(from: request).value
        #expect(response.statusCode == .ok)
        let hop = try #require(recorder.first { $0.redirectHop })
        #expect(hop.status == .seeOther)
        #expect(hop.method == .post)
        #expect(hop.nextMethod == .get)
        #expect(hop.bodyDropped)
        #expect(hop.droppedHeaders.contains("Content-Type"))
        #expect(recorder.events.compactMap { $0.kind.head }.map(\.status) == [.ok])
        let sent = recorder.events.compactMap { $0.kind.sent }
        #expect(sent.first?.bodyBytes == 7)
        #expect(sent.last?.bodyBytes == 0)
        expectOrdered(recorder.events)
    }

    @Test("a head followed by a stalled body: the head event arrives while no body has")
    func headBeforeBody() async throws {
        let server = try LoopbackServer.shared()
        let recorder = EventRecorder()
        let future = DispatcherSupport.dispatcher().dataFuture(
            from: recorder.observing(
                DispatcherSupport.request(server.url("/stall?sent=0&seconds=60")) {
                    $0.options.totalTimeout = .seconds(120)
                }))
        future.send()
        let event = await recorder.next("head")
        #expect(event.stage == .receiving)
        #expect(event.kind.head?.headers["Content-Length"] == "1000")
        #expect(!recorder.names.contains("body"))
        // Cancel in the middle of the stalled body (on a very loaded machine the server's 10 s
        // stall may already have ended it: then it failed, in the same stage).
        future.cancel()
        let end = await recorder.end()
        #expect((end.kind.cancelledStage ?? end.kind.failure?.stage) == .receiving)
        #expect(!recorder.names.contains("body"))
    }
}
