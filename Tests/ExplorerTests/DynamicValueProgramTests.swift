import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import TUI
import Testing
import Workspace

/// Dynamic values with arguments in the explorer: the preview shows still samples and checks the
/// arguments; a send computes the values (the harness's clock is 2026-01-01T00:00:00Z, its random
/// numbers 7 where the range allows) and a bad argument stops the send with its problem.
@MainActor
struct DynamicValueProgramTests {
    static let id = "dyn-0000-4000-8000-000000000001"
    static let collection = FixtureFile.text(
        "dynamic.json",
        """
        {
          "formatVersion": 1,
          "id": "\(id)",
          "name": "Dynamic",
          "defaultEnvironment": "mock",
          "environments": [
            {
              "name": "mock",
              "kind": "mock",
              "baseURL": "http://dynamic.mock",
              "routes": [
                { "method": "GET", "path": "/items/:n", "response": { "status": 200, "text": "ok" } }
              ]
            }
          ],
          "requests": [
            {
              "id": "good", "name": "Good", "method": "GET", "url": "/items/{{$randomInt 3 9}}",
              "headers": [
                { "name": "X-Day", "value": "{{$date \\"DD MMM YYYY\\" -1 d}}" },
                { "name": "X-Key", "value": "{{$processEnv LAZER_TEST_KEY}}" }
              ]
            },
            { "id": "bad", "name": "Bad", "method": "GET", "url": "/items/{{$randomInt 9 1}}" }
          ]
        }
        """)

    @Test func aSendComputesTheValuesThePreviewShowsStill() throws {
        let harness = try ExplorerHarness(
            collections: [Self.collection], startup: StartupRequest(request: "good"),
            processEnvironment: ["LAZER_TEST_KEY": "k-secret-999"])
        // The preview: the range's lowest number, no problem.
        #expect(harness.shows("→ http://dynamic.mock/items/3"))
        #expect(RequestPreview.of(harness.state)?.problems == [])

        harness.press("F5")
        #expect(harness.shows("200"))
        let recorded = try harness.mock("mock", of: Self.id).recordedRequests
        #expect(recorded.map(\.path) == ["/items/7"])
        #expect(recorded.first?.request.headers["X-Day"] == "31 Dec 2025")
        #expect(recorded.first?.request.headers["X-Key"] == "k-secret-999")
        // The process environment's value is a secret: never on screen.
        #expect(!harness.screen.contains("k-secret-999"))
    }

    @Test func aBadArgumentIsShownAndNothingIsSent() throws {
        let harness = try ExplorerHarness(collections: [Self.collection], startup: StartupRequest(request: "bad"))
        #expect(
            RequestPreview.of(harness.state)?.problems.map(\.description) == [
                "url: {{$randomInt 9 1}}: MIN (9) must be less than MAX (1), which is excluded"
            ])
        harness.press("F5")
        #expect(try harness.mock("mock", of: Self.id).recordedRequests.isEmpty)
        #expect(harness.shows("{{$randomInt 9 1}}"))
    }
}
