import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing

/// A status-line message too long for the line: cut in its path, never in its cause (a state
/// write's error read "…Permission d…", "…No sp…", "could not lock /tmp/i…").
struct StatusLineTests {
    @Test func aLongErrorIsCutInItsPathAndKeepsItsCause() throws {
        var fixture = try ReducerFixture(size: Size(width: 80, height: 24))
        let path = "/home/someone/.local/state/lazer/with/a/very/long/folder/name/state.sqlite"
        fixture.driver.reduce(
            .notice("Drafts not saved, crash recovery is off: the disk is full: \(path)", isError: true))
        let status = try #require(fixture.driver.render().components(separatedBy: "\n").last { !$0.isEmpty })
        #expect(status.contains("Drafts not saved, crash recovery is off: the disk is full: /"))
        #expect(status.contains("…"))
        #expect(!status.contains(path))
        // The key that shows it whole (see below) takes its place at the end.
        #expect(status.contains("F9 more"))
    }

    @Test func aLongMessageWithoutAPathEndsInAnEllipsis() throws {
        var fixture = try ReducerFixture(size: Size(width: 80, height: 24))
        let words = Array(repeating: "word", count: 30).joined(separator: " ")
        fixture.driver.reduce(.notice(words, isError: true))
        let status = try #require(fixture.driver.render().components(separatedBy: "\n").last { !$0.isEmpty })
        #expect(status.contains("word word"))
        #expect(status.contains("…"))
    }

    /// The status line has one line; the whole text of a failed write (its cause and its file)
    /// is one key away: the cut notice names the key, which opens the Problems overlay with it.
    @Test func theWholeTextOfACutErrorIsOneKeyAway() throws {
        var fixture = try ReducerFixture(size: Size(width: 80, height: 24))
        let path = "/home/someone/.local/state/lazer/with/a/long/name/state.sqlite"
        fixture.driver.reduce(.notice("History not saved: database or disk is full: \(path)", isError: true))
        let status = try #require(fixture.driver.render().components(separatedBy: "\n").last { !$0.isEmpty })
        #expect(!status.contains(path))
        #expect(status.contains("History not saved: database or disk is full: /home"))
        #expect(status.contains("F9 more"))
        fixture.driver.press("F9")
        let screen = fixture.driver.render()
        #expect(screen.contains("Collection problems and recent messages"))
        // Wrapped in the box (the cause, then the file on a line of its own), nothing cut.
        #expect(screen.contains("History not saved: database or disk is full:"))
        #expect(screen.contains(path))
    }

    @Test func aShortNoticeNamesNoKeyAndKeepsItsLine() throws {
        var fixture = try ReducerFixture(size: Size(width: 80, height: 24))
        fixture.driver.reduce(.notice("Could not save: disk full", isError: true))
        let status = try #require(fixture.driver.render().components(separatedBy: "\n").last { !$0.isEmpty })
        #expect(status.contains("Could not save: disk full"))
        #expect(!status.contains("F9"))
        // It is still listed whole with the recent messages.
        #expect(fixture.driver.state.messages == ["Could not save: disk full"])
    }
}
