import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import TUI
import Testing
import Workspace

/// The joined view (issue 25): `J` names the JSONPath whose text each event adds; the text grows
/// as the stream arrives, word-wrapped, newest lines in view; a selected event shows its own data;
/// the path is kept as the request's `stream.join` (a draft until saved).
@MainActor
struct JoinedStreamViewTests {
    static let collection = FixtureFile.text(
        "answers.json",
        """
        {
          "formatVersion": 1,
          "id": "answers-0000-4000-8000-000000000001",
          "name": "Answers",
          "defaultEnvironment": "dev",
          "environments": [
            {
              "name": "dev", "kind": "mock", "baseURL": "http://dev.mock",
              "routes": [
                { "method": "POST", "path": "/chat", "response": { "status": 200, "events": [
                  { "data": { "choices": [{ "delta": { "content": "The quick " } }] }, "delayMilliseconds": 100 },
                  { "data": { "choices": [{ "delta": { "role": "assistant" } }] }, "delayMilliseconds": 100 },
                  { "data": { "choices": [{ "delta": { "content": "brown fox" } }] }, "delayMilliseconds": 1000 },
                  { "data": { "choices": [{ "delta": { "content": " jumps." } }] }, "delayMilliseconds": 1000 }
                ] } }
              ]
            }
          ],
          "requests": [
            { "id": "chat", "name": "Chat", "method": "POST", "url": "/chat" },
            { "id": "kept", "name": "Kept", "method": "POST", "url": "/chat",
              "stream": { "join": "$.choices[0].delta.content" } }
          ]
        }
        """)

    private func harness(_ request: String) throws -> ExplorerHarness {
        try ExplorerHarness(
            collections: [Self.collection], size: Size(width: 100, height: 32), theme: .defaultDark,
            startup: StartupRequest(request: request))
    }

    @Test func jNamesThePathAndTheTextGrowsAsEventsArrive() throws {
        let harness = try harness("chat")
        harness.press("F5")
        harness.advance(by: .milliseconds(250))
        harness.press("g", "3", "J")
        #expect(harness.shows("Join the text of each event at"))
        harness.type("$.choices[0].delta.content")
        harness.press("enter")
        #expect(harness.shows("─ joined $.choices[0].delta.content · 1 event"))
        #expect(harness.shows("The quick"))
        harness.advance(by: .milliseconds(1000))
        #expect(harness.shows("The quick brown fox"))
        harness.assertScreen(named: "stream-joined-growing-100x32-dark")
        harness.advance(by: .milliseconds(1000))
        #expect(harness.shows("The quick brown fox jumps."))
        #expect(harness.shows("─ joined $.choices[0].delta.content · 3 events"))
        harness.assertScreen(named: "stream-joined-done-100x32-dark")
        // The choice is the request's, as an edit: Ctrl+S would keep it in the file.
        let key = RequestKey(collectionID: "answers-0000-4000-8000-000000000001", requestID: "chat")
        #expect(harness.state.drafts[key]?.stream?.join == "$.choices[0].delta.content")
        // A selected event shows its own data; End goes back to the joined text.
        harness.press("k")
        #expect(harness.shows("─ event 3"))
        #expect(!harness.shows("─ joined"))
        harness.press("end")
        #expect(harness.shows("─ joined"))
        // Empty: no joined view, and no edit left.
        harness.press("J", "ctrl+a", "backspace", "enter")
        #expect(!harness.shows("─ joined"))
        #expect(harness.state.drafts[key] == nil)
    }

    @Test func aSavedPathJoinsFromTheFirstEventAndABadOneIsRefused() throws {
        let harness = try harness("kept")
        harness.press("F5")
        harness.advance(by: .milliseconds(250))
        #expect(harness.shows("─ joined $.choices[0].delta.content · 1 event"))
        #expect(harness.shows("The quick"))
        harness.press("g", "3", "J")
        harness.press("ctrl+a")
        harness.type("$.choices[")
        harness.press("enter")
        #expect(harness.shows("Invalid JSONPath at character"))
        harness.press("esc")
        let key = RequestKey(collectionID: "answers-0000-4000-8000-000000000001", requestID: "kept")
        #expect(harness.state.drafts[key] == nil)
    }

    @Test func onlyTheTailIsWrappedAndItEndsWithTheNewestWords() {
        let text = String(repeating: "lorem ipsum dolor ", count: 100_000) + "the end"
        let rows = JoinedStreamView.tailRows(text, width: 40, height: 5)
        #expect(rows.count == 5)
        #expect(rows.last?.text.hasSuffix("the end") == true)
        #expect(rows.allSatisfy { $0.width <= 40 })
    }
}
