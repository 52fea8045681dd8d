import Explorer
import ExplorerTesting
import Foundation
import Testing
import Workspace

/// A body history kept only the start of is said to be cut, with both sizes, and shown as the text
/// it is (issue 33: it read "Not JSON (line 1, column 65537…)", as if the server had sent broken
/// JSON).
struct HistoryCutBodyTests {
    @Test func aCutJSONBodyIsShownAsTextAndSaysItWasCut() throws {
        let items = (0..<5_000).map { "{\"id\": \($0), \"name\": \"item \($0)\"}" }
        let whole = "[" + items.joined(separator: ",") + "]"
        let kept = HistoryBody(bytes: Array(whole.utf8), limit: 65_536, redactor: Redactor(secrets: []))
        #expect(kept.truncated)
        let entry = HistoryEntry(
            method: "GET", url: "http://h/items", status: 200,
            responseHeaders: [HistoryEntry.Header("Content-Type", "application/json")], responseBody: kept)
        let result = HistoryResult.make(entry, index: 0)
        guard case .response(let response) = result.outcome, case .text(let text, let problem) = response.content
        else {
            Issue.record("a cut body is text, not a tree or an error: \(result.outcome)")
            return
        }
        #expect(text.bytes.count == 65_536)
        let sizes = "the first \(ByteCount.format(65_536)) of this \(ByteCount.format(Int64(whole.utf8.count))) body"
        #expect(problem == "History kept \(sizes): shown as text (send the request again for all of it)")
        // A whole body stays a tree.
        let small = HistoryEntry(
            method: "GET", url: "http://h/items", status: 200,
            responseBody: HistoryBody(text: "[1]", encoding: .utf8, size: 3, truncated: false))
        guard case .response(let whole)? = Optional(HistoryResult.make(small, index: 1).outcome),
            case .json = whole.content
        else {
            Issue.record("a whole JSON body is a tree")
            return
        }
    }
}

/// After a restart a request with history shows its newest answer, marked as from history (issue
/// 33: the pane said "Not sent yet" over a request with answers on record).
struct LatestHistoryAfterRestartTests {
    /// The request the explorer starts on asks for its history, as one opened by hand does (the
    /// start's selection dropped the effect: "Not sent yet" until the request was opened again).
    @Test func theRequestTheExplorerStartsOnAsksForItsHistory() throws {
        for startup in [StartupRequest(), StartupRequest(request: "a-users")] {
            let folder = try HarnessFolder()
            var driver = try ExplorerReducerDriver(loading: [], in: folder, startup: startup)
            try folder.write([TestCollections.alpha])
            let effects =
                driver.reduce(.collectionLoaded(ExplorerReducerDriver.load(folder.path(TestCollections.alpha.path))))
                + driver.reduce(.loadingFinished(problem: nil))
            let selected = try #require(driver.state.selection)
            #expect(effects.contains(.loadHistory(selected)), "\(effects)")
        }
    }

    @Test func theNewestEntryIsShownWhenNothingWasSentYet() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        let users = TestCollections.key("a-users")
        #expect(fixture.driver.render().contains("Not sent yet"))
        let entries = [
            HistoryEntry(
                date: Date(timeIntervalSince1970: 1_700_000_000), requestID: "a-users", environment: "dev",
                method: "GET", url: "http://dev.mock/users", status: 500,
                responseBody: HistoryBody(text: "[0]", encoding: .utf8, size: 3, truncated: false)),
            HistoryEntry(
                date: Date(timeIntervalSince1970: 1_700_000_100), requestID: "a-users", environment: "dev",
                method: "GET", url: "http://dev.mock/users", status: 200,
                responseBody: HistoryBody(text: "[1,2,3]", encoding: .utf8, size: 7, truncated: false)),
        ]
        fixture.driver.reduce(.historyLoaded(users, entries))
        #expect(fixture.driver.state.response.openedHistory == entries[1])
        let screen = fixture.driver.render()
        #expect(!screen.contains("Not sent yet"))
        #expect(screen.contains("200 OK"))
        #expect(screen.contains("from history"))
        // An entry opened by hand is not replaced when history is read again.
        fixture.driver.press("g", "3", "[")
        fixture.driver.press("j", "enter")
        #expect(fixture.driver.state.response.openedHistory == entries[0])
        fixture.driver.reduce(.historyLoaded(users, entries))
        #expect(fixture.driver.state.response.openedHistory == entries[0])
    }
}
