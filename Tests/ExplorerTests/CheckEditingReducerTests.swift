import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// Writing expectations and captures on the Checks tab, and a timeout on the Options tab, in the
/// request editor slice (stepped exhaustively): a refused line keeps its editor open with the
/// reason, and asks for no draft.
struct CheckEditingReducerTests {
    private static let users = TestCollections.key("a-users")

    /// The editor of List users on the Checks tab, as the explorer loads it.
    private func steps() throws -> SliceStepDriver<RequestEditorReducer> {
        let fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        let request = try #require(fixture.driver.state.request(Self.users))
        var editor = RequestEditorState()
        editor.load(request, key: Self.users)
        var steps = SliceStepDriver<RequestEditorReducer>(
            state: editor, context: RequestEditorReducer.Context(key: Self.users, request: request, saved: request))
        steps.step(.command(.tab6)) { $0.tab = .checks }
        return steps
    }

    /// Types `text` into the open form line (after selecting what is there), one step a key.
    private func type(_ text: String, _ steps: inout SliceStepDriver<RequestEditorReducer>) {
        steps.step(.type(.ctrl("a"))) { _ = $0.formEditor?.handle(.ctrl("a")) }
        for character in text {
            let key = KeyEvent(.character(character))
            steps.step(.type(key)) { _ = $0.formEditor?.handle(key) }
        }
    }

    /// Enter on a line the editor refuses: it stays open with `reason`, nothing asked.
    private func refused(_ reason: String, _ steps: inout SliceStepDriver<RequestEditorReducer>) {
        steps.step(.type(KeyEvent(.enter))) { $0.formError = reason }
    }

    /// Enter on a line the editor takes: the request as edited goes to the root.
    private func taken(
        _ steps: inout SliceStepDriver<RequestEditorReducer>, _ edit: (inout SavedRequest) -> Void
    ) throws {
        let before = try #require(steps.context.request)
        var request = before
        edit(&request)
        steps.step(
            .type(KeyEvent(.enter)),
            outcome: RequestEditorReducer.Outcome(requests: [.updateDraft(Self.users, request), .storeDrafts])
        ) {
            $0.formEditor = nil
            $0.formError = nil
            // One undo step (issue 33).
            $0.edits[Self.users, default: RequestEditHistory()].record(before: before, after: request, field: nil)
        }
        steps.context.request = request
    }

    /// `a` on the Checks tab: a new expectation (or capture, below the captures) line to type.
    private func add(_ field: FormRow.Field, text: String, _ steps: inout SliceStepDriver<RequestEditorReducer>)
        throws
    {
        let rows = RequestForms.rows(.checks, try #require(steps.context.request))
        steps.step(.contentKey(.char("a"))) {
            $0.formSelected = rows.firstIndex { $0.field == field } ?? $0.formSelected
            $0.formEditor = TextEditorState(text: text, singleLine: true)
            $0.formEditor?.selectAll()
        }
    }

    @Test func anInvalidJSONPathIsRefusedWhereItIsTypedNotAtEveryRun() throws {
        var steps = try steps()
        try add(.newExpectation, text: "status equals 200", &steps)
        type("$.items[?( exists", &steps)
        refused("Invalid JSONPath at character 11: expected a filter expression (a path has no spaces)", &steps)
        // A capture from a broken path is refused the same way.
        steps.step(.cancelTyping) {
            $0.formEditor = nil
            $0.formError = nil
        }
        let rows = RequestForms.rows(.checks, try #require(steps.context.request))
        steps.step(.contentKey(KeyEvent(.end))) { $0.formSelected = rows.count - 1 }
        try add(.newCapture, text: "name = $.path", &steps)
        type("id = $..[", &steps)
        refused("Invalid JSONPath at character 5: expected a selector (a path has no spaces)", &steps)
        // A name the collection loader refuses (not ASCII) is refused here too.
        type("café = $[0].id", &steps)
        refused("A variable name has letters a–z, A–Z, digits, _, - and . only", &steps)
        // A valid path is taken.
        type("id = $[0].id", &steps)
        try taken(&steps) { _ = RequestForms.apply(.newCapture, "id = $[0].id", to: &$0) }
        #expect(steps.context.request?.captures.map(\.variable) == ["id"])
    }

    /// A refused new line stays where it was typed when a tab key is pressed: moved to the first
    /// row, the next Enter saved it over the first check.
    @Test func aRefusedLineStaysOpenOnItsRowWhenTheTabIsChanged() throws {
        var steps = try steps()
        try add(.newExpectation, text: "status equals 200", &steps)
        type("$.x[ exists", &steps)
        refused("Invalid JSONPath at character 5: expected a selector (a path has no spaces)", &steps)
        let selected = steps.state.formSelected
        #expect(selected > 0)
        // The commit is tried again (and refused again); the line, its row and the tab stay.
        steps.step(.command(.tab6))
        steps.step(.command(.nextTab))
        #expect(steps.state.formSelected == selected)
        type("$.name exists", &steps)
        let before = try #require(steps.context.request)
        try taken(&steps) { _ = RequestForms.apply(.newExpectation, "$.name exists", to: &$0) }
        #expect(steps.context.request?.expectations.count == before.expectations.count + 1)
        #expect(steps.context.request?.expectations.first == before.expectations.first)
    }

    @Test func aMatchesCheckNeedsAValidPatternAndATimeoutTheFileCanHold() throws {
        var steps = try steps()
        try add(.newExpectation, text: "status equals 200", &steps)
        type("$.name matches [a-", &steps)
        refused("Not a valid regular expression: [a-", &steps)
        // A number after matches is a pattern, written as a string (the loader wants one).
        type("$.id matches 42", &steps)
        try taken(&steps) { _ = RequestForms.apply(.newExpectation, "$.id matches 42", to: &$0) }
        #expect(steps.context.request?.expectations.last?.value == .string("42"))
        // Options: a timeout past 2^31 - 1 ms was saved, and the file then did not load.
        steps.step(.command(.tab5)) {
            $0.tab = .options
            $0.formSelected = 0
        }
        let options = RequestForms.rows(.options, try #require(steps.context.request))
        let timeout = try #require(options.first)
        steps.step(.contentKey(KeyEvent(.enter))) {
            var field = TextEditorState(text: timeout.text, singleLine: true)
            field.move(.lineEnd)
            $0.formEditor = field
        }
        type("99999999", &steps)
        refused("At most 2147483 seconds (about 24 days)", &steps)
        #expect(steps.context.request?.options.timeoutSeconds == nil)
    }
}
