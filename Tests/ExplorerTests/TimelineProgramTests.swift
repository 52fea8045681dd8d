import Explorer
import ExplorerTesting
import Foundation
import Futures
import HTTPCore
import HTTPCoreTesting
import Testing

/// The program around the timeline: the mock's events arrive on its delay model and the chain's
/// stages in order; a burst of events draws no extra frame while a tick is due (at most 10 frames
/// a second), and nothing draws when nothing is in flight.
@MainActor
struct TimelineProgramTests {
    private func slow() throws -> ExplorerHarness {
        try ExplorerHarness(
            collections: [TestCollections.alpha], startup: StartupRequest(request: "a-slow"),
            processEnvironment: TestCollections.environment)
    }

    @Test func theMocksEventsAndTheChainsStagesFillTheTraceOnItsDelayModel() throws {
        let harness = try slow()
        harness.press("F5")
        let live = try #require(harness.state.exchange?.trace)
        #expect(live.timeline.events.map(\.kind.name) == ["queued", "sent"])
        #expect(live.timeline.isMock)
        #expect(live.chain.map(\.label) == ["dispatch", "parse", "history"])
        harness.advance(by: .seconds(3))
        let trace = try #require(harness.state.exchange?.result?.trace)
        #expect(trace.timeline.events.map(\.kind.name) == ["queued", "sent", "head", "body", "completed"])
        #expect(trace.timeline.events.last?.offset == .seconds(3))
        #expect(trace.chain.map { $0.outcome?.name } == ["succeeded", "succeeded", "succeeded"])
        #expect(trace.chain.first?.duration == .seconds(3))
    }

    @Test func aBurstOfEventsWaitsForTheNextTickAndAnIdleExplorerDrawsNothing() throws {
        let harness = try slow()
        harness.press("F5")
        let generation = try #require(harness.state.exchange?.inFlight)
        let key = try #require(harness.state.selection)
        let frames = harness.frameCount
        for bytes in 1...50 {
            let progress = ExchangeEvent.BodyProgress(bytes: Int64(bytes) * 1000, expected: 50_000, bytesPerSecond: nil)
            harness.dispatch(
                .exchangeEvent(
                    key, generation: generation,
                    ExchangeEvent(offset: .milliseconds(10), kind: .bodyProgress(progress), stage: .receiving)),
                settle: false)
        }
        harness.settle()
        #expect(harness.frameCount == frames)
        // The tick draws them, once.
        harness.advance(by: .milliseconds(100))
        #expect(harness.frameCount == frames + 1)
        #expect(harness.shows("receiving 50 KB of 50 KB · 100 ms"))
        // Ten ticks a second while in flight.
        harness.advance(by: .seconds(1))
        #expect(harness.frameCount == frames + 11)
        harness.advance(by: .seconds(2))
        #expect(harness.state.exchange?.inFlight == nil)
        // Once the answer is shown and the history written, nothing draws any more.
        harness.advance(by: .seconds(1))
        let idle = harness.frameCount
        harness.advance(by: .seconds(10))
        #expect(harness.frameCount == idle)
        #expect(harness.timeline.pendingCount == 0)
    }
}
