import Foundation
import HTTPCore
import Testing

/// `ExchangeTimeline`: events folded into stage spans, durations and the ending — what a status
/// line and a timeline display read, without a clock.
@Suite("ExchangeTimeline")
struct ExchangeTimelineTests {
    private func event(_ milliseconds: Int, _ kind: ExchangeEvent.Kind, _ stage: ExchangeStage) -> ExchangeEvent {
        ExchangeEvent(offset: .milliseconds(milliseconds), kind: kind, stage: stage)
    }

    private let url = URL(fileURLWithPath: "/")

    @Test("spans per stage, in order; a redirect repeats stages and durations add them up")
    func spansAndRedirects() throws {
        var timeline = ExchangeTimeline()
        let hop = ExchangeEvent.RedirectHop(
            status: .found, location: "/next", url: nil, method: .get, nextMethod: .get, bodyDropped: false,
            droppedHeaders: [], crossOrigin: false, number: 1)
        let events = [
            event(0, .queued(.init(method: .get, url: url)), .resolving),
            event(2, .resolved(.init(host: "h", addresses: ["127.0.0.1"], duration: .milliseconds(2))), .connecting),
            event(3, .connected(.init(address: "127.0.0.1", port: 80, reused: false)), .sending),
            event(4, .requestSent(.init(headBytes: 50, bodyBytes: 0)), .waiting),
            event(10, .redirect(hop), .resolving),
            event(10, .connected(.init(address: "127.0.0.1", port: 80, reused: true)), .sending),
            event(11, .requestSent(.init(headBytes: 50, bodyBytes: 0)), .waiting),
            event(20, .responseHead(.init(status: .ok, reason: "OK", headers: [:], httpVersion: .http11)), .receiving),
        ]
        for event in events { timeline.record(event) }
        #expect(timeline.stage == .receiving)
        #expect(!timeline.isFinished)
        #expect(
            timeline.spans.map(\.stage) == [
                .resolving, .connecting, .sending, .waiting, .resolving, .sending, .waiting, .receiving,
            ])
        #expect(timeline.spans.last?.end == nil)
        let durations = Dictionary(
            uniqueKeysWithValues: timeline.durations(now: .milliseconds(25)).map { ($0.stage, $0.duration) })
        #expect(durations[.waiting] == .milliseconds(15))
        #expect(durations[.sending] == .milliseconds(2))
        #expect(durations[.receiving] == .milliseconds(5))
        #expect(timeline.last("connected")?.kind.name == "connected")
    }

    @Test("the terminal event closes the open span, sets the ending, and later events are ignored")
    func ending() throws {
        var timeline = ExchangeTimeline()
        timeline.record(event(0, .queued(.init(method: .get, url: url)), .resolving))
        timeline.record(event(7, .cancelled(stage: .resolving), .resolving))
        timeline.record(event(9, .queued(.init(method: .get, url: url)), .resolving))
        #expect(timeline.isFinished)
        #expect(timeline.events.count == 2)
        #expect(timeline.spans.count == 1)
        #expect(timeline.spans[0].end == .milliseconds(7))
        guard case .cancelled(let stage) = timeline.ending else {
            Issue.record("not cancelled")
            return
        }
        #expect(stage == .resolving)
    }

    @Test("stage texts read as a person would say them")
    func phrases() {
        #expect(ExchangeStage.tlsHandshake.failurePhrase == "during the TLS handshake")
        #expect(ExchangeStage.waiting.label == "waiting for the first byte")
        let error = TransportError(.connectTimeout, stage: .tlsHandshake, timings: Timings(total: .milliseconds(23)))
        #expect(error.failureSummary == "failed during the TLS handshake after 23 ms")
        #expect(TransportError(.dnsFailure).failureSummary == nil)
        #expect(
            TransportError(.totalTimeout, stage: .receiving, timings: Timings(total: .milliseconds(1500)))
                .failureSummary
                == "failed while receiving the body after 1.5 s")
        // A mock's failure takes no measurable time: not "0.0 ms".
        #expect(
            TransportError(.dnsFailure, stage: .resolving, timings: Timings(total: .microseconds(20))).failureSummary
                == "failed while resolving the host name after <0.1 ms")
        #expect(
            TransportError(.dnsFailure, stage: .resolving, timings: Timings(total: .microseconds(400))).failureSummary
                == "failed while resolving the host name after 0.4 ms")
    }
}
