import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import JSONTree
import TUI
import Testing
import Workspace

/// The response pane in the reducer: the JSON tree (moving, folding, search, JSONPath filter,
/// copying), the tabs, Raw's options, history.
struct ResponseReducerTests {
    private let users = TestCollections.key("a-users")

    /// List users sent and answered with `body`, the response pane focused.
    private func answered(with body: String = Results.users, checks: [CheckResult] = []) throws -> ReducerFixture {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        fixture.driver.reduce(
            .exchangeFinished(users, try Results.json(body, generation: job.generation, checks: checks)))
        fixture.driver.press("g", "3")
        return fixture
    }

    private func tree(_ fixture: ReducerFixture) throws -> JSONTreeView {
        try #require(fixture.driver.state.response.tree)
    }

    /// The selected row as the user reads it: its JSONPath.
    private func selectedPath(_ fixture: ReducerFixture) throws -> String {
        let tree = try tree(fixture)
        let row = try #require(tree.rows(from: fixture.driver.state.response.selectedRow, count: 1).first)
        return tree.document.jsonPath(row.node)
    }

    private func matches(_ pattern: String, in fixture: ReducerFixture) throws -> [JSONNode] {
        var search = try JSONSearch(document: try tree(fixture).document, query: JSONSearchQuery(pattern))
        var nodes: [JSONNode] = []
        while !search.isFinished { nodes += search.next().map(\.node) }
        return nodes
    }

    @Test func theTreeMovesFoldsAndUnfoldsWithVimKeysAndArrows() throws {
        var fixture = try answered()
        #expect(try tree(fixture).rowCount == 4)
        #expect(try selectedPath(fixture) == "$")
        fixture.driver.press("j")
        #expect(try selectedPath(fixture) == "$[0]")
        fixture.driver.press("l")
        #expect(try tree(fixture).rowCount == 9)
        fixture.driver.press("j", "j")
        #expect(try selectedPath(fixture) == "$[0]['name']")
        fixture.driver.press("right")
        #expect(try tree(fixture).rowCount == 9)
        // h on a leaf goes to its parent; h again folds it.
        fixture.driver.press("h")
        #expect(try selectedPath(fixture) == "$[0]")
        fixture.driver.press("h")
        #expect(try tree(fixture).rowCount == 4)
        fixture.driver.press("down", "enter")
        #expect(try selectedPath(fixture) == "$[1]")
        #expect(try tree(fixture).rowCount == 9)
        fixture.driver.press("space")
        #expect(try tree(fixture).rowCount == 4)
        fixture.driver.press("G")
        #expect(fixture.driver.state.response.selectedRow == 3)
        fixture.driver.press("j")
        #expect(fixture.driver.state.response.selectedRow == 3)
        fixture.driver.press("g", "g")
        #expect(fixture.driver.state.response.selectedRow == 0)
        fixture.driver.press("up")
        #expect(fixture.driver.state.response.selectedRow == 0)
        // Folding the root and unfolding it again.
        fixture.driver.press("left")
        #expect(try tree(fixture).rowCount == 1)
        #expect(fixture.driver.render().contains("▸ […] 2 items"))
        fixture.driver.press("left", "right")
        #expect(try tree(fixture).rowCount == 4)
    }

    @Test func everythingFoldsUnfoldsAndUnfoldsToADepth() throws {
        var fixture = try answered()
        fixture.driver.press("E")
        // Every value and every closing bracket of an open container has its row.
        #expect(try tree(fixture).rowCount == 23)
        let screen = fixture.driver.render()
        #expect(screen.contains("city: \"London\""))
        // Folding everything keeps the root open.
        fixture.driver.press("W")
        #expect(try tree(fixture).rowCount == 4)
        fixture.driver.press("z", "2")
        #expect(try tree(fixture).rowCount == 14)
        fixture.driver.press("z", "1")
        #expect(try tree(fixture).rowCount == 4)
        fixture.driver.press("z", "2", "z", "M")
        #expect(try tree(fixture).rowCount == 4)
        fixture.driver.press("z", "R")
        #expect(try tree(fixture).rowCount == 23)
    }

