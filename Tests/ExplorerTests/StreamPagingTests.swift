import Explorer
import ExplorerTesting
import Foundation
import FuturesTesting
import HTTPCore
import TUI
import Testing

/// Paging back past the newest events a Stream view keeps in memory (issue 25): every event of a
/// live stream also goes to a spill file, and moving to older ones reads them back from it.
struct StreamPagingTests {
    private static func events(_ range: Range<Int>) -> [StreamEvent] {
        range.map { index in
            StreamEvent(
                index: index, offset: .milliseconds(index * 7), name: index % 3 == 0 ? nil : "tick",
                id: index % 5 == 0 ? nil : "id-\(index)", data: #"{"n": \#(index), "text": "é ✓ \#(index)"}"#,
                // Some stand for a binary message of their own size (read back with it).
                size: index % 4 == 0 ? index * 1_000 : nil)
        }
    }

    /// A collection whose request `long` answers from a mock environment with `events` (the
    /// route's JSON events, joined by commas), without delays between them.
    static func longStream(_ events: String) -> FixtureFile {
        FixtureFile.text(
            "long.json",
            """
            {
              "formatVersion": 1, "id": "streams-0000-4000-8000-000000000009", "name": "Long",
              "defaultEnvironment": "dev",
              "environments": [{ "name": "dev", "kind": "mock", "baseURL": "http://dev.mock", "routes": [
                { "method": "GET", "path": "/long", "response": { "status": 200, "events": [\(events)] } }
              ] }],
              "requests": [{ "id": "long", "name": "Long", "method": "GET", "url": "/long" }]
            }
            """)
    }

