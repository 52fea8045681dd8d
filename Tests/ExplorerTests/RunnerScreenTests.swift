import Explorer
import ExplorerTesting
import Foundation
import Replay
import TUI
import Testing
import Workspace

/// The Runner view on a real `ExplorerProgram`: `R` runs the shipped JSONPlaceholder's Posts folder
/// through `Replay` against its mock environment (the run's own task, answered in-process), and
/// the screens are compared with snapshots at 120×40 and 80×24 in two themes. Per-request times
/// are real and scrubbed.
@MainActor
struct RunnerScreenTests {
    /// Real durations vary in width, and every place that shows one pads around it (right-aligned
    /// columns, the title's rule, the status line), so the padding goes with the figure.
    private static let times = ScreenScrub(pattern: "[ ─]*(<1|\\b\\d+) ms *", replacement: " N ms ")
    private static let titleRule = ScreenScrub(pattern: "─+ (\\d+/\\d+ ·)", replacement: "─ $1")
    private static let statusPadding = ScreenScrub(pattern: "(from history[^│\\n]*?) +│", replacement: "$1 │")
    private static let scrubs = [times, titleRule, statusPadding, ScreenScrub.clockTimes]

    private func harness(_ variant: ScreenVariant) throws -> ExplorerHarness {
        try ExplorerHarness(
            collections: try Shipped.jsonPlaceholder(), size: Size(width: variant.width, height: variant.height),
            theme: variant.theme, startup: StartupRequest(request: "Posts/List posts"))
    }

    /// Runs the main scheduler until the run is over. The run is its own task, so this waits for
    /// it (a bound on the rounds, not on time: it fails rather than hangs).
    @Test(arguments: ScreenVariant.all) func aFinishedRunOfAFolder(_ variant: ScreenVariant) async throws {
        let harness = try harness(variant)
        harness.press("g")
        harness.press("1")
        harness.press("R")
        try await harness.waitForTheRun()
        let rows = harness.state.runner?.rows ?? []
        #expect(rows.count == 8)
        #expect(rows.allSatisfy { $0.result != nil })
        harness.assertScreen(named: "runner-done-\(variant)", scrubbing: Self.scrubs)
    }

    @Test func detailsWrapAtEightyColumns() async throws {
        // A request not sent for an undefined variable: its message is longer than 80 columns.
        let collection = FixtureFile.text(
            "wrap.json",
            """
            {
              "formatVersion": 1, "id": "wrap-0000-4000-8000-000000000001", "name": "Wrap",
              "defaultEnvironment": "dev",
              "environments": [{ "name": "dev", "kind": "mock", "baseURL": "http://dev.mock" }],
              "folders": [{ "name": "F", "requests": [
                { "id": "w-1", "name": "Undefined", "method": "GET", "url": "/x",
                  "headers": [{ "name": "X-Trace", "value": "{{traceId}}" }] }
              ] }]
            }
            """)
        let harness = try ExplorerHarness(
            collections: [collection], size: Size(width: 80, height: 24), startup: StartupRequest(request: "w-1"))
        harness.press("g")
        harness.press("1")
        harness.press("R")
        try await harness.waitForTheRun()
        #expect(harness.shows("not sent"))
        #expect(harness.shows("LAZER_VAR_traceId"))
    }

    /// The whole Showcase run in the Runner view at `size`: every kind of outcome. Its Timeout
    /// request waits a second of virtual time for the mock's slow answer.
    private func showcaseRun(_ size: Size) async throws -> ExplorerHarness {
        let harness = try ExplorerHarness(
            collections: try Shipped.showcase(), size: size, startup: StartupRequest(request: "Chaining/1. Log in"))
        harness.press("g")
        harness.press("1")
        harness.press("g")
        harness.press("g")
        harness.press("R")
        for _ in 0..<2_000 where harness.state.runner?.isRunning != false {
            harness.advance(by: .milliseconds(100))
            try await Task.sleep(for: .milliseconds(1))
        }
        return harness
    }

    @Test func theSummaryTakesTwoLinesWhenEveryOutcomeDoesNotFitEightyColumns() async throws {
        let harness = try await showcaseRun(Size(width: 80, height: 24))
        let lines = harness.lines
        let counts = "10 requests: 5 passed, 1 failed, 3 without response, 1 not sent"
        let requests = try #require(lines.firstIndex { $0.contains(counts) })
        #expect(lines[requests + 1].contains("11 checks, 1 failed"))
        #expect(!lines[requests].contains("checks"))
    }

    @Test func atSixtyColumnsTheSummaryIsWrappedOnItsTwoLines() async throws {
        let harness = try await showcaseRun(Size(width: 60, height: 16))
        // The requests' counts alone are wider than the view: they go on over the second line
        // (the first was cut at "1 not").
        let text = harness.lines.joined(separator: "\n")
        #expect(text.contains("10 requests: 5 passed, 1 failed, 3 without response, 1"))
        #expect(text.contains("│not sent · 11 checks, 1 failed"))
    }

    @Test func aTokenCapturedByTheRunIsThereForTheNextSend() async throws {
        let harness = try ExplorerHarness(
            collections: try Shipped.showcase(), startup: StartupRequest(request: "Chaining/2. Who am I"))
        // Sent alone first: blocked, and told which request captures the token.
        harness.press("F5")
        guard case .sendBlocked(let problems, _, _)? = harness.state.overlay else {
            Issue.record("the send is blocked")
            return
        }
        let hint = "\"Chaining/1. Log in\" captures it: send that first, or run them together"
        #expect(problems.first?.hasSuffix(hint) == true)
        harness.press("escape")
        harness.press("g")
        harness.press("1")
        harness.press("R")
        try await harness.waitForTheRun()
        #expect(harness.state.runner?.rows.first?.path == "Chaining/1. Log in")
        #expect(harness.state.runner?.summary.passed == 3)
        harness.press("escape")
        harness.press("F5")
        harness.settle()
        let key = try #require(harness.state.selection)
        #expect(harness.state.exchanges[key]?.result?.response?.status == 200)
        #expect(!harness.shows("is not defined"))
    }

    @Test(arguments: ScreenVariant.all) func f1ShowsTheRunnersKeys(_ variant: ScreenVariant) async throws {
        let harness = try harness(variant)
        harness.press("g")
        harness.press("1")
        harness.press("R")
        try await harness.waitForTheRun()
        harness.press("F1")
        harness.assertScreen(named: "runner-help-\(variant)", scrubbing: Self.scrubs)
    }

    @Test(arguments: ScreenVariant.all) func aRowOpensTheRunsExchange(_ variant: ScreenVariant) async throws {
        let harness = try harness(variant)
        harness.press("g")
        harness.press("1")
        harness.press("R")
        try await harness.waitForTheRun()
        harness.press("j")
        harness.press("enter")
        #expect(harness.state.runner?.isShown == false)
        #expect(harness.state.response.openedHistory != nil)
        // The run's checks come along (history does not keep them).
        guard case .response(let response)? = harness.state.response.openedHistoryResult?.outcome else {
            Issue.record("the run's exchange opens as a response")
            return
        }
        #expect(!response.checks.isEmpty)
        #expect(response.checks.allSatisfy { $0.passed })
        // Text only: the status line's colours move with the width of the exchange's real duration.
        harness.assertScreen(
            named: "runner-opened-\(variant)", styles: false,
            scrubbing: Self.scrubs)
        harness.press("F8")
        #expect(harness.state.runner?.isShown == true)
    }
}
