import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import TUI
import Testing

/// A GraphQL subscription in the explorer (issue 28): Send opens a `graphql-transport-ws`
/// conversation in the Stream view like a WebSocket request (here with a mock environment whose
/// route plays the server's side in process): the protocol's messages by their type, each `next`'s
/// payload as a message shown as JSON; Esc sends `complete` and closes; a server's `error` fails
/// the exchange with the server's words, its `complete` ends it normally.
@MainActor
struct GraphQLSubscriptionExplorerTests {
    nonisolated static let variants = [
        ScreenVariant(width: 120, height: 40, theme: .defaultDark),
        ScreenVariant(width: 80, height: 24, theme: .defaultDark),
    ]

    /// The mock route's script answers the subscription `subscribe` carries (`Ticks`, `Broken`).
    static func collection(subscribe replies: String) -> FixtureFile {
        .text(
            "subscriptions.json",
            """
            {
              "formatVersion": 1,
              "id": "gqlsub-0000-4000-8000-000000000001",
              "name": "Subscriptions",
              "defaultEnvironment": "mock",
              "environments": [{ "name": "mock", "kind": "mock", "baseURL": "http://mock.test", "routes": [
                { "method": "GET", "path": "/graphql", "response": { "websocket": { "replies": [
                  { "match": { "type": "connection_init" }, "json": { "type": "connection_ack" } },
                  \(replies)
                ] } } }
              ] }],
              "requests": [
                { "id": "ticks", "name": "Ticks", "method": "POST", "url": "/graphql", "body": { "type": "graphql",
                  "query": "subscription Ticks($n: Int!) { ticks(count: $n) }", "variables": { "n": 2 } } }
              ]
            }
            """)
    }

    private func waitUntil(_ harness: ExplorerHarness, _ done: (ExplorerState) -> Bool) async {
        for _ in 0..<6_000 where !done(harness.state) {
            try? await Task.sleep(for: .milliseconds(10))
            harness.settle()
        }
        harness.advance(by: ExplorerProgram.tickInterval)
    }

    @Test(arguments: variants)
    func sendStreamsTheResponsesAndEscCompletesTheSubscription(_ variant: ScreenVariant) async throws {
        let replies = """
            { "match": { "type": "subscribe" }, "messages": [
              { "json": { "id": "1", "type": "next", "payload": { "data": { "ticks": 1 } } } },
              { "json": { "id": "1", "type": "next", "payload": { "data": { "ticks": 2 } } } }
            ] }
            """
        let harness = try ExplorerHarness(
            collections: [Self.collection(subscribe: replies)],
            size: Size(width: variant.width, height: variant.height),
            theme: variant.theme, startup: StartupRequest(request: "ticks"))
        harness.press("F5")
        await waitUntil(harness) { $0.exchange?.stream?.total == 5 }
        // At 24 rows the list follows the newest: the first row has scrolled away.
        if variant.height >= 40 { #expect(harness.shows("↑ connection_init")) }
        #expect(harness.shows("↓ connection_ack"))
        #expect(harness.shows("↑ subscribe"))
        #expect(harness.shows(#"↓ next  {"data":{"ticks":2}}"#))
        #expect(harness.shows("● streaming"))
        harness.assertScreen(named: "graphql-subscription-live-\(variant)")
        harness.press("Escape")
        await waitUntil(harness) { $0.exchange?.inFlight == nil }
        #expect(harness.shows("↑ complete"))
        #expect(harness.shows("101 Switching Protocols"))
    }

    @Test func theServersErrorFailsTheExchangeInItsWords() async throws {
        let replies = """
            { "match": { "type": "subscribe" }, "json": { "id": "1", "type": "error",
              "payload": [{ "message": "Cannot query field \\"tick\\" on type \\"Subscription\\"." }] } }
            """
        let harness = try ExplorerHarness(
            collections: [Self.collection(subscribe: replies)], size: Size(width: 120, height: 40),
            theme: .defaultDark, startup: StartupRequest(request: "ticks"))
        harness.press("F5")
        await waitUntil(harness) { $0.exchange?.inFlight == nil }
        #expect(harness.state.exchange?.stream?.total == 5)
        // The failure card says it in the server's words.
        #expect(harness.shows("✖ Refused by the server"))
        #expect(harness.shows(#"the server refused the subscription: Cannot query"#))
        // The conversation that came stays under the card's head (the error message in it).
        #expect(harness.shows("↓ error"), "\(harness.screen)")
        harness.assertScreen(named: "graphql-subscription-error-120x40-dark")
        // The whole card (`t`): its Timeline shows the upgrade as it went, a GET whatever method
        // the request saves.
        harness.press("t")
        #expect(harness.shows("GET ws://mock.test/graphql"), "\(harness.screen)")
    }

    @Test func theServersCompleteEndsItNormally() async throws {
        let replies = """
            { "match": { "type": "subscribe" }, "messages": [
              { "json": { "id": "1", "type": "next", "payload": { "data": { "ticks": 1 } } } },
              { "json": { "id": "1", "type": "complete" } }
            ] }
            """
        let harness = try ExplorerHarness(
            collections: [Self.collection(subscribe: replies)], size: Size(width: 120, height: 40),
            theme: .defaultDark, startup: StartupRequest(request: "ticks"))
        harness.press("F5")
        await waitUntil(harness) { $0.exchange?.inFlight == nil }
        #expect(harness.shows("↓ complete"))
        #expect(harness.shows("101 Switching Protocols"))
        #expect(!harness.shows("↑ complete"))
    }
}
