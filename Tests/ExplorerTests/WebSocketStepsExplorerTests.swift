import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import TUI
import Testing

/// A WebSocket request's `steps` in the explorer (issue 25), on the in-memory echo peer: Send
/// plays them (a message filled with the environment's variables, a wait for its echo that
/// captures a value), each step is a `✓ step` row as it is decided and a check once the
/// connection ends; the composer's saved messages are filled with what the steps captured; a
/// step that nothing satisfies in time is a `✗ step` row and ends the conversation.
@MainActor
struct WebSocketStepsExplorerTests {
    static let collection = FixtureFile.text(
        "steps.json",
        """
        {
          "formatVersion": 1,
          "id": "steps-0000-4000-8000-000000000001",
          "name": "Steps",
          "defaultEnvironment": "dev",
          "environments": [{ "name": "dev", "kind": "live", "baseURL": "http://ws.test",
            "variables": [{ "name": "room", "value": "blue" }] }],
          "requests": [
            { "id": "chat", "name": "Chat", "url": "/chat", "websocket": {
              "messages": [
                { "name": "join", "json": { "op": "join", "room": "{{room}}", "session": "s-1" } },
                { "name": "again", "json": { "op": "again", "session": "{{session}}" } }
              ],
              "steps": [
                { "send": "join" },
                { "expect": { "path": "$.room", "op": "equals", "value": "blue" },
                  "captures": [{ "variable": "session", "path": "$.session" }] },
                { "send": "again" },
                { "expect": { "path": "$.op", "op": "equals", "value": "again" } }
              ] } },
            { "id": "never", "name": "Never", "url": "/chat", "websocket": {
              "messages": [{ "name": "hi", "text": "hi" }],
              "steps": [{ "send": "hi" }, { "expect": { "op": "equals", "value": "bye" }, "seconds": 0.2 }]
            } }
          ]
        }
        """)

    private func waitUntil(_ harness: ExplorerHarness, _ done: (ExplorerState) -> Bool) async {
        for _ in 0..<6_000 where !done(harness.state) {
            try? await Task.sleep(for: .milliseconds(10))
            harness.settle()
        }
        harness.advance(by: ExplorerProgram.tickInterval)
    }

    @Test func stepsPlayAndTheComposerUsesWhatTheyCaptured() async throws {
        let peer = EchoConnector()
        let harness = try ExplorerHarness(
            collections: [Self.collection], size: Size(width: 120, height: 40), theme: .defaultDark,
            startup: StartupRequest(request: "chat"), webSockets: peer)
        harness.press("F5")
        await waitUntil(harness) { $0.exchange?.stream?.total == 8 }
        let rows = harness.state.exchange?.stream?.events.map { "\($0.name ?? "") \($0.data)" }
        // Each step's row after what it is about: a send's after its message's ↑ row, though the
        // step was decided as the echo before it arrived.
        #expect(
            rows == [
                #"↑ text {"op":"join","room":"blue","session":"s-1"}"#, "✓ step step 1 ↑ join: sent",
                #"↓ text {"op":"join","room":"blue","session":"s-1"}"#, "✓ step step 2 ↓ $.room: blue",
                #"↑ text {"op":"again","session":"s-1"}"#, "✓ step step 3 ↑ again: sent",
                #"↓ text {"op":"again","session":"s-1"}"#, "✓ step step 4 ↓ $.op: again",
            ])
        // The steps are done and the connection stays open for the composer.
        #expect(harness.shows("● streaming"))
        harness.press("alt+s")
        harness.press("Down")
        harness.press("Enter")
        await waitUntil(harness) { $0.exchange?.stream?.total == 10 }
        #expect(harness.state.exchange?.stream?.events.last?.data == #"{"op":"again","session":"s-1"}"#)
        harness.press("Escape")
        await waitUntil(harness) { $0.exchange?.inFlight == nil }
        let checks = harness.state.exchange?.result?.response?.checks.map { "\($0.passed) \($0.label)" }
        #expect(
            checks == ["true step 1 ↑ join", "true step 2 ↓ $.room", "true step 3 ↑ again", "true step 4 ↓ $.op"])
        #expect(harness.shows("Checks ✓4"))
    }

    @Test func aStepNothingSatisfiesEndsTheConversation() async throws {
        let peer = EchoConnector()
        let harness = try ExplorerHarness(
            collections: [Self.collection], size: Size(width: 120, height: 40), theme: .defaultDark,
            startup: StartupRequest(request: "never"), webSockets: peer)
        harness.press("F5")
        await waitUntil(harness) { $0.exchange?.inFlight == nil }
        // The step closed the connection itself (the end of the exchange closes it once more: ignored).
        #expect(peer.closes.first == 1000)
        let failed = harness.state.exchange?.stream?.events.first { $0.name == "✗ step" }
        #expect(
            failed?.data
                == "step 2 ↓ message: expected bye within 0.2 s, actual nothing matched within 0.2 s (1 message passed over)"
        )
        let checks = harness.state.exchange?.result?.response?.checks.map(\.passed)
        #expect(checks == [true, false])
    }
}
