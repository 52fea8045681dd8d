import Explorer
import ExplorerTesting
import Foundation
import JSONTree
import TUI
import Testing
import Workspace

/// Reading what came back on a small screen: the cursor keeps its place in the tree when folds
/// change, Raw wraps a pretty-printed body, an error card scrolls, a dialog that does not fit
/// says so and scrolls back at once.
struct ReadingReducerTests {
    private let users = TestCollections.key("a-users")

    /// List users sent and answered with `result`, the response pane focused.
    private func answered(size: Size = ExplorerHarness.standardSize, _ result: (Int) throws -> ExchangeResult)
        throws -> ReducerFixture
    {
        var fixture = try ReducerFixture(size: size, startup: StartupRequest(request: "a-users"))
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        fixture.driver.reduce(.exchangeFinished(users, try result(job.generation)))
        fixture.driver.press("g", "3")
        return fixture
    }

    private func selectedPath(_ fixture: ReducerFixture) throws -> String {
        let tree = try #require(fixture.driver.state.response.tree)
        let row = try #require(tree.rows(from: fixture.driver.state.response.selectedRow, count: 1).first)
        return tree.document.jsonPath(row.node)
    }

    @Test func unfoldingEverythingKeepsTheCursorOnItsValue() throws {
        let items = (0..<50).map { #"{"id":\#($0),"tags":["a","b"]}"# }.joined(separator: ",")
        var fixture = try answered { try Results.json("[\(items)]", generation: $0) }
        // The last item, then everything unfolded: still the last item (not row 50, item 9).
        fixture.driver.press("G", "k")
        #expect(try selectedPath(fixture) == "$[49]")
        fixture.driver.press("E")
        #expect(try selectedPath(fixture) == "$[49]")
        #expect(fixture.driver.render().contains("49: { 2 keys"))
        // Inside it, then unfolded to depth 1: the cursor goes to the nearest value still shown.
        fixture.driver.press("j", "j", "j")
        #expect(try selectedPath(fixture) == "$[49]['tags'][0]")
        fixture.driver.press("z", "1")
        #expect(try selectedPath(fixture) == "$[49]")
        fixture.driver.press("z", "R")
        #expect(try selectedPath(fixture) == "$[49]")
    }

    @Test func rawWrapsAPrettyPrintedBody() throws {
        let long = String(repeating: "word ", count: 40)
        var fixture = try answered {
            try Results.json(#"{"text":"\#(long)end","after":1}"#, generation: $0)
        }
        fixture.driver.press("]")
        #expect(fixture.driver.state.response.tab == .raw)
        #expect(!fixture.driver.render().contains("end\""))
        fixture.driver.press("w")
        let screen = fixture.driver.render()
        #expect(screen.contains("end\""))
        #expect(screen.contains("\"after\": 1"))
        fixture.driver.press("w")
        #expect(!fixture.driver.render().contains("end\""))
    }

    /// With wrap off the rest of a long line is reached sideways, each cut end marked with …
    /// (the end of a long line could not be reached, and a cut line looked whole).
    @Test func rawScrollsSidewaysThroughALongLine() throws {
        let long = "START" + String(repeating: "x", count: 5_000) + "END"
        var fixture = try answered { Results.text(long + "\nsecond line\n", generation: $0) }
        fixture.driver.press("]")
        #expect(fixture.driver.state.response.tab == .raw)
        var screen = fixture.driver.render()
        #expect(screen.contains("STARTxxx") && screen.contains("x…") && !screen.contains("END"))
        fixture.driver.press("right")
        #expect(fixture.driver.state.response.rawColumn == 40)
        screen = fixture.driver.render()
        #expect(!screen.contains("START") && screen.contains("…xxx"))
        // Steps grow with the distance gone: the end is some tens of keys away, not a hundred.
        var presses = 1
        while !fixture.driver.render().contains("END"), presses < 40 {
            fixture.driver.press("l")
            presses += 1
        }
        #expect(fixture.driver.render().contains("xxxEND"), "after \(presses) presses")
        fixture.driver.press("left", "left", "left", "left", "left", "left", "left", "left", "left", "left")
        for _ in 0..<40 { fixture.driver.press("h") }
        #expect(fixture.driver.state.response.rawColumn == 0)
        #expect(fixture.driver.render().contains("STARTxxx"))
        // Wrapped, the keys leave the line as it is.
        fixture.driver.press("w", "right")
        #expect(fixture.driver.state.response.rawColumn == 0)
    }

    /// Pretty-printed JSON in Raw scrolls sideways as text does: a long value's rest is reached
    /// with ←/→, each cut end marked with … (the keys moved nothing there: the rest was unreachable).
    @Test func rawPrettyJSONScrollsSidewaysThroughALongValue() throws {
        let long = "START" + String(repeating: "x", count: 3_000) + "END"
        var fixture = try answered { try Results.json(#"{"text":"\#(long)","n":1}"#, generation: $0) }
        fixture.driver.press("]")
        #expect(fixture.driver.state.response.tab == .raw && fixture.driver.state.response.rawPretty)
        var screen = fixture.driver.render()
        #expect(screen.contains(#""text": "STARTxxx"#) && screen.contains("x…") && !screen.contains("END"))
        fixture.driver.press("right")
        screen = fixture.driver.render()
        #expect(!screen.contains("START") && screen.contains("…xxx"), "\(screen)")
        // A line that fits the pane stays whole, not cut to nothing.
        #expect(screen.contains(#"  "n": 1"#), "\(screen)")
        var presses = 1
        while !fixture.driver.render().contains("END"), presses < 40 {
            fixture.driver.press("l")
            presses += 1
        }
        #expect(fixture.driver.render().contains("xxxEND\""), "after \(presses) presses")
        for _ in 0..<40 { fixture.driver.press("h") }
        #expect(fixture.driver.render().contains(#""text": "STARTxxx"#))
    }

    /// A string of wide characters (two columns each) cut at the pane's edge ends in …, as an
    /// ASCII one does (it was cut bare: the preview counts characters, not columns).
    @Test func aWideStringCutAtThePaneEdgeEndsInAnEllipsis() throws {
        let wide = String(repeating: "日本語", count: 40)
        var fixture = try answered { try Results.json(#"{"text":"\#(wide)"}"#, generation: $0) }
        let row = try #require(fixture.driver.render().split(separator: "\n").first { $0.contains("日本語") })
        let content = row.split(separator: "│").last { $0.contains("日本語") }.map(String.init) ?? ""
        #expect(content.trimmingCharacters(in: .whitespaces).hasSuffix("…"), "\(row)")
    }

    /// The help box's lines cut at its edge end in … (they were cut bare mid-word).
    @Test func helpLinesCutAtTheBoxEdgeEndInAnEllipsis() throws {
        var fixture = try ReducerFixture(size: Size(width: 60, height: 30))
        fixture.driver.press("F1")
        let screen = fixture.driver.render()
        let cut = screen.split(separator: "\n").filter { $0.contains("…│") }
        #expect(!cut.isEmpty, "\(screen)")
    }

    @Test func theErrorCardScrollsToItsDetailsOnAShortScreen() throws {
        var fixture = try answered(size: Size(width: 64, height: 18)) { Results.failure(generation: $0) }
        fixture.driver.press("t")
        #expect(fixture.driver.state.response.detailsOpen)
        // Whatever tab was last chosen (History moves its own cursor), the keys scroll the card.
        fixture.driver.state.response.tab = .history
        var screen = fixture.driver.render()
        #expect(!screen.contains("Could not resolve host: dev.mock"))
        // The pane's border says there is more below.
        #expect(screen.contains(" of ") && screen.contains("↓ j/k"))
        fixture.driver.press("G")
        screen = fixture.driver.render()
        #expect(screen.contains("Could not resolve host: dev.mock"))
        #expect(screen.contains("↑ j/k"))
        fixture.driver.press("g", "g")
        #expect(fixture.driver.render().contains("The server's name could not be found"))
    }

    @Test func theErrorCardOffersF2OnlyWhereThereIsAnEnvironmentToPick() throws {
        var alpha = try answered { Results.failure(generation: $0) }
        #expect(alpha.driver.render().contains("r retry  F2 environment"))
        var beta = try ReducerFixture(
            [TestCollections.alpha, TestCollections.beta],
            startup: StartupRequest(request: "b-ping"))
        let ping = TestCollections.key("b-ping", in: TestCollections.betaID)
        let job = try #require(beta.driver.press("F5").sendJobs.first)
        beta.driver.reduce(.exchangeFinished(ping, Results.failure(generation: job.generation)))
        let screen = beta.driver.render()
        #expect(screen.contains("r retry"))
        #expect(!screen.contains("F2 environment"))
    }

    @Test func theHelpSaysItScrollsAndScrollsBackAtOnce() throws {
        var fixture = try ReducerFixture(size: Size(width: 80, height: 24))
        fixture.driver.press("F1")
        var screen = fixture.driver.render()
        #expect(screen.contains("1–20 of"))
        #expect(screen.contains("↓ j/k"))
        // Far past the end: the offset stops at the last screenful, so one k moves up at once.
        for _ in 0..<30 { fixture.driver.press("pgdn") }
        screen = fixture.driver.render()
        #expect(screen.contains("↑ j/k"))
        let bottom = try #require(helpScroll(fixture))
        fixture.driver.press("k")
        _ = fixture.driver.render()
        #expect(helpScroll(fixture) == bottom - 1)
    }

    @Test func theHelpsEscRowLinesUpWithTheKeysAboveIt() throws {
        var fixture = try ReducerFixture()
        fixture.driver.press("F1")
        for _ in 0..<10 { fixture.driver.press("pgdn") }
        let rows = fixture.driver.render().split(separator: "\n").map(String.init)
        func column(_ text: String) -> Int? {
            rows.lazy.compactMap { row in
                row.range(of: text).map { row.distance(from: row.startIndex, to: $0.lowerBound) }
            }
            .first
        }
        // The last global key's text (the first ones are above the page at the bottom).
        let history = try #require(column("History… (every exchange of the workspace"))
        #expect(column("Cancel the request in flight / leave a text field") == history)
    }

    @Test func aJSONPathErrorShowsItsMessageNotItsExcerptLines() throws {
        var fixture = try answered { try Results.json(Results.users, generation: $0) }
        fixture.driver.press("|")
        fixture.driver.type("$[?@.id >")
        let filter = try #require(fixture.driver.press("enter").filters.first)
        let message = "invalid JSONPath at character 10: expected a filter expression\n    $[?@.id >\n             ^"
        fixture.driver.reduce(
            .filterFinished(
                generation: filter.generation, query: filter.query, .failure(FilterFailure(message: message))))
        let screen = fixture.driver.render()
        #expect(screen.contains("| ✖ invalid JSONPath at character 10: expected a filter expression"))
        #expect(!screen.contains("␊"))
    }

    @Test func thePromptsForAFileAskForAPathNotAName() throws {
        var fixture = try ReducerFixture(size: Size(width: 80, height: 24))
        fixture.driver.press("ctrl+p")
        fixture.driver.type("Import a file")
        fixture.driver.press("enter")
        #expect(fixture.driver.render().contains("path of the file"))
        // The environment picker's hint wraps inside its box at 80 columns.
        fixture.driver.press("esc", "F2")
        #expect(fixture.driver.render().contains("revert · Esc closes"))
    }

    private func helpScroll(_ fixture: ReducerFixture) -> Int? {
        guard case .help(let scroll) = fixture.driver.state.overlay else { return nil }
        return scroll
    }
}

/// A collection file copied beside its original keeps the original's id: the copy is listed as a
/// broken file that says why (before, one of the two vanished from the list at startup, and a copy
/// made while Lazer ran took over the original's rows), and opens once the original is gone.
struct DuplicateCollectionReducerTests {
    private func copy(of file: FixtureFile, to path: String) -> FixtureFile {
        FixtureFile(path: path, bytes: file.bytes)
    }

    @Test func aCopiedFileIsListedAsBrokenBesideItsOriginal() throws {
        let fixture = try ReducerFixture([
            TestCollections.alpha, copy(of: TestCollections.alpha, to: "alpha-copy.json"),
        ])
        let slots = fixture.driver.state.collections
        #expect(slots.count == 2)
        #expect(slots.filter { $0.document != nil }.count == 1)
        let broken = try #require(slots.first { $0.document == nil })
        #expect(broken.diagnostics.first?.message.contains("is already used by") == true)
        #expect(broken.duplicateOf == TestCollections.alphaID)
    }

    @Test func theProblemsWrapAtEightyColumns() throws {
        var fixture = try ReducerFixture(
            [TestCollections.alpha, copy(of: TestCollections.alpha, to: "alpha-copy.json")],
            size: Size(width: 80, height: 24))
        fixture.driver.state.overlays.overlay = .problems(scroll: 0)
        // The dialog's text as read: borders dropped, rows joined.
        let text = fixture.driver.render().split(separator: "\n")
            .map { $0.replacingOccurrences(of: "│", with: " ").trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
            .split(separator: " ").joined(separator: " ")
        #expect(text.contains("(a copied file?); give this collection an id of its own"))
    }

    @Test func aCopyMadeWhileRunningDoesNotTakeOverAndOpensWhenTheOriginalGoes() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        let original = fixture.folder.path("alpha.json")
        let copyPath = fixture.folder.path("alpha-copy.json")
        try FileManager.default.copyItem(atPath: original, toPath: copyPath)
        fixture.driver.reduce(
            .fileChanged(ExplorerReducerDriver.load(copyPath, processEnvironment: TestCollections.environment)))
        let alpha = try #require(fixture.driver.state.slot(collectionID: TestCollections.alphaID))
        #expect(alpha.path == original)
        #expect(fixture.driver.state.selection == TestCollections.key("a-users"))
        let copied = try #require(fixture.driver.state.collections.first { $0.path == copyPath })
        #expect(copied.document == nil)
        #expect(fixture.driver.render().contains("✖ alpha-copy.json"))
        // The original deleted: the copy is read again (and then opens as the collection).
        try FileManager.default.removeItem(atPath: original)
        let effects = fixture.driver.reduce(
            .fileChanged(ExplorerReducerDriver.load(original, processEnvironment: TestCollections.environment)))
        #expect(
            effects.contains {
                if case .reload(let path) = $0 { path == copyPath } else { false }
            })
        fixture.driver.reduce(
            .fileChanged(ExplorerReducerDriver.load(copyPath, processEnvironment: TestCollections.environment)))
        #expect(fixture.driver.state.slot(collectionID: TestCollections.alphaID)?.path == copyPath)
    }
}
