import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import JSONTree
import TUI
import Testing
import Workspace

/// Trees before the last byte (issue 31): a mock sends a JSON array of 4,000 items at 20,000
/// bytes a second (2,000 bytes every 100 ms); while it arrives the Tree tab shows what came,
/// marked partial and growing, folds and selection kept from one partial tree to the next and to
/// the whole one. All on the harness's virtual time, through the program: the body's progress,
/// the parse effect on the work queue, the answer.
@MainActor
struct PartialTreeTests {
    nonisolated static let variants = [
        ScreenVariant(width: 120, height: 40, theme: .defaultDark),
        ScreenVariant(width: 80, height: 24, theme: .defaultDark),
    ]

    static func collection(body: String = "json", rate: Int = 20_000) -> FixtureFile {
        let items = (0..<4_000).map { #"{"id":\#($0),"name":"item \#($0)"}"# }.joined(separator: ",")
        let answer =
            body == "json" ? #""json": [\#(items)]"# : #""text": "\#(String(repeating: "plain text ", count: 4_000))""#
        return FixtureFile.text(
            "items.json",
            """
            {
              "formatVersion": 1,
              "id": "partial-0000-4000-8000-000000000031",
              "name": "Items",
              "defaultEnvironment": "dev",
              "environments": [
                { "name": "dev", "kind": "mock", "baseURL": "http://dev.mock",
                  "routes": [ { "method": "GET", "path": "/items",
                    "response": { \(answer), "delayMilliseconds": 50, "bytesPerSecond": \(rate) } } ] }
              ],
              "requests": [
                { "id": "items", "name": "Items", "method": "GET", "url": "/items",
                  "expectations": [ { "subject": "jsonPath", "path": "$[3999].id", "op": "equals", "value": 3999 } ] }
              ]
            }
            """)
    }

    private func harness(_ variant: ScreenVariant = variants[0], body: String = "json") throws -> ExplorerHarness {
        try ExplorerHarness(
            collections: [Self.collection(body: body)], size: Size(width: variant.width, height: variant.height),
            theme: variant.theme, startup: StartupRequest(request: "items"))
    }

    /// A harness whose send is under way: the first partial tree shown, the response pane focused.
    private func arriving() throws -> ExplorerHarness {
        let harness = try harness()
        harness.press("F5")
        harness.advance(by: .milliseconds(350))
        harness.press("g", "3")
        return harness
    }

    /// Items in the tree's root (a partial tree's so far).
    private func rootItems(_ harness: ExplorerHarness) -> Int? {
        guard let tree = harness.state.response.tree else { return nil }
        return tree.document.childCount(tree.document.root)
    }

    @Test(arguments: variants) func theTreeShowsWhatHasArrivedAndGrows(_ variant: ScreenVariant) throws {
        let harness = try harness(variant)
        harness.press("F5")
        harness.advance(by: .milliseconds(350))
        #expect(harness.shows("◐ partial: what has come so far"), "\(harness.screen)")
        #expect(harness.shows("0: {…} 2 keys"))
        let early = try #require(rootItems(harness))
        #expect(early > 0 && early < 4_000)
        #expect(
            harness.state.response.tree?.document
                == harness.state.exchange?.previewResult?.response.flatMap {
                    if case .json(let document) = $0.content { document } else { nil }
                })
        harness.assertScreen(named: "partial-tree-\(variant)")
        harness.advance(by: .seconds(1))
        let later = try #require(rootItems(harness))
        #expect(later > early, "the tree grows as the body comes")
        #expect(harness.shows("◐ partial"))
        harness.advance(by: .seconds(10))
        #expect(!harness.shows("◐ partial"), "\(harness.screen)")
        #expect(rootItems(harness) == 4_000)
        #expect(harness.shows("Checks ✓1") || harness.shows("Chk ✓1"), "\(harness.screen)")
    }