    @Test func theSpillGivesBackAnyRangeOfWhatWasWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spill = StreamSpill(folder: folder.path)
        #expect(spill.read(0..<10).isEmpty)
        var written = 0
        while written < 1000 {
            let batch = Self.events(written..<min(1000, written + 37))
            spill.append(batch)
            written += batch.count
        }
        // The file is unlinked at once: it goes away with the program, even after a crash.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        #expect(spill.read(0..<10) == Self.events(0..<10))
        #expect(spill.read(250..<260) == Self.events(250..<260))
        #expect(spill.read(990..<1005) == Self.events(990..<1000))
        #expect(spill.read(1000..<1010).isEmpty)
        #expect(spill.read(0..<1000) == Self.events(0..<1000))
    }

    @Test func aSpillThatCannotBeMadeGivesNothingBack() {
        let spill = StreamSpill(folder: "/nonexistent/lazer-\(UUID().uuidString)")
        spill.append(Self.events(0..<5))
        #expect(spill.read(0..<5).isEmpty)
    }

    @Test func theLogAsksOnceForTheOlderEventsAroundTheOneShown() throws {
        var log = StreamLog(generation: 1, spilled: true)
        log.append(Self.events(0..<12_000))
        #expect(log.firstIndex == 2_000)
        let rows = StreamRows(log)
        #expect(rows.count == 12_000)
        #expect(rows.index(at: 0) == 0)
        #expect(log.event(at: 5) == nil)
        #expect(log.pageNeeded(around: 5_000, rows: 10) == nil)
        let asked = try #require(log.pageNeeded(around: 5, rows: 10))
        #expect(asked.contains(0) && asked.contains(15))
        log.pageAsked = asked
        #expect(log.pageNeeded(around: 5, rows: 10) == nil)
        log.page(asked, Self.events(asked[0]..<(asked[asked.count - 1] + 1)))
        #expect(log.pageAsked == nil)
        #expect(log.event(at: 5) == Self.events(5..<6).first)
        #expect(log.pageNeeded(around: 5, rows: 10) == nil)
        // Further back than the page read: asked again.
        #expect(log.pageNeeded(around: 1_900, rows: 10) != nil)
        // A past stream from history has no spill file: its rows start at the oldest it kept.
        var past = StreamLog(generation: 1)
        past.append(Self.events(0..<12_000))
        #expect(StreamRows(past).count == 10_000)
        #expect(past.pageNeeded(around: 5, rows: 10) == nil)
    }

    /// `events`, those whose index is a multiple of 1,000 with a `mark`: a filter's rows far apart.
    private static func marked(_ range: Range<Int>) -> [StreamEvent] {
        events(range).map { event in
            guard event.index % 1_000 == 0 else { return event }
            var marked = event
            marked.data = #"{"n": \#(event.index), "mark": true}"#
            return marked
        }
    }

    @Test func aFilteredLogAsksForItsOwnMatchesOnlyAndKeepsThemWhenTheyLeaveMemory() throws {
        var log = StreamLog(generation: 1, spilled: true)
        log.append(Self.marked(0..<6_000))
        log.filter("$.mark")
        #expect(log.filter?.matching == [0, 1_000, 2_000, 3_000, 4_000, 5_000])
        #expect(log.filter?.olderPending == nil)
        log.append(Self.marked(6_000..<13_000))
        // Gone from memory, kept as rows (the spill file has them).
        #expect(log.firstIndex == 3_000)
        #expect(log.filter?.matching.first == 0)
        let asked = try #require(log.pageNeeded(around: 0, rows: 3))
        #expect(asked == [0, 1_000, 2_000])
        log.page(asked, asked.map { Self.marked($0..<($0 + 1))[0] })
        #expect(log.event(at: 1_000)?.index == 1_000)
        #expect(log.event(at: 1_001) == nil)
        #expect(log.pageNeeded(around: 0, rows: 3) == nil)
    }

    @Test func aFilterSetOnALongStreamWaitsForTheSpillFileForTheOlderEvents() {
        var log = StreamLog(generation: 1, spilled: true)
        log.append(Self.marked(0..<12_000))
        log.filter("$.mark")
        #expect(log.filter?.olderPending == 0..<log.firstIndex)
        #expect(log.filter?.matching.first == 2_000)
        // Another path's answer, or another range's, changes nothing.
        log.filterOlder("$.other", 0..<log.firstIndex, [0])
        log.filterOlder("$.mark", 0..<5, [0])
        #expect(log.filter?.matching.first == 2_000)
        log.filterOlder("$.mark", 0..<log.firstIndex, [0, 1_000])
        #expect(log.filter?.matching.prefix(3) == [0, 1_000, 2_000])
        #expect(log.filter?.olderPending == nil)
        #expect(StreamRows(log).count == 12)
    }

    /// In the explorer: 12,000 events from a mock environment, Home goes to the very first one, read
    /// back from the spill file, and its data shows.
    @MainActor @Test func homeShowsTheFirstEventReadBackFromTheSpillFile() throws {
        // No delay between them: the mock plays them in a loop (by recursion, this crashed the explorer).
        let events = (0..<12_000).map { #"{ "event": "tick", "data": { "n": \#($0) } }"# }.joined(separator: ",")
        let collection = Self.longStream(events)
        let harness = try ExplorerHarness(collections: [collection], startup: StartupRequest(request: "long"))
        harness.press("F5")
        harness.advance(by: .seconds(1))
        #expect(harness.shows("12,000 events"))
        #expect(harness.shows("on disk"))
        harness.press("g", "3", "Home")
        harness.settle()
        #expect(harness.state.response.streamSelected == 0)
        #expect(harness.shows("─ event 1 · tick"))
        #expect(harness.shows(#""n": 0"#))
        harness.press("j")
        harness.settle()
        #expect(harness.shows("─ event 2 · tick"))
        #expect(harness.shows(#""n": 1"#))
    }
}

/// `/` and `|` over a stream longer than what the Stream view keeps in memory: the older events are
/// looked through in the spill file, and their matches join the count, Enter, `n`/`N` and the rows.
struct StreamSpillSearchTests {
    /// 12,000 events from a mock environment, "needle" in events 7, 9,000 and 11,500 (only the
    /// newest 10,000 stay in memory).
    /// `2,000`, as the Stream view writes counts.
    private static func grouped(_ number: Int) -> String {
        var text = String(number)
        var index = text.count - 3
        while index > 0 {
            text.insert(",", at: text.index(text.startIndex, offsetBy: index))
            index -= 3
        }
        return text
    }

