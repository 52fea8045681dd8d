import Explorer
import ExplorerTesting
import HTTPCore
import TUI
import Testing
import Workspace

/// The request editor slice on its own, stepped exhaustively: the table commands move, switch
/// column and edit rows; every edit goes back to the root as the request it makes (the root turns
/// it into the draft) with a request to store the drafts.
struct RequestEditorSliceTests {
    /// The editor of `requestID` as the explorer loads it, on the Params tab, the pane focused.
    private func steps(_ requestID: String) throws -> SliceStepDriver<RequestEditorReducer> {
        let fixture = try ReducerFixture(startup: StartupRequest(request: requestID))
        let state = fixture.driver.state
        let key = TestCollections.key(requestID)
        let request = try #require(state.request(key))
        var editor = RequestEditorState()
        editor.load(request, key: key)
        return SliceStepDriver(
            state: editor, context: RequestEditorReducer.Context(key: key, request: request, saved: request))
    }

    @Test func rowCommandsMoveBetweenTheQueryRowsThePathParametersAndTheURL() throws {
        var steps = try steps("a-user")
        #expect(steps.state.query.rows.isEmpty)
        #expect(steps.state.pathParams.rows.map(\.key) == ["id"])
        // Down past the (empty) query table: the path parameters; up from their top: back.
        steps.step(.command(.rowDown)) { $0.paramsOnPath = true }
        steps.step(.command(.nameColumn))  // names are fixed: the value column stays
        steps.step(.command(.rowUp)) { $0.paramsOnPath = false }
        // Up from the top chooses the URL line (not typed in: issue 33).
        steps.step(.command(.rowUp)) { $0.focus = .urlLine }
        // Nothing is a table while the URL line is chosen.
        steps.step(.command(.rowDown))
    }

    @Test func addingARowOnThePathParametersAddsAQueryRowAndSaysWhichKeyDoes() throws {
        var steps = try steps("a-user")
        steps.context.addRowKey = "n"
        steps.step(.command(.rowDown)) { $0.paramsOnPath = true }
        let before = try #require(steps.context.request)
        var request = before
        request.query = [KeyValueRow(name: "", value: "")]
        steps.step(
            .command(.addRow),
            outcome: RequestEditorReducer.Outcome(
                notice: Notice("Path parameters come from :name in the URL; n adds a query row", kind: .info),
                requests: [.updateDraft(TestCollections.key("a-user"), request), .storeDrafts])
        ) {
            $0.paramsOnPath = false
            $0.query.addRow()
            $0.edits[TestCollections.key("a-user"), default: RequestEditHistory()].record(
                before: before, after: request, field: nil)
        }
    }

    @Test func rowsMoveSwitchColumnAndSwitchOffThroughCommands() throws {
        var steps = try steps("a-users")
        steps.step(.command(.tab2)) { $0.tab = .headers }
        #expect(steps.state.headers.rows.map(\.key) == ["Accept"])
        // A row with a name starts on its value (issue 33); ← and → choose the column.
        #expect(steps.state.headers.column == .value)
        steps.step(.command(.nameColumn)) { $0.headers.column = .key }
        steps.step(.command(.valueColumn)) { $0.headers.column = .value }
        steps.step(.command(.otherColumn)) { $0.headers.column = .key }
        let before = try #require(steps.context.request)
        var request = before
        request.headers[0].enabled = false
        steps.step(
            .command(.toggleRow),
            outcome: RequestEditorReducer.Outcome(requests: [
                .updateDraft(TestCollections.key("a-users"), request), .storeDrafts,
            ])
        ) {
            $0.headers.toggleSelected()
            $0.edits[TestCollections.key("a-users"), default: RequestEditHistory()].record(
                before: before, after: request, field: nil)
        }
        steps.context.request = request
        steps.step(.command(.lastRow))
        steps.step(.command(.rowUp)) { $0.focus = .urlLine }
    }

    @Test func aKeyTheTablesDoNotTakeIsPassedToTheKeymap() throws {
        var steps = try steps("a-users")
        for key in [KeyEvent(.down), .char("j"), KeyEvent(.left), .char("a")] {
            steps.step(.contentKey(key), outcome: RequestEditorReducer.Outcome(passed: true))
        }
    }

    @Test func theMethodCyclesIntoTheDraft() throws {
        var steps = try steps("a-users")
        let before = try #require(steps.context.request)
        var request = before
        let all = RequestMethod.standard.filter { $0 != .connect && $0 != .trace }
        request.method = all[((all.firstIndex(of: .get) ?? 0) + 1) % all.count]
        steps.step(
            .command(.method),
            outcome: RequestEditorReducer.Outcome(requests: [
                .updateDraft(TestCollections.key("a-users"), request), .storeDrafts,
            ])
        ) {
            $0.edits[TestCollections.key("a-users"), default: RequestEditHistory()].record(
                before: before, after: request, field: nil)
        }
    }

    /// Regression: a query typed away in the URL left row 0 selected in the empty Params table,
    /// and `a` (add a row below the selected one) then crashed on an index past the end.
    @Test func aQueryTypedAwayLeavesNoRowSelectedAndARowCanStillBeAdded() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        fixture.driver.press("g", "2", "alt+1")
        #expect(fixture.driver.state.editor.query.table.selected == 0)
        fixture.driver.press("ctrl+l")
        for _ in 0..<"?limit={{limit}}".count { fixture.driver.press("backspace") }
        #expect(fixture.driver.state.editor.url.text == "/users")
        fixture.driver.press("esc")
        #expect(fixture.driver.state.editor.query.rows.isEmpty)
        #expect(fixture.driver.state.editor.query.table.selected == nil)
        fixture.driver.press("a")
        #expect(fixture.driver.state.editor.query.rows.count == 1)
        #expect(fixture.driver.state.editor.query.isEditing)
    }

    @Test func enterInTheURLAsksTheRootToSend() throws {
        var steps = try steps("a-users")
        steps.step(.command(.url)) { $0.focus = .url }
        steps.step(.type(KeyEvent(.enter)), outcome: RequestEditorReducer.Outcome(requests: [.send]))
        steps.step(.type(KeyEvent(.down))) { $0.focus = .content }
    }
}