    @Test func foldsAndSelectionCarryToTheNextPartialTreeAndToTheWholeOne() throws {
        let harness = try arriving()
        harness.press("j", "j")
        harness.press(.enter)
        let second = try #require(harness.state.response.tree?.document.child(JSONNode(index: 0), at: 1))
        #expect(harness.state.response.tree?.isExpanded(second) == true)
        #expect(harness.shows("name: \"item 1\""), "\(harness.screen)")
        let selected = harness.state.response.selectedRow
        harness.advance(by: .seconds(1))
        #expect(harness.state.response.tree?.isExpanded(second) == true, "kept by the next partial tree")
        #expect(harness.state.response.selectedRow == selected)
        harness.advance(by: .seconds(10))
        #expect(rootItems(harness) == 4_000)
        #expect(harness.state.response.tree?.isExpanded(second) == true, "kept by the whole tree")
        #expect(harness.state.response.selectedRow == selected)
        #expect(harness.shows("name: \"item 1\""))
    }

    @Test func theContainersStillOpenSayMoreIsComing() throws {
        let harness = try harness()
        harness.press("F5")
        harness.advance(by: .milliseconds(350))
        #expect(harness.shows("▾ [ "), "\(harness.screen)")
        #expect(harness.shows(" items so far"), "the root counts what came: \(harness.screen)")
        let open = try #require(harness.state.shownResult?.response?.partial?.arriving)
        #expect(open.first == JSONNode(index: 0), "the root is open until its `]` comes")
        harness.press("g", "3")
        harness.press("G")
        #expect(harness.shows("… still arriving"), "the tree's end says so: \(harness.screen)")
        let end = harness.state.response.selectedRow
        harness.advance(by: .seconds(1))
        let rows = try #require(harness.state.response.tree?.rowCount)
        #expect(harness.state.response.selectedRow == rows - 1, "the selection follows the end as it grows")
        #expect(harness.state.response.selectedRow > end)
        #expect(harness.shows("… still arriving"), "and the end stays on screen: \(harness.screen)")
        harness.advance(by: .seconds(11))
        #expect(rootItems(harness) == 4_000)
        #expect(!harness.shows("still arriving"), "\(harness.screen)")
        harness.press("G")
        #expect(harness.shows("]"), "the whole tree ends in its closing bracket: \(harness.screen)")
        harness.press("g", "g")
        #expect(harness.shows("▾ [ 4,000 items"), "\(harness.screen)")
        #expect(!harness.shows("so far"))
    }