    @Test func searchFindsKeysAndValuesAndNMovesBetweenMatches() throws {
        var fixture = try answered()
        fixture.driver.press("/")
        #expect(fixture.driver.state.isTyping)
        #expect(fixture.driver.render().contains("/ "))
        fixture.driver.type("city")
        let effects = fixture.driver.press("enter")
        let search = try #require(effects.searches.first)
        #expect(search.pattern == "city")
        #expect(fixture.driver.state.isTyping == false)
        let found = try matches("city", in: fixture)
        #expect(found.count == 2)
        fixture.driver.reduce(
            .searchFinished(generation: search.generation, pattern: "city", matches: found, error: nil))
        #expect(try selectedPath(fixture) == "$[0]['address']['city']")
        #expect(fixture.driver.state.toast?.message == "2 matches (n/N)")
        let screen = fixture.driver.render()
        #expect(screen.contains("city: \"London\""))
        fixture.driver.press("n")
        #expect(try selectedPath(fixture) == "$[1]['address']['city']")
        fixture.driver.press("n")
        #expect(try selectedPath(fixture) == "$[0]['address']['city']")
        fixture.driver.press("N")
        #expect(try selectedPath(fixture) == "$[1]['address']['city']")
    }

    @Test func searchResultsOfAnotherPatternOrAnOlderResultAreDropped() throws {
        var fixture = try answered()
        fixture.driver.press("/")
        fixture.driver.type("zip")
        let search = try #require(fixture.driver.press("enter").searches.first)
        let found = try matches("zip", in: fixture)
        // Results of another result or another pattern change nothing at all.
        var steps = ExplorerStepDriver(fixture.driver)
        steps.step(.searchFinished(generation: search.generation + 1, pattern: "zip", matches: found, error: nil))
        steps.step(.searchFinished(generation: search.generation, pattern: "city", matches: found, error: nil))
        #expect(steps.state.response.search.matches.isEmpty)
        #expect(steps.state.response.selectedRow == 0)
        let noMatch = TimedToast(
            message: "No match for \"zip\"", kind: .warning, expires: steps.state.now + .seconds(4))
        steps.step(.searchFinished(generation: search.generation, pattern: "zip", matches: [], error: nil)) {
            $0.toast = noMatch
            // A warning is kept whole for F9 (issue 34) too.
            $0.messages = [noMatch.message]
        }
        steps.press("n")
    }

