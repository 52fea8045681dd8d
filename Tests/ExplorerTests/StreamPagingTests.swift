import Explorer
import ExplorerTesting
import Foundation
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
                id: index % 5 == 0 ? nil : "id-\(index)", data: #"{"n": \#(index), "text": "é ✓ \#(index)"}"#)
        }
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
        let range = try #require(log.pageNeeded(around: 5, rows: 10))
        #expect(range.contains(0) && range.contains(15))
        log.pageAsked = range
        #expect(log.pageNeeded(around: 5, rows: 10) == nil)
        log.page(range, Self.events(range))
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

    /// In the explorer: 12,000 events from a mock environment, Home goes to the very first one, read
    /// back from the spill file, and its data shows.
    @MainActor @Test func homeShowsTheFirstEventReadBackFromTheSpillFile() throws {
        // No delay between them: the mock plays them in a loop (by recursion, this crashed the explorer).
        let events = (0..<12_000).map { #"{ "event": "tick", "data": { "n": \#($0) } }"# }.joined(separator: ",")
        let collection = FixtureFile.text(
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