    @Test func aSearchMadeWhileTheBodyArrivesGrowsWithIt() throws {
        let harness = try arriving()
        harness.press("/")
        harness.type("item 1")
        harness.press(.enter)
        let early = harness.state.response.search.matches.count
        #expect(early > 0, "\(harness.screen)")
        let current = try #require(harness.state.response.search.currentMatch)
        let selected = harness.state.response.selectedRow
        #expect(harness.shows("/item 1: \(early) match\(early == 1 ? "" : "es") so far (n/N)"), "\(harness.screen)")
        harness.advance(by: .seconds(1))
        let later = harness.state.response.search.matches.count
        #expect(later > early, "matches in what came since are found")
        #expect(
            harness.shows("/item 1: \(CountText.format(later)) matches so far"), "the count grows: \(harness.screen)")
        #expect(harness.state.response.search.currentMatch == current, "the match shown stays the current one")
        #expect(harness.state.response.selectedRow == selected, "and the selection does not jump")
        // The whole body's count is said once, when its search answers (a toast, read as it shows).
        var said: [String] = []
        for _ in 0..<100 {
            harness.advance(by: .milliseconds(100))
            if let toast = harness.state.toast?.message, said.last != toast { said.append(toast) }
        }
        #expect(said.last == "1,111 matches (n/N)", "\(said)")
        #expect(said.filter { $0.contains("1,111") }.count == 1)
        #expect(rootItems(harness) == 4_000)
        // "item 1", "item 10"…"item 19", "item 100"…, "item 1000"…: 1 + 10 + 100 + 1,000 names.
        #expect(harness.state.response.search.matches.count == 1_111)
        #expect(harness.state.response.search.lastPattern == "item 1")
        #expect(!harness.shows("so far"), "the whole body's tree is not partial: \(harness.screen)")
        harness.press("N")
        #expect(harness.shows("item 1999"), "n/N step through the whole body's matches: \(harness.screen)")
    }

    @Test func aFilterMadeWhileTheBodyArrivesGrowsWithIt() throws {
        let harness = try arriving()
        harness.press("|")
        harness.type("$[*].id")
        harness.press(.enter)
        #expect(harness.state.response.filter.applied == "$[*].id", "\(harness.screen)")
        let early = try #require(harness.state.response.tree.map { $0.document.childCount($0.document.root) })
        #expect(early > 0 && early < 4_000)
        #expect(!harness.shows("items so far"), "a filtered tree is complete in itself: \(harness.screen)")
        harness.advance(by: .seconds(1))
        let later = try #require(harness.state.response.tree.map { $0.document.childCount($0.document.root) })
        #expect(later > early, "the filter runs again over what came since")
        #expect(harness.state.response.filter.applied == "$[*].id")
        harness.advance(by: .seconds(10))
        #expect(harness.state.response.tree.map { $0.document.childCount($0.document.root) } == 4_000)
        #expect(harness.state.response.filter.applied == "$[*].id", "the whole body keeps the filter")
        #expect(harness.shows("4,000 items"), "\(harness.screen)")
    }

    @Test func gOnAFilteredTreeFollowsItsEndAsTheBodyArrives() throws {
        let harness = try arriving()
        harness.press("|")
        harness.type("$[*].id")
        harness.press(.enter)
        harness.press("G")
        let early = try #require(harness.state.response.tree?.rowCount)
        #expect(harness.state.response.selectedRow == early - 1)
        harness.advance(by: .seconds(1))
        let later = try #require(harness.state.response.tree?.rowCount)
        #expect(later > early, "\(harness.screen)")
        #expect(harness.state.response.selectedRow == later - 1, "the selection stays on the last row")
        harness.advance(by: .seconds(10))
        let rows = try #require(harness.state.response.tree?.rowCount)
        #expect(rows > 4_000 && harness.state.response.selectedRow == rows - 1, "the last row of the whole")
        #expect(harness.shows("3999"), "and shown: \(harness.screen)")
        // Away from the end, the selection stays where it is as the tree grows.
        let other = try arriving()
        other.press("|")
        other.type("$[*].id")
        other.press(.enter)
        other.press("j")
        other.advance(by: .seconds(1))
        #expect(other.state.response.selectedRow == 1)
    }

    @Test func whatNeedsTheWholeBodyWaitsForIt() throws {
        let harness = try arriving()
        harness.press("s")
        #expect(harness.shows("The body is still arriving"), "\(harness.screen)")
        #expect(harness.state.overlay == nil, "no save prompt")
        // Raw shows the bytes that came, not the brackets a partial tree closes them with.
        harness.press("]")
        let raw = try #require(harness.state.exchange?.previewResult?.response?.rawLines)
        let text = String(decoding: raw.bytes, as: UTF8.self)
        #expect(text.hasPrefix("[{\"id\":0"))
        #expect(!text.hasSuffix("]"))
    }

    @Test func escCancelsAndThePartialTreeGoes() throws {
        let harness = try harness()
        harness.press("F5")
        harness.advance(by: .milliseconds(350))
        #expect(harness.shows("◐ partial"))
        harness.press(.escape)
        #expect(harness.shows("Cancelled after"), "\(harness.screen)")
        #expect(harness.state.exchange?.preview == nil)
        #expect(!harness.shows("◐ partial"))
    }

    @Test func aBodyThatIsNotJSONShowsNoPartialTree() throws {
        let harness = try harness(body: "text")
        harness.press("F5")
        harness.advance(by: .milliseconds(350))
        #expect(!harness.shows("◐ partial"))
        #expect(harness.shows("receiving"), "\(harness.screen)")
        #expect(harness.state.exchange?.preview?.unavailable == true, "asked once, not again")
        harness.advance(by: .seconds(30))
        #expect(harness.shows("200 OK"))
    }
}

