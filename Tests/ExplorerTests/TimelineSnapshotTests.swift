import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing

/// The Timeline of a send, as a whole screen: live (bars growing while the mock's delay runs),
/// finished, failed and cancelled, at 120×40 and 80×24. The mock's events follow its delay
/// model on the harness's virtual time, so every offset is exact.
@MainActor
struct TimelineSnapshotTests {
    nonisolated static let variants = [
        ScreenVariant(width: 120, height: 40, theme: .defaultDark),
        ScreenVariant(width: 80, height: 24, theme: .defaultDark),
    ]

    private func slow(_ variant: ScreenVariant) throws -> ExplorerHarness {
        try ExplorerHarness(
            collections: [TestCollections.alpha], size: Size(width: variant.width, height: variant.height),
            theme: variant.theme, startup: StartupRequest(request: "a-slow"),
            processEnvironment: TestCollections.environment)
    }

    @Test(arguments: variants) func liveWhileWaitingForTheFirstByte(_ variant: ScreenVariant) throws {
        let harness = try slow(variant)
        harness.press("F5")
        harness.advance(by: .milliseconds(1200))
        #expect(harness.shows("waiting for the first byte · 1.2 s"))
        harness.assertScreen(named: "timeline-live-\(variant)")
        // The bar grows with time: a later frame shows a longer one.
        let before = harness.responseText.filter { $0 == "█" }.count
        harness.advance(by: .milliseconds(1000))
        #expect(harness.responseText.filter { $0 == "█" }.count >= before)
        #expect(harness.shows("so far 2.2 s"))
    }

    @Test(arguments: variants) func liveInTheTimelineTabOverAStaleAnswer(_ variant: ScreenVariant) throws {
        let harness = try slow(variant)
        harness.press("F5")
        harness.advance(by: .seconds(3))
        harness.press("g", "3", "]", "]", "]")
        harness.press("F5")
        harness.advance(by: .milliseconds(500))
        #expect(harness.shows("in flight"))
        harness.assertScreen(named: "timeline-live-tab-\(variant)")
    }

    @Test(arguments: variants) func cancelled(_ variant: ScreenVariant) throws {
        let harness = try slow(variant)
        harness.press("F5")
        harness.advance(by: .seconds(1))
        harness.press("esc")
        #expect(harness.shows("✖ cancelled here"))
        harness.assertScreen(named: "timeline-cancelled-\(variant)")
    }

    @Test(arguments: variants) func failed(_ variant: ScreenVariant) throws {
        let harness = try ExplorerHarness(
            collections: try Shipped.showcase(), size: Size(width: variant.width, height: variant.height),
            theme: variant.theme, startup: StartupRequest(request: "Failures/Timeout"))
        harness.press("F5")
        harness.advance(by: .seconds(1))
        #expect(harness.shows("Failed while waiting for the response after 1.0 s"))
        harness.assertScreen(named: "timeline-failed-\(variant)")
    }
}
