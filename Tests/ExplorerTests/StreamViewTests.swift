import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import TUI
import Testing

/// A streamed response in the explorer: events appear as they arrive (the mock streams them on
/// the harness's virtual time), the list follows the newest unless one is selected, the selected
/// event's data is shown as JSON, Esc stops the stream and keeps what came, at 120×40 and 80×24.
@MainActor
struct StreamViewTests {
    nonisolated static let variants = [
        ScreenVariant(width: 120, height: 40, theme: .defaultDark),
        ScreenVariant(width: 80, height: 24, theme: .defaultDark),
    ]

    static let collection = FixtureFile.text(
        "streams.json",
        """
        {
          "formatVersion": 1,
          "id": "streams-0000-4000-8000-000000000001",
          "name": "Streams",
          "defaultEnvironment": "dev",
          "environments": [
            {
              "name": "dev", "kind": "mock", "baseURL": "http://dev.mock",
              "routes": [
                { "method": "GET", "path": "/ticks", "response": { "status": 200, "events": [
                  { "event": "tick", "id": "1", "data": { "n": 1, "text": "first" }, "delayMilliseconds": 100 },
                  { "event": "tick", "id": "2", "data": { "n": 2, "text": "second" }, "delayMilliseconds": 1000 },
                  { "event": "done", "id": "3", "data": "bye\\u001b[31m", "delayMilliseconds": 1000 }
                ] } }
              ]
            }
          ],
          "requests": [
            { "id": "ticks", "name": "Ticks", "method": "GET", "url": "/ticks" }
          ]
        }
        """)

    private func harness(_ variant: ScreenVariant) throws -> ExplorerHarness {
        try ExplorerHarness(
            collections: [Self.collection], size: Size(width: variant.width, height: variant.height),
            theme: variant.theme, startup: StartupRequest(request: "ticks"))
    }

    @Test(arguments: variants) func eventsAppearOneByOneThenTheServerCloses(_ variant: ScreenVariant) throws {
        let harness = try harness(variant)
        harness.press("F5")
        harness.advance(by: .milliseconds(150))
        #expect(harness.shows("1 event"))
        #expect(harness.shows("● streaming"))
        #expect(!harness.shows("second"))
        harness.advance(by: .milliseconds(1000))
        #expect(harness.shows("2 events"))
        #expect(harness.shows("following · Esc stops"))
        harness.assertScreen(named: "stream-live-\(variant)")
        harness.advance(by: .milliseconds(1000))
        #expect(harness.shows("3 events"))
        #expect(harness.shows("closed by the server"))
        #expect(harness.shows("Stream 3") || harness.shows("Strm 3"))
        // The escape sequence in the last event's data is shown, not obeyed.
        #expect(!harness.screen.contains("\u{1B}"))
        harness.assertScreen(named: "stream-closed-\(variant)")
        // The Timeline tab says how the stream went.
        harness.press("g", "3", "]", "]", "]")
        #expect(harness.shows("stream  3 events · first +0.100s · last +2.100s"))
    }

