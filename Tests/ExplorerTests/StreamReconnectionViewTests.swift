import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import TUI
import Testing
import Workspace

/// `stream.reconnect` in the explorer: a mock's sequence closes the stream after two events, asks
/// for a 500 ms retry, sends one more event on the next connection and 204 on the third; the
/// Stream view keeps one list (numbered on) and says how often it reconnected, the Timeline too,
/// and the checks read the joined body. All on the harness's virtual time.
@MainActor
struct StreamReconnectionViewTests {
    nonisolated static let variants = [
        ScreenVariant(width: 120, height: 40, theme: .defaultDark),
        ScreenVariant(width: 80, height: 24, theme: .defaultDark),
    ]

    static let collection = FixtureFile.text(
        "feed.json",
        """
        {
          "formatVersion": 1,
          "id": "streams-0000-4000-8000-000000000041",
          "name": "Feed",
          "defaultEnvironment": "dev",
          "environments": [
            {
              "name": "dev", "kind": "mock", "baseURL": "http://dev.mock",
              "routes": [
                { "method": "GET", "path": "/feed", "cycle": true, "sequence": [
                  { "status": 200, "events": [
                    { "id": "1", "data": { "n": 1 }, "retry": 500, "delayMilliseconds": 100 },
                    { "id": "2", "data": { "n": 2 }, "delayMilliseconds": 100 } ] },
                  { "status": 200, "events": [ { "id": "3", "data": { "n": 3 }, "delayMilliseconds": 100 } ] },
                  { "status": 204 }
                ] }
              ]
            }
          ],
          "requests": [
            { "id": "feed", "name": "Feed", "method": "GET", "url": "/feed", "stream": { "reconnect": 5 },
              "expectations": [
                { "subject": "events", "op": "equals", "value": 3 },
                { "subject": "event", "index": -1, "path": "$.n", "op": "equals", "value": 3 }
              ] }
          ]
        }
        """)

    private func harness(_ variant: ScreenVariant) throws -> ExplorerHarness {
        try ExplorerHarness(
            collections: [Self.collection], size: Size(width: variant.width, height: variant.height),
            theme: variant.theme, startup: StartupRequest(request: "feed"))
    }

    @Test(arguments: variants) func theConnectionsAreOneStream(_ variant: ScreenVariant) throws {
        let harness = try harness(variant)
        harness.press("F5")
        harness.advance(by: .milliseconds(250))
        #expect(harness.shows("2 events"))
        #expect(harness.shows("● streaming"))
        // The server closed it: while the 500 ms retry time runs, the send goes on and says so.
        harness.advance(by: .milliseconds(300))
        #expect(harness.shows("● streaming"))
        #expect(harness.shows("2 events · closed · reconnecting after 500 ms"), "\(harness.screen)")
        #expect(!harness.shows("reconnected"))
        harness.advance(by: .milliseconds(300))
        #expect(harness.shows("3 events"), "\(harness.screen)")
        #expect(harness.state.exchange?.stream?.reconnections == 1)
        harness.advance(by: .milliseconds(1500))
        #expect(harness.shows("3 events · closed by the server"), "\(harness.screen)")
        #expect(harness.shows("reconnected 2×"), "\(harness.screen)")
        #expect(harness.shows("#2"))
        #expect(harness.shows("Checks ✓2") || harness.shows("Chk ✓2"), "\(harness.screen)")
        harness.assertScreen(named: "stream-reconnected-\(variant)")
        // The Timeline says so too: the last connection's phases, a line for each earlier one.
        harness.press("g", "3", "]", "]", "]")
        #expect(harness.shows("stream  3 events · reconnected 2×"), "\(harness.screen)")
        #expect(harness.shows("the phases below are the last connection's"), "\(harness.screen)")
        #expect(harness.shows("attempt 1"), "\(harness.screen)")
        #expect(harness.shows("attempt 2"), "\(harness.screen)")
    }

    @Test func aNewSendsStreamReplacesTheHistoryEntryShown() throws {
        let harness = try harness(ScreenVariant(width: 120, height: 40, theme: .defaultDark))
        let key = try #require(harness.state.selection)
        let old = HistoryEntry(
            date: Date(timeIntervalSince1970: 1_700_000_000), requestID: "feed", environment: "dev", method: "GET",
            url: "http://dev.mock/feed", status: 200,
            responseHeaders: [HistoryEntry.Header("Content-Type", "text/event-stream")],
            responseBody: HistoryBody(
                text: "data: {\"old\": true}\n\n", encoding: .utf8, size: 21, truncated: false))
        harness.dispatch(.historyLoaded(key, [old]))
        #expect(harness.shows("from history"))
        #expect(harness.shows(#"{"old": true}"#))
        harness.press("F5")
        harness.advance(by: .milliseconds(150))
        #expect(!harness.shows("from history"), "\(harness.screen)")
        #expect(!harness.shows(#"{"old": true}"#), "\(harness.screen)")
        #expect(harness.shows("1 event · following"), "\(harness.screen)")
    }
}
