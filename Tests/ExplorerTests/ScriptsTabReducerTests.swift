import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// The Scripts tab in the request editor slice (issue 32), stepped exhaustively: opening it asks
/// for a syntax check of each script there is, typing into a script makes the draft and asks for
/// its check, and a check's answer is kept only for the text it was asked about.
struct ScriptsTabReducerTests {
    static let key = RequestKey(collectionID: "scripted", requestID: "who")
    static let preRequest = "pm.variables.set('a', 1);"
    static let file = FixtureFile.text(
        "scripted.json",
        """
        {
          "formatVersion": 1, "id": "scripted", "name": "Scripted", "defaultEnvironment": "mock",
          "requests": [
            {"id": "who", "name": "Who", "method": "GET", "url": "/who",
             "scripts": {"preRequest": "pm.variables.set('a', 1);"}}
          ],
          "environments": [{"name": "mock", "kind": "mock", "baseURL": "http://who.mock"}]
        }
        """)

    /// The editor of Who, on its Scripts tab.
    private func steps() throws -> SliceStepDriver<RequestEditorReducer> {
        let fixture = try ReducerFixture([Self.file], startup: StartupRequest(request: "who"))
        let request = try #require(fixture.driver.state.request(Self.key))
        var editor = RequestEditorState()
        editor.load(request, key: Self.key)
        var steps = SliceStepDriver<RequestEditorReducer>(
            state: editor,
            context: RequestEditorReducer.Context(key: Self.key, request: request, saved: request, paneFocused: true))
        // Only the pre-request script is there: only it is checked.
        steps.step(
            .command(.tab8),
            outcome: RequestEditorReducer.Outcome(effects: [
                .checkScriptSyntax(ScriptSyntaxJob(key: Self.key, stage: .preRequest, text: Self.preRequest))
            ])
        ) { $0.tab = .scripts }
        return steps
    }

    @Test func downAndEnterTypeIntoTheTestScriptWhichBecomesTheDraftAndIsChecked() throws {
        var steps = try steps()
        steps.step(.contentKey(.char("j"))) { $0.onTestScript = true }
        steps.step(.contentKey(KeyEvent(.enter))) { $0.focus = .editing }
        let before = try #require(steps.context.request)
        var typed = ""
        for character in "ok;" {
            typed.append(character)
            let key = KeyEvent(.character(character))
            let previous = try #require(steps.context.request)
            var request = previous
            request.scripts?.test = typed
            steps.step(
                .type(key),
                outcome: RequestEditorReducer.Outcome(
                    effects: [.checkScriptSyntax(ScriptSyntaxJob(key: Self.key, stage: .test, text: typed))],
                    requests: [.updateDraft(Self.key, request), .storeDrafts])
            ) {
                _ = $0.testScript.handle(key)
                // The keys typed in a row are one undo step.
                $0.edits[Self.key, default: RequestEditHistory()].record(
                    before: previous, after: request, field: "test script")
            }
            steps.context.request = request
        }
        #expect(steps.context.request?.scripts?.preRequest == Self.preRequest)
        #expect(before.scripts?.test == nil)
    }

    @Test func upFromThePreRequestScriptGoesToTheURLLine() throws {
        var steps = try steps()
        steps.step(.contentKey(.char("j"))) { $0.onTestScript = true }
        steps.step(.contentKey(.char("k"))) { $0.onTestScript = false }
        steps.step(.contentKey(.char("k"))) { $0.focus = .urlLine }
    }

    @Test func aCheckIsKeptOnlyForTheTextItWasAskedAbout() throws {
        var steps = try steps()
        let stale = ScriptSyntaxJob(key: Self.key, stage: .preRequest, text: "if (")
        steps.step(.scriptSyntaxChecked(stale, problem: "line 1: SyntaxError: Unexpected end of script")) { _ in }
        let current = ScriptSyntaxJob(key: Self.key, stage: .preRequest, text: Self.preRequest)
        steps.step(.scriptSyntaxChecked(current, problem: "line 1: SyntaxError: made up")) {
            $0.preRequestScriptProblem = "line 1: SyntaxError: made up"
            $0.preRequestScriptChecked = Self.preRequest
        }
        let otherRequest = ScriptSyntaxJob(
            key: RequestKey(collectionID: "scripted", requestID: "other"), stage: .preRequest, text: Self.preRequest)
        steps.step(.scriptSyntaxChecked(otherRequest, problem: nil)) { _ in }
    }

    @Test func altEOpensTheChosenScriptInTheEditorAsAJavaScriptFile() throws {
        var steps = try steps()
        steps.step(
            .command(.editBodyExternally),
            outcome: RequestEditorReducer.Outcome(effects: [
                .editExternally(Self.key, text: Self.preRequest, .script(.preRequest))
            ])
        ) { _ in }
        // Its text comes back to the script it was, chosen again.
        let before = try #require(steps.context.request)
        var request = before
        request.scripts?.preRequest = "pm.variables.set('b', 2);"
        steps.step(.contentKey(.char("j"))) { $0.onTestScript = true }
        steps.step(
            .scriptEdited("pm.variables.set('b', 2);", .preRequest),
            outcome: RequestEditorReducer.Outcome(
                effects: [
                    .checkScriptSyntax(
                        ScriptSyntaxJob(key: Self.key, stage: .preRequest, text: "pm.variables.set('b', 2);"))
                ],
                requests: [.updateDraft(Self.key, request), .storeDrafts])
        ) {
            $0.onTestScript = false
            $0.preRequestScript.setText("pm.variables.set('b', 2);")
            // Text from outside is an undo step of its own.
            $0.edits[Self.key, default: RequestEditHistory()].record(before: before, after: request, field: nil)
            $0.edits[Self.key]?.seal()
        }
    }

    @Test func keysThatOnlyMoveTheCursorMakeNoDraftAndAskNoCheck() throws {
        var steps = try steps()
        steps.step(.contentKey(KeyEvent(.enter))) { $0.focus = .editing }
        for key in [KeyEvent(.left), KeyEvent(.right), KeyEvent(.end), KeyEvent(.home)] {
            steps.step(.type(key)) { _ = $0.preRequestScript.handle(key) }
        }
        #expect(steps.context.request == steps.context.saved)
    }

    @Test func aScriptMadeBlankLosesItsMarkerAndIsNotChecked() throws {
        var steps = try steps()
        let job = ScriptSyntaxJob(key: Self.key, stage: .preRequest, text: Self.preRequest)
        steps.step(.scriptSyntaxChecked(job, problem: "line 1: SyntaxError: made up")) {
            $0.preRequestScriptProblem = "line 1: SyntaxError: made up"
            $0.preRequestScriptChecked = Self.preRequest
        }
        steps.step(.contentKey(KeyEvent(.enter))) { $0.focus = .editing }
        let blanked = try #require(steps.context.request)
        var request = blanked
        request.scripts = nil
        let selectAll = KeyEvent.ctrl("a")
        steps.step(.type(selectAll)) { _ = $0.preRequestScript.handle(selectAll) }
        let delete = KeyEvent(.backspace)
        steps.step(
            .type(delete),
            outcome: RequestEditorReducer.Outcome(requests: [.updateDraft(Self.key, request), .storeDrafts])
        ) {
            _ = $0.preRequestScript.handle(delete)
            $0.preRequestScriptProblem = nil
            $0.preRequestScriptChecked = nil
            $0.edits[Self.key, default: RequestEditHistory()].record(
                before: blanked, after: request, field: "pre-request script")
        }
    }
}
