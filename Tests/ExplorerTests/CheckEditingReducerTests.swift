import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// Writing expectations and captures on the Checks tab.
struct CheckEditingReducerTests {
    private let users = TestCollections.key("a-users")

    @Test func anInvalidJSONPathIsRefusedWhereItIsTypedNotAtEveryRun() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        let before = try #require(fixture.driver.state.request(users)).expectations
        fixture.driver.press("alt+6", "a")
        fixture.driver.type("$.items[?( exists")
        fixture.driver.press("enter")
        // Kept open with the reason, nothing added.
        #expect(fixture.driver.state.editor.formEditor != nil)
        #expect(fixture.driver.state.editor.formError?.hasPrefix("Invalid JSONPath at character") == true)
        #expect(fixture.driver.state.request(users)?.expectations == before)
        // A capture from a broken path is refused the same way.
        fixture.driver.press("esc", "end", "a")
        fixture.driver.type("id = $..[")
        fixture.driver.press("enter")
        #expect(fixture.driver.state.editor.formError?.hasPrefix("Invalid JSONPath") == true)
        #expect(fixture.driver.state.request(users)?.captures.isEmpty == true)
        // A name the collection loader refuses (not ASCII) is refused here too.
        fixture.driver.press("ctrl+a")
        fixture.driver.type("café = $[0].id")
        fixture.driver.press("enter")
        #expect(fixture.driver.state.editor.formError?.hasPrefix("A variable name has letters a–z") == true)
        // A valid path is taken.
        fixture.driver.press("ctrl+a")
        fixture.driver.type("id = $[0].id")
        fixture.driver.press("enter")
        #expect(fixture.driver.state.editor.formError == nil)
        #expect(fixture.driver.state.request(users)?.captures.map(\.variable) == ["id"])
    }

    @Test func aMatchesCheckNeedsAValidPatternAndATimeoutTheFileCanHold() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        let before = try #require(fixture.driver.state.request(users)).expectations
        fixture.driver.press("alt+6", "a")
        fixture.driver.type("$.name matches [a-")
        fixture.driver.press("enter")
        #expect(fixture.driver.state.editor.formError == "Not a valid regular expression: [a-")
        #expect(fixture.driver.state.request(users)?.expectations == before)
        // A number after matches is a pattern, written as a string (the loader wants one).
        fixture.driver.press("ctrl+a")
        fixture.driver.type("$.id matches 42")
        fixture.driver.press("enter")
        #expect(fixture.driver.state.request(users)?.expectations.last?.value == .string("42"))
        // Options: a timeout past 2^31 - 1 ms was saved, and the file then did not load.
        fixture.driver.press("alt+5", "enter")
        fixture.driver.type("99999999")
        fixture.driver.press("enter")
        #expect(fixture.driver.state.editor.formError == "At most 2147483 seconds (about 24 days)")
        #expect(fixture.driver.state.request(users)?.options.timeoutSeconds == nil)
    }
}