/// When the start of a body is parsed again: the first bytes at once, then a quarter more (at
/// least 64 KiB) or half a second later; never while a parse runs, nor once there is nothing more
/// to show.
struct BodyPreviewPacingTests {
    @Test func parsesAreSpacedByTime() throws {
        var preview = BodyPreviewState(generation: 1)
        #expect(!preview.wantsParse(received: 0, now: .zero))
        preview.progressSeen = 1
        #expect(
            !preview.wantsParse(received: 1, now: .zero), "not at the first report: most bodies are whole by the next")
        preview.progressSeen = 2
        #expect(preview.wantsParse(received: 1, now: .zero), "at the second, 100 ms on")
        #expect(!preview.wantsParse(received: 1000, expected: 1000, now: .zero), "whole already, and small")
        #expect(
            !preview.wantsParse(received: 1000, expected: 40 << 20, bytesPerSecond: 400e6, now: .zero),
            "whole within 200 ms")
        #expect(preview.wantsParse(received: 1000, expected: 1 << 30, bytesPerSecond: 400e6, now: .zero), "a gigabyte")
        preview.parsing = true
        #expect(!preview.wantsParse(received: 10 << 20, now: .seconds(9)), "one parse at a time")
        preview.parsing = false
        // No tree came of the first bytes: again after 16 KiB or 100 ms.
        preview.parsedReceived = 100
        preview.parsedAt = .seconds(1)
        #expect(!preview.wantsParse(received: 10_000, now: .milliseconds(1_050)))
        #expect(preview.wantsParse(received: 100 + (16 << 10), now: .milliseconds(1_050)))
        #expect(preview.wantsParse(received: 200, now: .milliseconds(1_100)))
        // A tree came: twice a second, however fast the body grows.
        preview.result = try Results.json("[1]", generation: 1)
        preview.parsedReceived = 1 << 20
        #expect(!preview.wantsParse(received: 100 << 20, now: .milliseconds(1_400)), "not on growth")
        #expect(preview.wantsParse(received: (1 << 20) + 1, now: .milliseconds(1_500)), "half a second on")
        #expect(!preview.wantsParse(received: 1 << 20, now: .seconds(5)), "nothing new")
        preview.full = true
        #expect(!preview.wantsParse(received: 10 << 20, now: .seconds(9)), "the kept start is whole")
        preview.full = false
        preview.unavailable = true
        #expect(!preview.wantsParse(received: 10 << 20, now: .seconds(9)), "not JSON")
    }
}

/// What the program makes of the start the transport kept: a first screen from at most the first
/// MiB, credentials in the head masked, nothing for a body already whole and small, nil when the
/// body is not kept.
struct BodyPreviewParseTests {
    private func preview(_ text: String, headers: HTTPHeaders, limit: Int = 8 << 20) -> BodyPreview {
        let preview = BodyPreview(limit: limit) { _, _ in true }
        preview.open(status: 200, headers: headers)
        Array(text.utf8).withUnsafeBytes { preview.receive($0) }
        return preview
    }

    @Test func aFirstScreenReadsAtMostWhatItIsAskedFor() throws {
        let items = (0..<100).map { #"{"id":\#($0)}"# }.joined(separator: ",")
        let kept = preview("[" + items, headers: ["Content-Type": "application/json", "Set-Cookie": "session=s3cret"])
        let first = try #require(ExplorerProgram.parse(kept, upTo: 200, redactor: Redactor(secrets: ["s3cret"])))
        let document = try #require(first.prefix?.document)
        #expect(document.childCount(document.root) < 100)
        #expect(first.kept == 200)
        #expect(!first.full)
        #expect(first.headers["Set-Cookie"]?.contains("s3cret") == false)
        let all = try #require(ExplorerProgram.parse(kept, upTo: .max, redactor: Redactor(secrets: [String]())))
        #expect(all.prefix?.document.childCount(JSONNode(index: 0)) == 100, "every complete item, the array still open")
    }

    @Test func aBodyAlreadyWholeAndSmallIsLeftToItsWholeTree() throws {
        let whole = preview("[1,2,3]", headers: ["Content-Type": "application/json", "Content-Length": "7"])
        let parse = try #require(ExplorerProgram.parse(whole, upTo: .max, redactor: Redactor(secrets: [String]())))
        #expect(parse.prefix == nil)
        #expect(parse.received == 7)
        let longer = preview("[1,2,3", headers: ["Content-Type": "application/json", "Content-Length": "9"])
        #expect(
            try #require(ExplorerProgram.parse(longer, upTo: .max, redactor: Redactor(secrets: [String]()))).prefix
                != nil)
    }

