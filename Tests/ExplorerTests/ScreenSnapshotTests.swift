import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// One screen size and theme a snapshot is taken in.
struct ScreenVariant: Sendable, CustomStringConvertible {
    var width: Int
    var height: Int
    var theme: Theme

    var description: String { "\(width)x\(height)-\(theme.name)" }

    /// 120×40 and 80×24, each in the built-in dark theme and in monochrome.
    static let all = [
        ScreenVariant(width: 120, height: 40, theme: .defaultDark),
        ScreenVariant(width: 120, height: 40, theme: .monochrome),
        ScreenVariant(width: 80, height: 24, theme: .defaultDark),
        ScreenVariant(width: 80, height: 24, theme: .monochrome),
    ]
}

/// Whole screens (text and styles) of each pane and state, at 120×40 and 80×24, in two themes,
/// compared with `Snapshots/<state>-<size>-<theme>.txt` (re-record with `RECORD_SNAPSHOTS=1`).
/// Wall-clock times (history rows, how long a failed send took) are scrubbed.
@MainActor
struct ScreenSnapshotTests {
    private func harness(
        _ variant: ScreenVariant, _ collections: [FixtureFile], request: String? = nil,
        environment: [String: String] = [:]
    ) throws -> ExplorerHarness {
        try ExplorerHarness(
            collections: collections, size: Size(width: variant.width, height: variant.height), theme: variant.theme,
            startup: StartupRequest(request: request), processEnvironment: environment)
    }

    private func jsonPlaceholder(_ variant: ScreenVariant, request: String? = nil) throws -> ExplorerHarness {
        try harness(variant, try Shipped.jsonPlaceholder(), request: request)
    }

    private func showcase(_ variant: ScreenVariant, request: String) throws -> ExplorerHarness {
        try harness(variant, try Shipped.showcase(), request: request, environment: ["LAZER_VAR_password": "pw"])
    }

    private static let elapsed = ScreenScrub(pattern: "Gave up after [0-9.<]+ m?s", replacement: "Gave up after N ms")

    // MARK: - Collections