    @Test func aJSONPathFilterNarrowsTheTreeAndShowsItsErrorInPlace() throws {
        var fixture = try answered()
        fixture.driver.press("|")
        fixture.driver.type("$[*].name")
        let effects = fixture.driver.press("enter")
        let filter = try #require(effects.filters.first)
        #expect(filter.query == "$[*].name")
        let selected = try JSONDocument(text: #"["Ada","Grace"]"#)
        fixture.driver.reduce(
            .filterFinished(
                generation: filter.generation, query: filter.query,
                .success(JSONFilterResult(document: selected, count: 2))))
        #expect(try tree(fixture).rowCount == 4)
        #expect(fixture.driver.state.response.filter.applied == "$[*].name")
        var screen = fixture.driver.render()
        #expect(screen.contains("| $[*].name   (| then Enter on empty: no filter)"))
        #expect(screen.contains("0: \"Ada\""))
        #expect(screen.contains("1: \"Grace\""))
        #expect(fixture.driver.state.toast?.message == "2 values selected by $[*].name")
        // A broken query: its error in place, the tree as it was.
        fixture.driver.press("|")
        fixture.driver.type("$[")
        let broken = try #require(fixture.driver.press("enter").filters.first)
        fixture.driver.reduce(
            .filterFinished(
                generation: broken.generation, query: broken.query,
                .failure(FilterFailure(message: "expected a selector at 3"))))
        screen = fixture.driver.render()
        #expect(screen.contains("| ✖ expected a selector at 3"))
        // Empty: no filter, the whole body again.
        fixture.driver.press("|", "ctrl+a", "backspace", "enter")
        #expect(fixture.driver.state.response.filter.applied == nil)
        #expect(fixture.driver.state.response.filter.error == nil)
        #expect(try tree(fixture).rowCount == 4)
        #expect(try selectedPath(fixture) == "$")
        #expect(!fixture.driver.render().contains("| "))
    }

    @Test func aFiltersCountIsWrittenWithThousandsGrouped() throws {
        var fixture = try answered()
        fixture.driver.press("|")
        fixture.driver.type("$[*].id")
        let filter = try #require(fixture.driver.press("enter").filters.first)
        let ids = (0..<4_444).map(String.init).joined(separator: ",")
        fixture.driver.reduce(
            .filterFinished(
                generation: filter.generation, query: filter.query,
                .success(JSONFilterResult(document: try JSONDocument(text: "[\(ids)]"), count: 4_444))))
        #expect(fixture.driver.state.toast?.message == "4,444 values selected by $[*].id")
    }

    @Test func aLongBannerTakesTwoLinesRatherThanStoppingMidWord() throws {
        var fixture = try ReducerFixture(size: Size(width: 80, height: 24), startup: StartupRequest(request: "a-users"))
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        let banner = Translation(
            title: "Not authenticated", explanation: "dev.mock needs valid credentials.",
            hint: "Add or refresh the Authorization header (token, API key) in the environment; tokens expire.",
            technicalDetail: "HTTP 401")
        fixture.driver.reduce(
            .exchangeFinished(
                users,
                try Results.json(
                    #"{"error":"no token"}"#, generation: job.generation, status: 401, reason: "Unauthorized",
                    banner: banner)))
        let screen = fixture.driver.render()
        #expect(screen.contains("⚠ Not authenticated — Add or refresh the"))
        #expect(screen.contains("Authorization header (token, API key) in the environm…"))
        #expect(screen.contains("error: \"no token\""))
    }

    @Test func yCopiesTheValueAndShiftYItsPath() throws {
        var fixture = try answered()
        fixture.driver.press("j", "l", "j", "j")
        #expect(fixture.driver.press("y").copies == ["Ada"])
        #expect(fixture.driver.press("Y").copies == ["$[0]['name']"])
        fixture.driver.press("j")
        #expect(fixture.driver.press("y").copies == [#"["admin","ops"]"#])
        #expect(fixture.driver.state.toast?.message == #"Copied value: ["admin","ops"]"#)
    }

    @Test func aLongStringOpensInAViewer() throws {
        let long = String(repeating: "lorem ipsum ", count: 12)
        var fixture = try answered(with: #"{"text":"\#(long)","short":"hi"}"#)
        fixture.driver.press("j", "enter")
        guard case .viewer(let title, let text, _)? = fixture.driver.state.overlay else {
            Issue.record("a long string opens in a viewer")
            return
        }
        #expect(title == "$['text']")
        #expect(text == long)
        #expect(fixture.driver.render().contains("lorem ipsum lorem ipsum"))
        #expect(fixture.driver.press("y").copies == [long])
        #expect(fixture.driver.state.overlay == nil)
        // A short string just stays.
        fixture.driver.press("j", "enter")
        #expect(fixture.driver.state.overlay == nil)
    }

    @Test func aFailedChecksActualValueIsWrappedNotCutAtTheEdge() throws {
        let body = String(repeating: "lorem ", count: 200)
        let checks = [
            CheckResult(label: "body contains", passed: false, expected: "needle", actual: "the end of it: TAIL"),
            CheckResult(label: "body equals", passed: false, expected: "\"x\"", actual: body),
        ]
        var fixture = try answered(checks: checks)
        fixture.driver.state.size = Size(width: 80, height: 24)
        fixture.driver.state.response.tab = .checks
        let screen = fixture.driver.render()
        #expect(screen.contains("TAIL"))
        // A whole body as the actual value: three lines, the last ending in ….
        let rows = screen.components(separatedBy: "\n").filter { $0.contains("lorem") }
        #expect(rows.count == 3)
        #expect(rows.last?.contains("…") == true)
    }

    @Test func tabsCycleAndEachShowsItsPartOfTheResponse() throws {
        let checks = [
            CheckResult(label: "status equals", passed: true, expected: "200", actual: "200"),
            CheckResult(label: "$[0].name equals", passed: false, expected: "\"Grace\"", actual: "\"Ada\""),
        ]
        var fixture = try answered(checks: checks)
        var screen = fixture.driver.render()
        #expect(screen.contains(" Tree │ Raw │ Headers 2 │ Timeline │ Checks ✗1 │ Console │ History"))
        #expect(screen.contains("200 OK"))
        #expect(screen.contains("42 ms"))
        fixture.driver.press("]")
        #expect(fixture.driver.state.response.tab == .raw)
        screen = fixture.driver.render()
        #expect(screen.contains("\"name\": \"Ada\""))
        fixture.driver.press("]")
        screen = fixture.driver.render()
        #expect(screen.contains("Content-Type application/json"))
        #expect(screen.contains("X-Request-Id r-42"))
        fixture.driver.press("]")
        screen = fixture.driver.render()
        #expect(screen.contains("DNS") && screen.contains("Connect") && screen.contains("Wait"))
        fixture.driver.press("]")
        screen = fixture.driver.render()
        #expect(screen.contains("✓ status equals  expected 200"))
        #expect(screen.contains("✗ $[0].name equals  expected \"Grace\"  actual \"Ada\""))
        fixture.driver.press("]")
        #expect(
            fixture.driver.render().contains(
                "This request has no scripts (add them in the Scripts tab of the request)."))
        fixture.driver.press("]")
        #expect(fixture.driver.render().contains("No past exchanges of this request yet."))
        fixture.driver.press("]")
        #expect(fixture.driver.state.response.tab == .tree)
        fixture.driver.press("[")
        #expect(fixture.driver.state.response.tab == .history)
    }

    @Test func rawWrapsShowsHexOrTheExactBytesAndCopiesTheBody() throws {
        var fixture = try answered(with: #"{"a":1,"b":[true,null]}"#)
        fixture.driver.press("]")
        var screen = fixture.driver.render()
        #expect(screen.contains("\"b\": ["))
        fixture.driver.press("p")
        #expect(fixture.driver.state.response.rawPretty == false)
        screen = fixture.driver.render()
        #expect(screen.contains(#"{"a":1,"b":[true,null]}"#))
        fixture.driver.press("x")
        #expect(fixture.driver.state.response.rawHex)
        screen = fixture.driver.render()
        #expect(screen.contains("7b 22 61 22"))
        fixture.driver.press("x", "w")
        #expect(fixture.driver.state.response.rawWrap)
        #expect(fixture.driver.press("y").copies == [#"{"a":1,"b":[true,null]}"#])
    }

    @Test func theRawSwitchesFromThePaletteShowTheRawTab() throws {
        var fixture = try answered(with: #"{"a":1}"#)
        fixture.driver.press("g", "1", "ctrl+p")
        fixture.driver.type("Raw: hex dump")
        fixture.driver.press("enter")
        // It flipped the hex dump of a tab out of sight, with nothing on screen.
        #expect(fixture.driver.state.response.tab == .raw)
        #expect(fixture.driver.state.focus == .response)
        #expect(fixture.driver.state.response.rawHex)
        #expect(fixture.driver.render().contains("7b 22 61 22"))
    }

    @Test func theHexDumpWrapAndExactStayForTheNextResponse() throws {
        var fixture = try answered(with: #"{"a":1}"#)
        fixture.driver.press("]", "x", "w", "p")
        #expect(fixture.driver.render().contains("7b 22 61 22"))
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        fixture.driver.reduce(.exchangeFinished(users, try Results.json(#"{"b":2}"#, generation: job.generation)))
        let response = fixture.driver.state.response
        #expect(response.rawHex && response.rawWrap && !response.rawPretty)
        #expect(response.tab == .raw)
        // The new body's bytes, in hex: `{"b":2}`.
        #expect(fixture.driver.render().contains("7b 22 62 22 3a 32 7d"))
        fixture.driver.press("x")
        #expect(fixture.driver.render().contains(#"{"b":2}"#))
    }

    @Test func aTextOrBinaryBodyIsShownAsSuch() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        var job = try #require(fixture.driver.press("F5").sendJobs.first)
        fixture.driver.reduce(
            .exchangeFinished(users, Results.text("<h1>Down</h1>\nback soon", generation: job.generation)))
        var screen = fixture.driver.render()
        #expect(screen.contains("Not JSON. See Raw (])."))
        #expect(screen.contains("<h1>Down</h1>"))
        #expect(fixture.driver.state.response.tree == nil)
        job = try #require(fixture.driver.press("F5").sendJobs.first)
        fixture.driver.reduce(
            .exchangeFinished(users, Results.binary([0, 1, 2, 0xFF, 0xFE], generation: job.generation)))
        screen = fixture.driver.render()
        #expect(screen.contains("Binary body, 5 B. Raw (]) shows a hex dump."))
        fixture.driver.press("g", "3", "]")
        #expect(fixture.driver.render().contains("00 01 02 ff fe"))
    }

    @Test func historyListsPastExchangesAndOpensOne() throws {
        var fixture = try answered()
        let entries = [
            HistoryEntry(
                date: Date(timeIntervalSince1970: 1_700_000_000), requestID: "a-users", environment: "dev",
                method: "GET", url: "http://dev.mock/users?limit=10", status: 200,
                responseBody: HistoryBody(text: "[1,2,3]", encoding: .utf8, size: 7, truncated: false),
                durationMilliseconds: 1500),
            HistoryEntry(
                date: Date(timeIntervalSince1970: 1_700_000_100), requestID: "a-users", environment: "dev",
                method: "GET", url: "http://dev.mock/users?limit=10", error: "Could not connect"),
        ]
        // History arrives oldest first and is listed newest first.
        fixture.driver.reduce(.historyLoaded(users, entries))
        fixture.driver.reduce(.historyLoaded(TestCollections.key("a-user"), []))
        #expect(fixture.driver.state.response.history.count == 2)
        fixture.driver.press("[")
        #expect(fixture.driver.state.response.tab == .history)
        let screen = fixture.driver.render()
        #expect(screen.contains("History 2"))
        #expect(screen.contains("✖  GET http://dev.mock/users?limit=10  (dev)  Could not connect"))
        // Durations as the status line writes them (it said "1500 ms").
        #expect(screen.contains("200  1.5 s  GET http://dev.mock/users?limit=10  (dev)"))
        fixture.driver.press("j", "enter")
        #expect(fixture.driver.state.response.openedHistory == entries[0])
        // It opens in the same views as a live result: its tree, its status, marked as past.
        #expect(fixture.driver.state.response.tab == .tree)
        let opened = fixture.driver.render()
        #expect(opened.contains("⟲ "))
        #expect(opened.contains("200 OK"))
        #expect(opened.contains("[ 3 items"))
        // Esc goes back to the latest result.
        fixture.driver.press("esc")
        #expect(fixture.driver.state.response.openedHistory == nil)
        #expect(fixture.driver.state.shownResult?.generation == fixture.driver.state.exchange?.result?.generation)
    }

    @Test func aPast4xxAnswerOpensWithItsBanner() throws {
        var fixture = try answered()
        let entry = HistoryEntry(
            date: Date(timeIntervalSince1970: 1_700_000_000), requestID: "a-users", environment: "dev",
            method: "GET", url: "http://dev.mock/users", status: 401,
            responseBody: HistoryBody(text: "{}", encoding: .utf8, size: 2, truncated: false), durationMilliseconds: 3)
        fixture.driver.reduce(.historyLoaded(users, [entry]))
        fixture.driver.press("[", "enter")
        #expect(fixture.driver.state.response.openedHistory == entry)
        #expect(fixture.driver.render().contains("⚠ Not authenticated"))
    }
}
