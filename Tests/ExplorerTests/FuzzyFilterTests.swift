import Explorer
import ExplorerTesting
import Testing

/// The collections filter matches names fuzzily, as the palette does (`crtusr` finds "Create
/// user"), still matches methods, URLs and folders by substring, and lists a folder's requests
/// best first.
struct FuzzyFilterTests {
    private func titles(_ state: ExplorerState) -> [String] { state.navigator.rows.map(\.title) }

    @Test func lettersLeftOutStillFindTheRequest() throws {
        var fixture = try ReducerFixture()
        fixture.driver.press("/")
        fixture.driver.type("crtusr")
        #expect(titles(fixture.driver.state) == ["Alpha", "Users", "Create user"])
        #expect(fixture.driver.state.navigator.selectedRow?.title == "Create user")
        fixture.driver.press("backspace", "backspace", "backspace", "backspace", "backspace", "backspace")
        fixture.driver.type("pnl")
        #expect(titles(fixture.driver.state) == ["Alpha", "Users", "Admin", "Admin panel"])
    }

    @Test func aFoldersRequestsAreListedBestFirst() throws {
        var fixture = try ReducerFixture()
        fixture.driver.press("/")
        // "Get user" starts its word earliest; "Slow" matches only through its folder's name.
        fixture.driver.type("us")
        let rows = titles(fixture.driver.state)
        let users = rows.filter { ["Get user", "List users", "Create user", "Slow"].contains($0) }
        #expect(users == ["Get user", "List users", "Create user", "Slow"], "\(rows)")
    }
}