    @Test(arguments: ScreenVariant.all) func collectionsAtStart(_ variant: ScreenVariant) throws {
        let harness = try harness(variant, try Shipped.all())
        harness.assertScreen(named: "collections-start-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func collectionsFiltered(_ variant: ScreenVariant) throws {
        let harness = try harness(variant, try Shipped.all())
        harness.press("/")
        harness.type("user")
        harness.assertScreen(named: "collections-filter-\(variant)")
    }

    // MARK: - Request tabs

    @Test(arguments: ScreenVariant.all) func requestHeaders(_ variant: ScreenVariant) throws {
        let harness = try jsonPlaceholder(variant, request: "Posts/Create a post")
        harness.press("alt+2")
        harness.assertScreen(named: "request-headers-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func requestBodyBeingEdited(_ variant: ScreenVariant) throws {
        let harness = try jsonPlaceholder(variant, request: "Posts/Create a post")
        harness.press("alt+3", "enter", "down")
        harness.type("x")
        harness.assertScreen(named: "request-body-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func requestAuth(_ variant: ScreenVariant) throws {
        let harness = try showcase(variant, request: "Chaining/2. Who am I")
        harness.press("alt+4")
        harness.assertScreen(named: "request-auth-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func requestOptions(_ variant: ScreenVariant) throws {
        let harness = try showcase(variant, request: "Failures/Timeout")
        harness.press("alt+5")
        harness.assertScreen(named: "request-options-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func requestChecks(_ variant: ScreenVariant) throws {
        let harness = try showcase(variant, request: "Chaining/1. Log in")
        harness.press("alt+6")
        harness.assertScreen(named: "request-checks-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func requestNotes(_ variant: ScreenVariant) throws {
        let harness = try showcase(variant, request: "Chaining/1. Log in")
        harness.press("alt+7")
        harness.assertScreen(named: "request-notes-\(variant)")
    }

    // MARK: - Response tabs

    private func answered(_ variant: ScreenVariant) throws -> ExplorerHarness {
        let harness = try jsonPlaceholder(variant, request: "Posts/List posts")
        harness.press("F5")
        harness.press("g", "3")
        return harness
    }

    @Test(arguments: ScreenVariant.all) func responseTree(_ variant: ScreenVariant) throws {
        let harness = try answered(variant)
        harness.press("j", "l", "j", "j")
        harness.assertScreen(named: "response-tree-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func responseTreeSearched(_ variant: ScreenVariant) throws {
        let harness = try answered(variant)
        harness.press("/")
        harness.type("dolorem")
        harness.press("enter", "n")
        harness.assertScreen(named: "response-search-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func responseRaw(_ variant: ScreenVariant) throws {
        let harness = try answered(variant)
        harness.press("]")
        harness.assertScreen(named: "response-raw-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func responseHeaders(_ variant: ScreenVariant) throws {
        let harness = try answered(variant)
        harness.press("]", "]")
        harness.assertScreen(named: "response-headers-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func responseTimeline(_ variant: ScreenVariant) throws {
        let harness = try harness(
            variant, [TestCollections.alpha], request: "a-slow", environment: TestCollections.environment)
        harness.press("F5")
        harness.advance(by: .seconds(3))
        harness.press("g", "3", "]", "]", "]")
        harness.assertScreen(named: "response-timeline-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func responseChecks(_ variant: ScreenVariant) throws {
        let harness = try harness(
            variant, [TestCollections.alpha], request: "a-users", environment: TestCollections.environment)
        harness.press("F5")
        harness.press("g", "3", "[", "[")
        harness.assertScreen(named: "response-checks-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func responseHistory(_ variant: ScreenVariant) throws {
        let harness = try answered(variant)
        harness.press("F5")
        harness.press("[")
        harness.assertScreen(
            named: "response-history-\(variant)", scrubbing: [.clockTimes, .historyDurations])
    }

    @Test(arguments: ScreenVariant.all) func responseStaleWhileANewSendIsInFlight(_ variant: ScreenVariant) throws {
        let harness = try harness(
            variant, [TestCollections.alpha], request: "a-slow", environment: TestCollections.environment)
        harness.press("F5")
        harness.advance(by: .seconds(3))
        harness.press("F5")
        harness.advance(by: .milliseconds(1250))
        harness.assertScreen(named: "response-stale-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func errorCard(_ variant: ScreenVariant) throws {
        let harness = try showcase(variant, request: "Failures/DNS failure")
        harness.press("F5")
        harness.assertScreen(named: "error-card-\(variant)", scrubbing: [Self.elapsed])
    }

    @Test(arguments: ScreenVariant.all) func serverErrorBanner(_ variant: ScreenVariant) throws {
        let harness = try showcase(variant, request: "Failures/500: server error")
        harness.press("F5")
        harness.assertScreen(named: "error-banner-\(variant)")
    }

    // MARK: - Dialogs

    @Test(arguments: ScreenVariant.all) func environmentPicker(_ variant: ScreenVariant) throws {
        let harness = try jsonPlaceholder(variant)
        harness.press("F2", "j")
        harness.assertScreen(named: "env-picker-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func environmentEditor(_ variant: ScreenVariant) throws {
        let harness = try jsonPlaceholder(variant)
        harness.press("F2", "e")
        harness.assertScreen(named: "env-editor-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func mockRoutes(_ variant: ScreenVariant) throws {
        let harness = try jsonPlaceholder(variant)
        harness.press("F2", "m", "j")
        harness.assertScreen(named: "env-routes-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func collectionVariablesEditor(_ variant: ScreenVariant) throws {
        let harness = try showcase(variant, request: "Chaining/1. Log in")
        harness.press("F4", "e")
        harness.assertScreen(named: "collection-variables-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func variables(_ variant: ScreenVariant) throws {
        let harness = try showcase(variant, request: "Chaining/1. Log in")
        harness.press("F5", "F4")
        harness.assertScreen(named: "variables-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func palette(_ variant: ScreenVariant) throws {
        let harness = try jsonPlaceholder(variant)
        harness.press("ctrl+p")
        harness.type("tree")
        harness.assertScreen(named: "palette-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func help(_ variant: ScreenVariant) throws {
        let harness = try jsonPlaceholder(variant)
        harness.press("F1")
        harness.assertScreen(named: "help-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func sendBlocked(_ variant: ScreenVariant) throws {
        let harness = try showcase(variant, request: "Failures/A variable nobody defined")
        harness.press("F5")
        harness.assertScreen(named: "send-blocked-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func quitPrompt(_ variant: ScreenVariant) throws {
        let harness = try jsonPlaceholder(variant, request: "Posts/Get a post")
        harness.press("ctrl+l")
        harness.type("/x")
        harness.press("ctrl+q")
        harness.assertScreen(named: "quit-prompt-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func mockRouteExists(_ variant: ScreenVariant) throws {
        let harness = try answered(variant)
        harness.press("M")
        harness.press("enter")
        harness.assertScreen(named: "mock-route-exists-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func recoveredDrafts(_ variant: ScreenVariant) throws {
        let folder = try HarnessFolder()
        do {
            let first = try ExplorerHarness(collections: try Shipped.jsonPlaceholder(), folder: folder)
            first.press("ctrl+l")
            first.type("/x")
            first.advance(by: .seconds(1))
        }
        let harness = try ExplorerHarness(
            folder: folder, size: Size(width: variant.width, height: variant.height), theme: variant.theme)
        harness.assertScreen(named: "recover-drafts-\(variant)")
    }

    // MARK: - Too small

    @Test(arguments: [Theme.defaultDark, Theme.monochrome]) func tooSmall(_ theme: Theme) throws {
        let harness = try ExplorerHarness(
            collections: [TestCollections.alpha], size: Size(width: 59, height: 15), theme: theme)
        harness.assertScreen(named: "too-small-59x15-\(theme.name)")
        harness.resize(width: 1, height: 1)
        harness.assertScreen(named: "too-small-1x1-\(theme.name)")
    }
}