    @Test func aBodyNotKeptOrAFinishedTransferGiveNothing() {
        let refused = BodyPreview { _, _ in false }
        refused.open(status: 200, headers: ["Content-Type": "text/html"])
        #expect(ExplorerProgram.parse(refused, upTo: .max, redactor: Redactor(secrets: [String]())) == nil)
        let finished = preview("[1,", headers: [:])
        finished.finish()
        #expect(ExplorerProgram.parse(finished, upTo: .max, redactor: Redactor(secrets: [String]())) == nil)
        let redirect = BodyPreview { _, _ in true }
        redirect.open(status: 302, headers: [:])
        let interim = ExplorerProgram.parse(redirect, upTo: .max, redactor: Redactor(secrets: [String]()))
        #expect(interim != nil && interim?.prefix == nil, "a redirect: asked again for the next head's body")
    }
}

/// A `|` filter asked over a partial tree whose body ends before the filter answers: the whole
/// body asks it again, and that answer, coming after the first, is the one shown.
struct PartialTreeFilterRaceTests {
    @Test func aFilterAskedAsTheBodyEndsIsAskedAgainOverTheWholeBody() throws {
        let first = #"{"id":1,"name":"Ada"}"#
        let wholeText = "[" + first + #",{"id":2,"name":"Grace"}]"#
        let whole = try Results.json(wholeText, generation: 5)
        var started = try #require(try Results.json("[" + first + "]", generation: 5).response)
        started.partial = PartialBody(shown: first.utf8.count + 1, received: 30, full: false)
        let partial = ExchangeResult(
            generation: 5, outcome: .response(started), environmentName: "dev", isMock: true, url: "", method: "GET")
        guard case .json(let startDocument) = started.content, case .json(let wholeDocument)? = whole.response?.content
        else {
            Issue.record("not JSON")
            return
        }
        var state = ResponseViewState()
        var context = ResponseReducer.Context(liveResult: partial, requestName: "Users")
        _ = ResponseReducer.reduce(&state, .previewUpdated, context)
        #expect(state.treePartial)
        _ = ResponseReducer.reduce(&state, .command(.filter), context)
        for key in "$[*].name" { _ = ResponseReducer.reduce(&state, .type(.char(key)), context) }
        let asked = ResponseReducer.reduce(&state, .type(KeyEvent(.enter)), context)
        #expect(asked.effects == [.filter(generation: 5, query: "$[*].name", document: startDocument)])
        #expect(state.filter.asked == "$[*].name")
        // The whole body comes before the filter has answered: it is asked again over the whole.
        context.liveResult = whole
        let grown = ResponseReducer.reduce(&state, .showLatest, context)
        #expect(
            grown.effects == [.filter(generation: 5, query: "$[*].name", document: wholeDocument, refresh: true)])
        // One work queue: the answer over the start comes first, the one over the whole replaces it.
        let overStart = ExplorerProgram.filter("$[*].name", startDocument)
        _ = ResponseReducer.reduce(&state, .filterFinished(generation: 5, query: "$[*].name", overStart), context)
        #expect(state.tree.map { $0.document.childCount($0.document.root) } == 1)
        #expect(state.filter.asked == nil)
        _ = ResponseReducer.reduce(
            &state,
            .filterFinished(
                generation: 5, query: "$[*].name", ExplorerProgram.filter("$[*].name", wholeDocument), refresh: true),
            context)
        #expect(state.tree.map { $0.document.childCount($0.document.root) } == 2)
        #expect(state.filter.applied == "$[*].name")
    }
}
