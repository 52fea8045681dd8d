import Explorer
import ExplorerTesting
import TUI
import Testing
import Workspace

/// Pointing at a place, slice by slice, stepped exhaustively: a problem that blocked the send
/// shows its tab and row in the request editor (an environment's asks for the picker); clicks on
/// the request pane's parts and on the collections' rows; the wheel over the rows; and the
/// editor loaded, emptied and readied for a new request by the root.
struct PointingSliceTests {
    private func editor(_ requestID: String) throws -> SliceStepDriver<RequestEditorReducer> {
        let state = try ReducerFixture(startup: StartupRequest(request: requestID)).driver.state
        let key = TestCollections.key(requestID)
        let request = try #require(state.request(key))
        var editor = RequestEditorState()
        editor.load(request, key: key)
        return SliceStepDriver(
            state: editor, context: RequestEditorReducer.Context(key: key, request: request, saved: request))
    }

    @Test func aProblemShowsItsTabAndRow() throws {
        var steps = try editor("a-user")
        steps.step(.jump(toProblem: "headers[0].value: {{traceId}} has no value")) {
            $0.tab = .headers
            $0.headers.select(0)
        }
        steps.step(.jump(toProblem: "pathParams[0].value: {{id}} has no value")) {
            $0.tab = .params
            $0.paramsOnPath = true
            $0.pathParams.select(0)
        }
        steps.step(.jump(toProblem: "body: {{name}} has no value")) {
            $0.tab = .body
        }
        steps.step(.jump(toProblem: "url: {{host}} has no value")) { $0.focus = .url }
        steps.step(
            .jump(toProblem: "environments.dev.baseURL: {{x}} has no value"),
            outcome: .init(requests: [.openEnvironmentPicker]))
    }

    @Test func aClickOnTheURLATabOrTheContentTakesTheFocusThere() throws {
        var steps = try editor("a-create")
        steps.step(.click(.url)) { $0.focus = .url }
        steps.step(.leaveURL) { $0.focus = .content }
        steps.step(.click(.tab(.body))) { $0.tab = .body }
        // The body and the notes take typing; a table takes keys.
        steps.step(.click(.content)) { $0.focus = .editing }
        steps.step(.leaveURL)
        // A send ends the edit: the next key is a command again.
        steps.step(.endEditForSend) { $0.focus = .content }
        steps.step(.click(.tab(.headers))) { $0.tab = .headers }
        steps.step(.click(.content))
    }

    @Test func theRootLoadsEmptiesAndReadiesTheEditor() throws {
        var steps = try editor("a-users")
        let root = TestCollections.key("a-root")
        let request = try #require(try ReducerFixture().driver.state.request(root))
        steps.step(.load(root, request)) { $0.load(request, key: root) }
        steps.step(.editNewRequest) {
            $0.focus = .url
            $0.url.selectAll()
        }
        steps.step(.unload) { $0 = RequestEditorState() }
    }

    private func navigator() throws -> SliceStepDriver<NavigatorReducer> {
        let state = try ReducerFixture().driver.state
        let context = NavigatorReducer.Context(
            collections: state.collections, selection: state.selection, drafts: state.drafts,
            currentCollectionID: state.currentCollectionID, page: 10, now: .seconds(5))
        return SliceStepDriver(state: state.navigator, context: context)
    }

    @Test func aClickSelectsARowOpensARequestAndFoldsAtTheArrow() throws {
        var steps = try navigator()
        let collections = steps.context.collections
        #expect(steps.state.rows.map(\.title) == ["Alpha", "Users", "Empty", "Root"])
        #expect(steps.state.selected == 3)
        // Users (depth 1): a click past its arrow selects it; a second click folds it open.
        steps.step(.click(line: 1, column: 8)) { $0.selected = 1 }
        steps.step(
            .click(line: 1, column: 8),
            outcome: .init(requests: [.rememberUIState(collectionID: TestCollections.alphaID)])
        ) {
            $0.expanded.insert(TestCollections.alphaID + "/Users")
            $0.rebuild(from: collections)
        }
        // A click on Empty's arrow folds it at once.
        let empty = try #require(steps.state.rows.firstIndex { $0.title == "Empty" })
        steps.step(
            .click(line: empty, column: 3),
            outcome: .init(requests: [.rememberUIState(collectionID: TestCollections.alphaID)])
        ) {
            $0.selected = empty
            $0.expanded.insert(TestCollections.alphaID + "/Empty")
            $0.rebuild(from: collections)
        }
        // A request opens; a row past the end is nothing.
        let root = TestCollections.key("a-root")
        let line = try #require(steps.state.rows.firstIndex { $0.requestKey == root })
        steps.step(.click(line: line, column: 20), outcome: .init(requests: [.select(root, focus: false)])) {
            $0.selected = line
        }
        steps.step(.click(line: 40, column: 0))
    }

    @Test func theWheelScrollsWithinTheRowsAndAnUndoExpires() throws {
        var steps = try navigator()
        steps.step(.scroll(rows: 3)) { $0.offset = 3 }
        steps.step(.scroll(rows: 3))
        steps.step(.scroll(rows: -9)) { $0.offset = 0 }
        steps.step(.renameExpansion(from: "nope", to: "other"))
        steps.step(.renameExpansion(from: TestCollections.alphaID, to: "renamed")) {
            $0.expanded.remove(TestCollections.alphaID)
            $0.expanded.insert("renamed")
        }
    }

    @Test func theOfferToUndoADeletionEndsWhenItExpires() throws {
        let state = try ReducerFixture().driver.state
        let document = try #require(state.document(collectionID: TestCollections.alphaID))
        var navigator = state.navigator
        navigator.undo = UndoableDeletion(
            collectionID: TestCollections.alphaID, before: document.collection, description: "Root",
            expires: .seconds(6))
        var steps = SliceStepDriver<NavigatorReducer>(
            state: navigator, context: NavigatorReducer.Context(collections: state.collections, now: .seconds(5)))
        steps.step(.expireUndo)
        steps.context.now = .seconds(6)
        steps.step(.expireUndo) { $0.undo = nil }
        // A rename the workspace made is offered for ten seconds from now.
        let rename = UndoableDeletion(
            collectionID: TestCollections.alphaID, before: document.collection, description: "Root", expires: .zero)
        steps.step(.offerUndo(rename)) {
            $0.undo = rename
            $0.undo?.expires = .seconds(16)
        }
    }
}
