import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// Issue 33: the Headers tab (and a History entry opened) showed only the response's headers,
/// though history stores the request's. The request as sent — method, final URL, headers, body,
/// secrets masked — is shown above the response's, for a live exchange, one opened from History
/// and one opened from the Runner.
@Suite("Explorer: the request as sent, in the Headers tab")
@MainActor
struct SentRequestTests {
    static let collection = FixtureFile.text(
        "orders.json",
        """
        {
          "formatVersion": 1, "id": "ord-0000-4000-8000-000000000001", "name": "Orders", "defaultEnvironment": "dev",
          "variables": [{ "name": "token", "secret": true }, { "name": "sku", "value": "A-42" }],
          "environments": [{ "name": "dev", "kind": "mock", "baseURL": "http://dev.mock", "routes": [
            { "method": "GET", "path": "/down", "response": { "failure": "connectionRefused" } },
            { "method": "POST", "path": "/orders", "response": { "status": 201, "headers": [{ "name": "X-Order", "value": "17" }],
              "json": { "id": 17 } } }]}],
          "requests": [{
            "id": "create", "name": "Create", "method": "POST", "url": "/orders",
            "query": [{ "name": "dry", "value": "no" }],
            "headers": [{ "name": "X-Trace", "value": "t-1" }],
            "auth": { "type": "bearer", "token": "{{token}}" },
            "body": { "type": "json", "json": { "sku": "{{sku}}", "note": "paid with {{token}}",
                      "more": "a note long enough to pass the right edge of the pane, which is wrapped, not cut: the end" } }
          }, {
            "id": "down", "name": "Down", "method": "GET", "url": "/down",
            "headers": [{ "name": "X-Key", "value": "{{token}}" }]
          }]
        }
        """)

    private func harness(size: Size = ExplorerHarness.standardSize, theme: Theme = .defaultDark) throws
        -> ExplorerHarness
    {
        try ExplorerHarness(
            collections: [Self.collection], size: size, theme: theme, startup: StartupRequest(request: "Create"),
            processEnvironment: ["LAZER_VAR_token": "tok-SECRET-9"])
    }

    /// Moves the response pane to its Headers tab.
    private func showHeaders(_ harness: ExplorerHarness) {
        harness.press("g", "3")
        for _ in 0..<ResponseTab.allCases.count where harness.state.response.tab != .headers { harness.press("]") }
        #expect(harness.state.response.tab == .headers)
    }

    private func expectRequestAsSent(_ harness: ExplorerHarness, sourceLocation: SourceLocation = #_sourceLocation) {
        let screen = harness.screen
        #expect(harness.shows("Request as sent"), "\(screen)", sourceLocation: sourceLocation)
        #expect(harness.shows("POST http://dev.mock/orders?dry=no"), "\(screen)", sourceLocation: sourceLocation)
        #expect(harness.shows("X-Trace"), "\(screen)", sourceLocation: sourceLocation)
        #expect(harness.shows("Authorization ••••••"), "\(screen)", sourceLocation: sourceLocation)
        #expect(harness.shows("{\"sku\":\"A-42\""), "\(screen)", sourceLocation: sourceLocation)
        #expect(harness.shows("paid with ••••••"), "\(screen)", sourceLocation: sourceLocation)
        #expect(harness.shows("Response"), "\(screen)", sourceLocation: sourceLocation)
        #expect(harness.shows("X-Order"), "\(screen)", sourceLocation: sourceLocation)
        // A long body line is wrapped to the pane, not cut at its edge.
        #expect(harness.shows("not cut: the end"), "\(screen)", sourceLocation: sourceLocation)
        #expect(!screen.contains("tok-SECRET-9"), "\(screen)", sourceLocation: sourceLocation)
    }

    @Test("a live exchange shows the request as sent above the response's headers, secrets masked")
    func liveExchange() throws {
        let harness = try harness()
        harness.press("F5")
        showHeaders(harness)
        expectRequestAsSent(harness)
    }

    @Test("an exchange opened from History shows the request history kept")
    func historyEntry() throws {
        let harness = try harness()
        harness.press("F5")
        harness.press("g", "3")
        for _ in 0..<ResponseTab.allCases.count where harness.state.response.tab != .history { harness.press("]") }
        harness.press("enter")
        #expect(harness.state.response.openedHistory != nil)
        showHeaders(harness)
        expectRequestAsSent(harness)
    }

    @Test("an exchange opened from the Runner shows the request it sent")
    func runnerExchange() async throws {
        let harness = try harness()
        harness.press("g", "1", "R")
        #expect(harness.state.runner != nil, "\(harness.screen)")
        try await harness.waitForTheRun()
        harness.press("enter")
        showHeaders(harness)
        expectRequestAsSent(harness)
    }

    @Test("a send without response shows the request it sent in the error card's details (t)")
    func errorCardDetails() throws {
        let harness = try ExplorerHarness(
            collections: [Self.collection], startup: StartupRequest(request: "Down"),
            processEnvironment: ["LAZER_VAR_token": "tok-SECRET-9"])
        harness.press("F5")
        #expect(harness.shows("Connection refused"), "\(harness.screen)")
        #expect(!harness.shows("Request as sent"))
        harness.press("g", "3", "t")
        #expect(harness.shows("Request as sent"), "\(harness.screen)")
        #expect(harness.shows("GET http://dev.mock/down"), "\(harness.screen)")
        #expect(harness.shows("X-Key"), "\(harness.screen)")
        #expect(!harness.screen.contains("tok-SECRET-9"), "\(harness.screen)")
    }

    @Test(arguments: ScreenVariant.all) func snapshot(_ variant: ScreenVariant) throws {
        let harness = try harness(size: Size(width: variant.width, height: variant.height), theme: variant.theme)
        harness.press("F5")
        showHeaders(harness)
        harness.assertScreen(named: "response-sent-request-\(variant)")
    }
}
