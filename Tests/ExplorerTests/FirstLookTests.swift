import Explorer
import ExplorerTesting
import Foundation
import FuturesTesting
import Testing
import Workspace

/// A big collection file is shown by its first folders and requests while the rest is read
/// (issue 31, goal 4): the rows are there at once, the whole file replaces them, and nothing
/// made from the first look is written over the file.
@MainActor
struct FirstLookTests {
    /// 50 requests at the top and 30 in a folder; the harness shows files this big (any size) by
    /// their first 10 folders and requests of each list.
    private static let file: FixtureFile = {
        func request(_ id: String) -> String {
            #"{"id": "\#(id)", "name": "\#(id.uppercased())", "method": "GET", "url": "/items/\#(id)"}"#
        }
        let top = (0..<50).map { request("r\($0)") }.joined(separator: ",\n    ")
        let inFolder = (0..<30).map { request("f\($0)") }.joined(separator: ",\n        ")
        return FixtureFile.text(
            "big.json",
            """
            {
              "formatVersion": 1, "id": "big", "name": "Big", "defaultEnvironment": "live",
              "environments": [{"name": "live", "kind": "live", "baseURL": "http://127.0.0.1:9"}],
              "folders": [{"name": "Folder", "requests": [
                    \(inFolder)]}],
              "requests": [
                \(top)]
            }
            """)
    }()

    /// Starts a harness and runs the load until the first look is in the state (the whole file
    /// waits behind it on the main queue).
    private func firstLook() throws -> ExplorerHarness {
        let harness = try ExplorerHarness(collections: [Self.file], start: false, firstLook: (bytes: 1, limit: 10))
        harness.program.start(paths: [harness.folder.collections])
        #expect(harness.work.runNext())
        for _ in 0..<20 where harness.state.workspace.collections.first?.isPartial != true {
            _ = harness.main.runNext()
        }
        try #require(harness.state.workspace.collections.first?.isPartial == true)
        _ = harness.program.drawNow()
        return harness
    }

    private func requestRows(_ harness: ExplorerHarness) -> [String] {
        harness.state.navigator.rows.compactMap { $0.requestKey?.requestID }
    }

    @Test func theFirstRequestsShowWhileTheRestIsReadThenAll() throws {
        let harness = try firstLook()
        #expect(requestRows(harness) == (0..<10).map { "r\($0)" })
        #expect(harness.shows("Big · reading…"))
        harness.settle()
        #expect(harness.state.workspace.collections.first?.isPartial == false)
        #expect(requestRows(harness) == (0..<50).map { "r\($0)" })
        // The folder (second row) opened: all of its thirty.
        harness.press("home", "j", "enter")
        #expect(requestRows(harness).filter { $0.hasPrefix("f") } == (0..<30).map { "f\($0)" })
        #expect(!harness.shows("reading…"))
    }

    @Test func whatWouldWriteTheFirstLookIsRefusedAndTheFileIsKept() throws {
        let harness = try firstLook()
        let before = try harness.folder.read("big.json")
        // r0, then D (duplicate it): saving would write ten requests over eighty.
        harness.press("j", "j", settle: false)
        #expect(harness.state.navigator.selectedRow?.requestKey?.requestID == "r0")
        let rows = harness.state.navigator.rows
        harness.press("D", settle: false)
        #expect(harness.state.navigator.rows == rows)
        #expect(harness.state.toast?.message.contains("big.json is still being read") == true)
        harness.settle()
        #expect(try harness.folder.read("big.json") == before)
        #expect(requestRows(harness).count == 50)
    }

    @Test func aDraftTypedMeanwhileIsSavedWithTheWholeFile() throws {
        let harness = try firstLook()
        harness.press("j", "j", settle: false)
        let key = try #require(harness.state.navigator.selectedRow?.requestKey)
        harness.press("ctrl+l", settle: false)
        harness.type("/edited", settle: false)
        #expect(harness.state.drafts[key]?.url == "/items/r0/edited")
        harness.press("ctrl+s", settle: false)
        #expect(harness.state.toast?.message.contains("still being read") == true)
        #expect(harness.state.drafts[key] != nil)
        harness.settle()
        #expect(harness.state.drafts[key]?.url == "/items/r0/edited")
        harness.press("ctrl+s")
        let saved = try harness.folder.read("big.json")
        #expect(saved.contains("/items/r0/edited"))
        #expect(saved.contains("\"r49\"") && saved.contains("\"f29\""))
    }
}
