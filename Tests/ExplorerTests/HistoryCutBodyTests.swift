import Explorer
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
