import Explorer
import ExplorerTesting
import TUI
import Testing
import Workspace

/// At 80×24 (issue 33) request names were cut to ten characters with no way to read them whole,
/// and the Params tab showed one query row beside a path parameter. The focused pane gets the
/// room: the collections pane widens while it has the focus, the request pane grows.
struct SmallScreenTests {
    private static let small = Size(width: 80, height: 24)

    @Test func theCollectionsPaneWidensWhileItHasTheFocusAndNamesReadWhole() throws {
        var fixture = try ReducerFixture(try Shipped.all(), size: Self.small)
        #expect(fixture.driver.state.focus == .collections)
        #expect(ExplorerLayout(fixture.driver.state).collections?.width == 34)
        // Cut before (`Posts of …` at 24 columns), whole now.
        fixture.driver.press("/")
        fixture.driver.type("posts of a")
        fixture.driver.press("esc")
        #expect(fixture.driver.render().contains("GET   Posts of a user"))
        fixture.driver.press("g", "2")
        #expect(ExplorerLayout(fixture.driver.state).collections?.width == 24)
        // `<`/`>` set a width that stays, focused or not.
        fixture.driver.press("g", "1", "<")
        #expect(ExplorerLayout(fixture.driver.state).collections?.width == 30)
        fixture.driver.press("g", "2")
        #expect(ExplorerLayout(fixture.driver.state).collections?.width == 30)
    }

    @Test func theRequestPaneGrowsWhileItHasTheFocusAndShowsMoreQueryRows() throws {
        var fixture = try ReducerFixture(
            [PathParameterTests.collection], size: Self.small, startup: StartupRequest(request: "p-both"))
        fixture.driver.press("g", "1")
        #expect(ExplorerLayout(fixture.driver.state).request?.height == 9)
        fixture.driver.press("g", "2", "alt+1")
        // Two query rows and a path parameter under their titles: five lines, the pane grows by one.
        #expect(ExplorerLayout(fixture.driver.state).request?.height == 10)
        // Both query rows and the path parameter are on screen (one query row was).
        let screen = fixture.driver.render()
        #expect(screen.contains("page"))
        #expect(screen.contains("status"))
        #expect(screen.contains("project"))
        // More rows than eight lines hold: 13 lines at most, the response pane keeping nine.
        fixture.driver.typeAtEndOfURLPath("?a=1&b=2&c=3&d=4&e=5&f=6")
        fixture.driver.press("esc")
        #expect(ExplorerLayout(fixture.driver.state).request?.height == 13)
        #expect(ExplorerLayout(fixture.driver.state).response?.height == 9)
        // Alt+↑/↓ set a share that stays: from the height on screen, one step smaller.
        fixture.driver.press("alt+up")
        let height = try #require(ExplorerLayout(fixture.driver.state).request?.height)
        #expect(height < 13)
        fixture.driver.press("g", "3")
        #expect(ExplorerLayout(fixture.driver.state).request?.height == height)
    }
}
