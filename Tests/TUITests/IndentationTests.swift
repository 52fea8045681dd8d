import TUI
import Testing

/// The body editor types code: Tab indents, Enter keeps the indentation (issue 33: Tab left the
/// field, Enter started every line at column 0).
@Suite struct IndentationTests {
    private func code(_ text: String = "") -> TextEditorState {
        var state = TextEditorState(text: text)
        state.indentsCode = true
        state.move(.documentEnd)
        return state
    }

    private func type(_ keys: [KeyEvent], into state: inout TextEditorState) {
        for key in keys {
            let handled = state.handle(key)
            #expect(handled, "\(key) was not handled")
        }
    }

    @Test func enterKeepsTheLineIndentationAndOpensALevelAfterABrace() {
        var state = code("{")
        type([KeyEvent(.enter)], into: &state)
        for character in "\"a\": [" { _ = state.handle(.char(character)) }
        type([KeyEvent(.enter)], into: &state)
        _ = state.handle(.char("1"))
        type([KeyEvent(.enter)], into: &state)
        _ = state.handle(.char("2"))
        #expect(state.text == "{\n  \"a\": [\n    1\n    2")
    }

    @Test func enterBetweenAPairPutsTheCloserOnItsOwnLine() {
        var state = code("  {}")
        state.move(.left)
        type([KeyEvent(.enter)], into: &state)
        _ = state.handle(.char("x"))
        #expect(state.text == "  {\n    x\n  }")
    }

    @Test func tabIndentsToTheNextStopAndShiftTabIsLeftToTheApp() {
        var state = code("a")
        type([KeyEvent(.tab)], into: &state)
        #expect(state.text == "a ")
        type([KeyEvent(.tab)], into: &state)
        #expect(state.text == "a   ")
        let shiftTab = state.handle(KeyEvent(.backTab))
        #expect(!shiftTab)
        state.undo()
        #expect(state.text == "a ")
    }

    @Test func withoutCodeEditingTabAndEnterAreAsBefore() {
        var state = TextEditorState(text: "  {")
        state.move(.documentEnd)
        let tab = state.handle(KeyEvent(.tab))
        #expect(!tab)
        _ = state.handle(KeyEvent(.enter))
        #expect(state.text == "  {\n")
    }
}