    /// A stream's body is read back once it ended only so far (16 MiB in the app: an hour-long
    /// stream is not read whole into memory) — unless a check reads the events.
    @Test func aLongStreamsBodyIsReadBackOnlySoFarUnlessACheckReadsIt() throws {
        let harness = try ExplorerHarness(
            collections: [Self.collection], startup: StartupRequest(request: "ticks"), streamBodyLimit: 40)
        harness.press("F5")
        harness.advance(by: .milliseconds(2200))
        #expect(harness.shows("closed by the server"))
        let size = try #require(harness.state.exchange?.result?.response?.size)
        #expect(size > 40)
        #expect(harness.state.exchange?.result?.response?.content.bytes.count == 40)
        harness.press("g", "3", "]")
        #expect(harness.shows("The first 40 B of \(ByteCount.format(size)) are shown."))
        harness.press("s")
        #expect(harness.shows("Save the first 40 B of the body (\(ByteCount.format(size))) to"))

        let checked = FixtureFile.text(
            "streams.json",
            String(decoding: Self.collection.bytes, as: UTF8.self).replacingOccurrences(
                of: #""url": "/ticks" }"#,
                with: #""url": "/ticks", "expectations": [{ "subject": "events", "op": "equals", "value": 3 }] }"#))
        let reading = try ExplorerHarness(
            collections: [checked], startup: StartupRequest(request: "ticks"), streamBodyLimit: 40)
        reading.press("F5")
        reading.advance(by: .milliseconds(2200))
        let whole = try #require(reading.state.exchange?.result?.response)
        #expect(whole.content.bytes.count == Int(whole.size))
        #expect(whole.checks.map(\.passed) == [true])
        reading.press("g", "3", "]")
        #expect(!reading.shows("are shown."))
    }

    @Test func movingUpSelectsAnEventAndStopsFollowingEndFollowsAgain() throws {
        let harness = try harness(Self.variants[0])
        harness.press("F5")
        harness.advance(by: .milliseconds(1150))
        harness.press("g", "3")
        harness.press("k")
        #expect(harness.state.response.streamSelected == 0)
        #expect(harness.shows("paused · End follows"))
        #expect(harness.shows("\"text\": \"first\""))
        harness.advance(by: .milliseconds(1000))
        // A new event does not move the selection.
        #expect(harness.state.response.streamSelected == 0)
        harness.press("end")
        #expect(harness.state.response.streamSelected == nil)
        #expect(harness.shows("bye"))
    }

    @Test func slashFindsEventsByTheirDataNameOrIdWhileTheStreamRuns() throws {
        let harness = try harness(Self.variants[0])
        harness.press("F5")
        harness.advance(by: .milliseconds(1150))
        harness.press("g", "3", "/")
        #expect(harness.shows("/ search the events' data, names and ids"))
        harness.type("FIRST")
        harness.press("enter")
        // Case does not matter; the newest match at or before the newest event is selected.
        #expect(harness.state.response.streamSelected == 0)
        #expect(harness.shows("1 event holds \"FIRST\" (n later, N earlier)"))
        #expect(harness.shows("/FIRST: 1 (n/N)"))
        #expect(harness.shows("paused · End follows"))
        // An event name is searched too, and later events count when n steps.
        harness.press("/")
        harness.press("ctrl+a")
        harness.type("tick")
        harness.press("enter")
        #expect(harness.state.response.streamSelected == 0)
        #expect(harness.shows("/tick: 2 (n/N)"))
        harness.press("n")
        #expect(harness.state.response.streamSelected == 1)
        harness.press("n")
        #expect(harness.state.response.streamSelected == 1)
        #expect(harness.shows("No later event holds \"tick\""))
        harness.press("N")
        #expect(harness.state.response.streamSelected == 0)
        // An event that arrived after the search ran is found by the next one.
        harness.advance(by: .milliseconds(1000))
        harness.press("/")
        harness.press("ctrl+a")
        harness.type("3")
        harness.press("enter")
        #expect(harness.state.response.streamSelected == 2)
        #expect(harness.shows("bye"))
        harness.press("/")
        harness.press("ctrl+a")
        harness.type("nowhere")
        harness.press("enter")
        #expect(harness.shows("No event holds \"nowhere\""))
        #expect(harness.state.response.streamSelected == 2)
        // Once the stream ends the view goes on showing its events, and the pattern stays with them.
        harness.press("/")
        harness.press("ctrl+a")
        harness.type("tick")
        harness.press("enter")
        harness.advance(by: .seconds(10))
        #expect(harness.state.exchanges.values.first?.stream?.end != nil)
        #expect(harness.state.response.search.lastPattern == "tick")
        harness.press("G")
        harness.press("N")
        #expect(harness.state.response.streamSelected == 1)
    }

    @Test func aJSONPathFilterKeepsTheEventsItSelectsSomethingIn() throws {
        let harness = try harness(Self.variants[0])
        harness.press("F5")
        harness.advance(by: .milliseconds(1150))
        harness.press("g", "3", "|")
        #expect(harness.shows("| JSONPath: keep the events it selects something in"))
        // A filter at the top tests each event itself.
        harness.type("$[?@.n > 1]")
        harness.press("enter")
        #expect(harness.shows("| $[?@.n > 1]: 1 shown"))
        #expect(!harness.shows("\"first\""))
        #expect(harness.shows("\"text\": \"second\""))
        // Events that arrive are filtered too: the third is no JSON, so it is not kept.
        harness.advance(by: .milliseconds(1000))
        #expect(harness.shows("3 events"))
        #expect(harness.shows("| $[?@.n > 1]: 1 shown"))
        // A name path keeps those that have it; moving goes from kept event to kept event.
        harness.press("|", "ctrl+a")
        harness.type("$.text")
        harness.press("enter")
        #expect(harness.shows("| $.text: 2 shown"))
        harness.press("k")
        #expect(harness.state.response.streamSelected == 0)
        harness.press("j")
        #expect(harness.state.response.streamSelected == 1)
        harness.press("j")
        #expect(harness.state.response.streamSelected == 1)
        // An invalid path says where; an empty one shows every event again.
        harness.press("|", "ctrl+a")
        harness.type("$.text[")
        harness.press("enter")
        #expect(harness.shows("| ✖ invalid JSONPath at character"))
        harness.press("|", "ctrl+a", "backspace", "enter")
        #expect(!harness.shows("| $.text: 2 shown"))
        #expect(harness.state.response.streamFilter == nil)
        #expect(harness.shows("bye"))
    }

    @Test func enterOpensTheSelectedEventAsATreeAndEscReturnsToTheLiveStream() throws {
        let harness = try harness(Self.variants[0])
        harness.press("F5")
        harness.advance(by: .milliseconds(1150))
        harness.press("g", "3", "k", "enter")
        #expect(harness.state.response.openedStreamEvent == 0)
        #expect(harness.shows("─ event 1 as a tree · Esc returns to the stream"))
        #expect(harness.shows("▾ { 2 keys"))
        #expect(harness.shows("text: \"first\""))
        // The tree's keys work on it: folding, searching.
        harness.press("enter")
        #expect(harness.shows("▸ {…} 2 keys"))
        harness.press("enter", "/")
        harness.type("first")
        harness.press("enter")
        #expect(harness.shows("1 match (n/N)"))
        // The stream goes on meanwhile; Esc returns to it (it does not stop it).
        harness.advance(by: .milliseconds(1000))
        harness.press("esc")
        #expect(harness.state.response.openedStreamEvent == nil)
        #expect(harness.shows("3 events"))
        #expect(!harness.shows("─ event 1 as a tree"))
        // An event that is not JSON says so and stays in the list.
        harness.press("end", "enter")
        #expect(harness.shows("Event 3 is not JSON: its text is below the list"))
        #expect(harness.state.response.openedStreamEvent == nil)
    }

    @Test func aPastStreamOpenedFromHistoryShowsItsEvents() throws {
        let harness = try harness(Self.variants[0])
        harness.press("F5")
        harness.advance(by: .milliseconds(2200))
        #expect(harness.shows("closed by the server"))
        harness.press("g", "3", "[")
        #expect(harness.shows("History 1"))
        harness.press("enter")
        #expect(harness.state.response.openedHistory != nil)
        #expect(harness.shows("A past exchange"))
        #expect(harness.shows("3 events"))
        #expect(harness.shows(#"tick  #2  {"n":2,"text":"second"}"#))
        // The view's keys work on it: a filter, an event as a tree.
        harness.press("|")
        harness.type("$.text")
        harness.press("enter")
        #expect(harness.shows("| $.text: 2 shown"))
        harness.press("enter")
        #expect(harness.shows("─ event 2 as a tree"))
        harness.press("esc")
        #expect(harness.shows("| $.text: 2 shown"))
    }

    @Test func escStopsTheStreamAndKeepsWhatCame() throws {
        let harness = try harness(Self.variants[0])
        harness.press("F5")
        harness.advance(by: .milliseconds(1150))
        harness.press("esc")
        #expect(harness.shows("stopping"))
        harness.advance(by: .milliseconds(1000))
        let key = try #require(harness.state.selection)
        let exchange = try #require(harness.state.exchanges[key])
        #expect(exchange.inFlight == nil)
        #expect(exchange.stream?.end == .stopped)
        #expect(exchange.stream?.total == 2)
        #expect(exchange.result?.response?.status == 200)
        #expect(harness.shows("stopped"))
        // The status line says it stopped, not "Stopping…" any more.
        #expect(harness.shows("Stream stopped: 2 events kept"))
        #expect(!harness.shows("Stopping the stream"))
    }

    /// A stream the request's own `stream` limits ended says so: it read "closed by the server",
    /// which sent a user looking for a server fault.
    @Test("a stream ended by stream.maxEvents or stream.seconds says which, not 'closed by the server'")
    func limitsSayTheyEndedIt() throws {
        let collection = FixtureFile.text(
            "limits.json",
            """
            {"formatVersion": 1, "id": "limits-0000-4000-8000-000000000001", "name": "Limits",
             "defaultEnvironment": "dev",
             "environments": [{"name": "dev", "kind": "mock", "baseURL": "http://dev.mock", "routes": [
               {"method": "GET", "path": "/forever", "response": {"status": 200, "repeat": "forever", "events": [
                 {"event": "tick", "data": "t", "delayMilliseconds": 100}]}}]}],
             "requests": [
               {"id": "five", "name": "Five", "method": "GET", "url": "/forever", "stream": {"maxEvents": 5}},
               {"id": "timed", "name": "Timed", "method": "GET", "url": "/forever", "stream": {"seconds": 1}}]}
            """)
        let five = try ExplorerHarness(collections: [collection], startup: StartupRequest(request: "five"))
        five.press("F5")
        five.advance(by: .milliseconds(2000))
        #expect(five.shows("5 events · ended at stream.maxEvents"), "\(five.screen)")
        // The status line's total is the time the events took (it said 0 ms for a mock stream).
        #expect(five.shows("200 OK  · 500 ms"), "\(five.screen)")
        #expect(!five.shows("closed by the server"))
        let timed = try ExplorerHarness(collections: [collection], startup: StartupRequest(request: "timed"))
        timed.press("F5")
        timed.advance(by: .milliseconds(3000))
        #expect(timed.shows("ended at stream.seconds"), "\(timed.screen)")
        #expect(!timed.shows("closed by the server"))
    }

    @Test("a closed SSE stream was closed by the server; a WebSocket's close row says who closed it")
    func endDescriptions() {
        var sse = StreamLog(generation: 1)
        sse.append([StreamEvent(index: 0, name: "tick", data: "1")])
        #expect(sse.endDescription == nil)
        sse.end = .closed
        #expect(sse.endDescription == "closed by the server")
        var socket = StreamLog(generation: 1)
        socket.append([
            StreamEvent(index: 0, name: "↓ text", data: "hi"),
            StreamEvent(index: 1, name: "close", data: "this client closed the connection (1000)"),
        ])
        socket.end = .closed
        #expect(socket.endDescription == "closed")
        socket.end = .failed
        #expect(socket.endDescription == "ended by an error")
    }
}
