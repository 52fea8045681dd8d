import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import TUI
import Testing
import Workspace

/// A custom method (`PURGE`) in the explorer: shown in the neutral `method.custom` colour, sent as
/// written through the mock dispatcher, and left behind by the method key, which cycles through the
/// standard methods.
@MainActor
struct CustomMethodProgramTests {
    static let cacheID = "cache-0000-4000-8000-000000000001"
    static let cache = FixtureFile.text(
        "cache.json",
        """
        {
          "formatVersion": 1,
          "id": "\(cacheID)",
          "name": "Cache",
          "defaultEnvironment": "mock",
          "environments": [
            {
              "name": "mock",
              "kind": "mock",
              "baseURL": "http://cache.mock",
              "routes": [
                { "method": "PURGE", "path": "/cache/:key", "response": { "status": 202, "text": "purged" } }
              ]
            }
          ],
          "requests": [
            { "id": "purge", "name": "Purge a key", "method": "PURGE", "url": "/cache/home" },
            { "id": "long", "name": "A long method", "method": "INVALIDATE-EVERY-CACHED-COPY", "url": "/cache/all" }
          ]
        }
        """)

    @Test func aCustomMethodIsShownNeutralAndSentAsWritten() throws {
        let harness = try ExplorerHarness(collections: [Self.cache], startup: StartupRequest(request: "purge"))
        // The request pane's method badge, left of the URL.
        let badge = try #require(harness.position(of: "PURGE /cache/home"))
        let theme = harness.state.theme
        #expect(harness.style(at: badge).foreground == theme[.methodCustom].foreground)
        #expect(harness.style(at: badge).modifiers.contains(.bold))
        #expect(theme[.methodCustom].foreground != theme[.methodGet].foreground)

        harness.press("F5")
        #expect(harness.shows("202"))
        let recorded = try harness.mock("mock", of: Self.cacheID).recordedRequests
        #expect(recorded.map(\.request.method.rawValue) == ["PURGE"])

        // The method key moves on to the standard methods (GET first).
        harness.press("alt+m")
        let key = try #require(harness.state.selection)
        #expect(harness.state.drafts[key]?.method == .get)
    }

    @Test func aLongCustomMethodIsCutAndLeavesTheURLItsRoom() throws {
        let harness = try ExplorerHarness(
            collections: [Self.cache], size: Size(width: 80, height: 24), startup: StartupRequest(request: "long"))
        // The request pane: the method cut with … where it would push the URL out.
        #expect(harness.shows("INVALIDATE-E… /cache/all"))
        #expect(!harness.shows("INVALIDATE-EVERY"))
        // The collections pane: five columns like the standard ones, so the names line up.
        let purge = try #require(harness.position(of: "Purge a key"))
        let long = try #require(harness.position(of: "A long meth…"))
        #expect(harness.position(of: "INVA… A long meth") != nil)
        #expect(purge.x == long.x)
    }
}