    @MainActor private static func harness() throws -> ExplorerHarness {
        let events = (0..<12_000).map { index in
            [7, 9_000, 11_500].contains(index)
                ? #"{ "event": "tick", "data": { "needle": \#(index) } }"#
                : #"{ "event": "tick", "data": { "n": \#(index) } }"#
        }.joined(separator: ",")
        // Wide enough for the Stream view's header to hold the search's count.
        let harness = try streaming(events, size: Size(width: 160, height: 40), after: .seconds(1))
        #expect(harness.shows("12,000 events"))
        harness.press("g", "3")
        return harness
    }

    /// The Stream view of `events` (the mock route's JSON events, see `longStream`) at `size`,
    /// `after` the send.
    @MainActor private static func streaming(_ events: String, size: Size, after: Duration) throws -> ExplorerHarness {
        let harness = try ExplorerHarness(
            collections: [StreamPagingTests.longStream(events)], size: size, startup: StartupRequest(request: "long"))
        harness.press("F5")
        harness.advance(by: after)
        return harness
    }

    /// Types `/pattern` Enter and draws the screen, the spill file's scan still waiting on the work queue.
    @MainActor private static func search(_ pattern: String, in harness: ExplorerHarness) {
        harness.press("/")
        harness.type(pattern)
        harness.press("Enter", settle: false)
        harness.main.runAll()
    }

    @MainActor @Test func aMatchOnlyInTheSpillFileIsFoundAndShown() throws {
        let harness = try Self.harness()
        Self.search("needle\":7}", in: harness)
        // Nothing in memory holds it: the spill file is searched, then its match is selected and read back.
        #expect(harness.state.response.streamOlderSearch?.indexes == nil)
        #expect(harness.shows("/needle\":7}: 0+…"))
        harness.settle()
        #expect(harness.state.response.streamSelected == 7)
        #expect(harness.state.response.streamMatchCount == 1)
        #expect(harness.shows("─ event 8 · tick"))
        #expect(harness.shows(#""needle": 7"#))
        #expect(harness.shows("/needle\":7}: 1 (n/N)"))
    }

    @MainActor @Test func stepsGoFromTheEventsInMemoryToTheOlderOnes() throws {
        let harness = try Self.harness()
        Self.search("NEEDLE", in: harness)
        // The newest match in memory is selected at once; the older ones join when the scan answers.
        #expect(harness.state.response.streamSelected == 11_500)
        harness.settle()
        #expect(harness.state.response.streamSelected == 11_500)
        #expect(harness.state.response.streamMatchCount == 3)
        #expect(harness.shows("/NEEDLE: 3 (n/N)"))
        harness.press("N")
        #expect(harness.state.response.streamSelected == 9_000)
        harness.press("N")
        harness.settle()
        #expect(harness.state.response.streamSelected == 7)
        #expect(harness.shows(#""needle": 7"#))
        harness.press("N")
        #expect(harness.state.response.streamSelected == 7)
        #expect(harness.shows("No earlier event holds"))
        harness.press("n")
        #expect(harness.state.response.streamSelected == 9_000)
    }

    /// At 80 columns a long filter path and a long search pattern are cut in the middle (the rate
    /// and size go first) so both counts stay on the header's line.
    @MainActor @Test func aNarrowHeaderKeepsTheFilterAndSearchCounts() throws {
        let deep = #"{"payload": {"deeply": {"nested": {"field": {"with": {"a": {"long": {"name": "%@"}}}}}}}}"#
        let events = (0..<6).map { index in
            let name = index % 2 == 0 ? "needle-with-a-rather-long-pattern-\(index)" : "hay"
            return #"{ "event": "tick", "data": \#(deep.replacingOccurrences(of: "%@", with: name)) }"#
        }.joined(separator: ",")
        let harness = try Self.streaming(events, size: Size(width: 80, height: 24), after: .seconds(1))
        harness.press("g", "3")
        harness.press("|")
        harness.type("$.payload.deeply.nested.field.with.a.long.name")
        harness.press("Enter")
        Self.search("needle-with-a-rather-long-pattern", in: harness)
        harness.settle()
        let row = try #require(harness.row(showing: "6 events"))
        let header = harness.screen.split(separator: "\n", omittingEmptySubsequences: false)[row]
        // Every event has something at the path ("hay" too); three hold the pattern.
        #expect(header.contains("6 shown"), "\(header)")
        #expect(header.contains(": 3 (n/N)"), "\(header)")
        #expect(header.contains("| $.pa") && header.contains("…"), "\(header)")
        #expect(!header.contains(" B · "), "the size gave way first: \(header)")
    }

