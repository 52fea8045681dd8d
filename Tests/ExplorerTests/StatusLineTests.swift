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
        #expect(status.contains("Drafts not saved, crash recovery is off: the disk is full: /home"))
        #expect(status.contains("…"))
        #expect(status.contains("state.sqlite"))
        #expect(!status.contains(path))
    }

    @Test func aLongMessageWithoutAPathEndsInAnEllipsis() throws {
        var fixture = try ReducerFixture(size: Size(width: 80, height: 24))
        let words = Array(repeating: "word", count: 30).joined(separator: " ")
        fixture.driver.reduce(.notice(words, isError: true))
        let status = try #require(fixture.driver.render().components(separatedBy: "\n").last { !$0.isEmpty })
        #expect(status.contains("word word"))
        #expect(status.contains("…"))
    }
}
