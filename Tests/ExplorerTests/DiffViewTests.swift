import Explorer
import ExplorerTesting
import Foundation
import JSONDiff
import Replay
import TUI
import Testing
import Workspace

/// The Diff view through the real program: `m` on two History entries computes the comparison on
/// the work queue and opens the view over the panes (snapshots at 120×40 and 80×24 in two themes);
/// its keys move between changes; Esc closes it and the palette's entry shows it again.
@MainActor
struct DiffViewTests {
    static let users = TestCollections.key("a-users")

    static let entries = [
        DiffSliceTests.entry(
            "e1", seconds: 0,
            body: #"[{"id": 1, "name": "Ada", "tags": ["admin"], "address": {"city": "London", "zip": "N1"}}, "#
                + #"{"id": 2, "name": "Grace", "tags": [], "address": {"city": "Arlington", "zip": "22201"}}]"#),
        DiffSliceTests.entry(
            "e2", seconds: 60,
            body: #"[{"id": 1, "name": "Ada", "tags": ["admin", "ops"], "address": {"city": "London", "zip": "N1"}}, "#
                + #"{"id": 2, "name": "Grace H.", "tags": [], "address": {"city": "Arlington"}}]"#),
    ]

    private func opened(_ variant: ScreenVariant) throws -> ExplorerHarness {
        let harness = try ExplorerHarness(
            collections: [TestCollections.alpha], size: Size(width: variant.width, height: variant.height),
            theme: variant.theme, startup: StartupRequest(request: "a-users"),
            processEnvironment: TestCollections.environment)
        harness.dispatch(.historyLoaded(Self.users, Self.entries))
        harness.press("g", "3", "[")
        #expect(harness.state.response.tab == .history)
        harness.press("m", "j", "m")
        return harness
    }

    @Test(arguments: ScreenVariant.all) func twoMarkedEntriesSideBySide(_ variant: ScreenVariant) throws {
        let harness = try opened(variant)
        #expect(harness.state.keyContexts == [.diff])
        #expect(harness.shows("3 changes: 1 added, 1 removed, 1 changed"))
        // The status line says what is compared, not the stale "Marked …".
        #expect(harness.state.toast?.message.hasPrefix("Compared ") == true)
        #expect(!harness.shows("Marked "))
        harness.assertScreen(named: "diff-view-\(variant)", scrubbing: [.clockTimes])
    }

    @Test(arguments: ScreenVariant.all) func enterUnfoldsAnUnchangedSubtree(_ variant: ScreenVariant) throws {
        let harness = try opened(variant)
        let rows = try #require(harness.state.diff.view?.rows)
        let address = try #require(rows.firstIndex { $0.left == "address: {…} 2 keys" })
        let current = try #require(harness.state.diff.view?.current)
        #expect(harness.lines.contains { $0.contains("▸ ") && $0.contains("address: {…} 2 keys") })
        for _ in current..<address { harness.press("j") }
        harness.press("enter")
        #expect(harness.lines.contains { $0.contains("▾ ") && $0.contains("address: {") })
        #expect(harness.lines.contains { $0.contains("city: \"London\"") })
        harness.assertScreen(named: "diff-view-unfolded-\(variant)", scrubbing: [.clockTimes])
        harness.press("space")
        #expect(!harness.lines.contains { $0.contains("city: \"London\"") })
    }

    @Test func keysMoveBetweenChangesAndEscClosesTheView() throws {
        let harness = try opened(ScreenVariant.all[0])
        let view = try #require(harness.state.diff.view)
        let changes = view.changeRows
        #expect(view.current == changes.first)
        harness.press("n")
        #expect(harness.state.diff.view?.current == changes[1])
        harness.press("N")
        #expect(harness.state.diff.view?.current == changes[0])
        // The panes under the view take no keys.
        harness.press("esc")
        #expect(harness.state.diff.view?.isShown == false)
        #expect(harness.state.keyContexts != [.diff])
        harness.dispatch(.command(.diff(.show)))
        #expect(harness.state.diff.view?.isShown == true)
        // The changed value, the removed member and the added item are all on screen, marked.
        #expect(
            harness.lines.contains {
                $0.contains("~ ") && $0.contains("name: \"Grace\"") && $0.contains("name: \"Grace H.\"")
            })
        #expect(harness.lines.contains { $0.contains("- ") && $0.contains("zip: \"22201\"") })
        #expect(harness.lines.contains { $0.contains("+ ") && $0.contains("1: \"ops\"") })
    }

    @Test func markingOutsideTheHistoryTabSaysWhere() throws {
        let harness = try ExplorerHarness(
            collections: [TestCollections.alpha], startup: StartupRequest(request: "a-users"),
            processEnvironment: TestCollections.environment)
        harness.press("g", "3", "m")
        #expect(harness.state.diff.marked == nil)
        #expect(
            harness.state.toast?.message == "Marking compares History entries: open the response pane's History tab")
    }
}

/// "Compare with environment…" up to the effect: the prompt offers the collection's other
/// environments, an unknown name asks again, a known one sends the request there with the body
/// shown on the left.
struct CompareEnvironmentReducerTests {
    @Test func thePromptNamesTheOtherEnvironmentsAndAKnownOneSendsTheRequestThere() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        let users = TestCollections.key("a-users")
        // Nothing shown yet: nothing to compare with.
        fixture.driver.reduce(.command(.diff(.compareEnvironment)))
        #expect(fixture.driver.state.overlay == nil)
        #expect(fixture.driver.state.toast?.message.hasPrefix("Send the request first") == true)
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        fixture.driver.reduce(.exchangeFinished(users, try Results.json(Results.users, generation: job.generation)))
        fixture.driver.reduce(.command(.diff(.compareEnvironment)))
        guard case .prompt(let prompt)? = fixture.driver.state.overlay else {
            Issue.record("a prompt asks for the environment")
            return
        }
        #expect(prompt.title == "Compare with environment (prod)")
        #expect(prompt.field.text == "prod")
        let effects = fixture.driver.press("enter")
        let compare = effects.compactMap { effect -> DiffEnvironmentJob? in
            if case .compareInEnvironment(let job) = effect { job } else { nil }
        }
        let sent = try #require(compare.first)
        #expect(sent.environment == "prod")
        #expect(sent.item.request.id == "a-users")
        #expect(sent.leftTitle == "dev (shown)")
        #expect(sent.left == Array(Results.users.utf8))
        #expect(sent.generation == 1)
        #expect(fixture.driver.state.overlay == nil)
        #expect(fixture.driver.state.diff.pending == 1)
    }
}