    @MainActor @Test func aFilterKeepsTheOlderMatchesFromTheSpillFileAndHomeReadsThemBack() throws {
        let harness = try Self.harness()
        harness.press("|")
        harness.type("$.needle")
        harness.press("Enter", settle: false)
        harness.main.runAll()
        // Two matches in memory; the older events are looked through meanwhile.
        #expect(harness.shows("| $.needle: 2+… shown"))
        harness.settle()
        #expect(harness.shows("| $.needle: 3 shown"))
        harness.press("Home")
        harness.settle()
        #expect(harness.state.response.streamSelected == 7)
        #expect(harness.shows("─ event 8 · tick"))
        #expect(harness.shows(#""needle": 7"#))
        harness.press("j")
        #expect(harness.state.response.streamSelected == 9_000)
    }

    /// A search made while every event was in memory, then more arrive and push the match out
    /// while the stream runs: the next step asks the spill file for the events that left memory.
    @MainActor @Test func aStepAfterMatchesLeftMemoryFindsThemOnDisk() throws {
        let events = (0..<12_000).map { index in
            let data = [5, 10_500].contains(index) ? #"{ "needle": \#(index) }"# : #"{ "n": \#(index) }"#
            // A pause before event 10,000; the last one keeps the stream open past the test.
            let delay = index == 10_000 ? 1_000 : index == 11_999 ? 60_000 : 0
            return #"{ "event": "tick", "data": \#(data), "delayMilliseconds": \#(delay) }"#
        }.joined(separator: ",")
        let harness = try Self.streaming(events, size: Size(width: 160, height: 40), after: .milliseconds(500))
        #expect(harness.state.exchanges.values.first?.stream?.total == 10_000)
        harness.press("g", "3")
        Self.search("needle", in: harness)
        harness.settle()
        #expect(harness.state.response.streamSelected == 5)
        #expect(harness.state.response.streamOlderSearch == nil)
        harness.advance(by: .seconds(2))
        #expect(harness.state.exchanges.values.first?.stream?.firstIndex ?? 0 > 5)
        harness.press("n")
        #expect(harness.state.response.streamSelected == 10_500)
        // The step asked for the events now on disk: event 5 is a match again.
        #expect(harness.state.response.streamOlderSearch?.indexes == [5])
        #expect(harness.state.response.streamMatchCount == 2)
        harness.press("N")
        #expect(harness.state.response.streamSelected == 5)
    }

    @MainActor @Test func aPatternNowhereIsReportedOnceTheSpillFileAnswers() throws {
        let harness = try Self.harness()
        Self.search("haystack", in: harness)
        // The events that left memory: how many depends on how the stream's batches came.
        let older = try #require(harness.state.exchanges.values.first?.stream?.firstIndex)
        #expect(older >= 1_000)
        #expect(harness.shows("Looking for \"haystack\" in the \(Self.grouped(older)) older events…"))
        harness.settle()
        #expect(harness.state.response.streamMatchCount == 0)
        #expect(harness.shows("No event holds \"haystack\""))
        #expect(harness.state.response.streamSelected == nil)
    }
}

struct StreamTextMatcherTests {
    @Test func asciiCaseIsFoldedAndOtherTextGoesThroughFoundation() {
        let event = StreamEvent(index: 0, offset: .zero, name: "Tick", id: "ID-7", data: #"{"text": "Café ÉTÉ"}"#)
        #expect(StreamTextMatcher("tICK").matches(event))
        #expect(StreamTextMatcher("id-7").matches(event))
        #expect(StreamTextMatcher("\"TEXT\": \"caf").matches(event))
        #expect(StreamTextMatcher("CAFÉ").matches(event))
        #expect(StreamTextMatcher("été").matches(event))
        #expect(!StreamTextMatcher("tock").matches(event))
        #expect(!StreamTextMatcher("ticks").matches(event))
        #expect(!StreamTextMatcher("ÉTÉS").matches(event))
    }
}
