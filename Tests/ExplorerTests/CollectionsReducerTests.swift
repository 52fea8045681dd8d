import Explorer
import ExplorerTesting
import TUI
import Testing
import Workspace

/// The collections pane in the reducer: moving, folding, opening, filtering, focus and layout keys.
struct CollectionsReducerTests {
    private func titles(_ state: ExplorerState) -> [String] { state.navigator.rows.map(\.title) }

    @Test func loadingOpensTheFirstCollectionAndSelectsItsFirstRequest() throws {
        let fixture = try ReducerFixture()
        let state = fixture.driver.state
        #expect(titles(state) == ["Alpha", "Users", "Empty", "Root"])
        #expect(state.selection == TestCollections.key("a-root"))
        #expect(state.navigator.selectedRow?.title == "Root")
        #expect(state.editor.url.text == "/")
        #expect(state.isLoading == false)
    }

    @Test func movingOntoARequestShowsItButMovingOntoAFolderKeepsTheSelection() throws {
        var fixture = try ReducerFixture()
        fixture.driver.press("k")
        #expect(fixture.driver.state.navigator.selectedRow?.title == "Empty")
        #expect(fixture.driver.state.selection == TestCollections.key("a-root"))
        fixture.driver.press("k", "l")
        #expect(
            titles(fixture.driver.state) == [
                "Alpha", "Users", "Admin", "List users", "Get user", "Create user", "Slow", "Empty", "Root",
            ])
        let effects = fixture.driver.press("j", "j")
        #expect(fixture.driver.state.selection == TestCollections.key("a-users"))
        // The URL field shows the enabled query rows after the URL.
        #expect(fixture.driver.state.editor.url.text == "/users?limit={{limit}}")
        #expect(effects.historyLoads == [TestCollections.key("a-users")])
        #expect(fixture.driver.state.focus == .collections)
    }

    @Test func leftGoesToTheParentThenFoldsIt() throws {
        var fixture = try ReducerFixture()
        fixture.driver.press("k", "k", "l", "j", "j")
        #expect(fixture.driver.state.navigator.selectedRow?.title == "List users")
        fixture.driver.press("h")
        #expect(fixture.driver.state.navigator.selectedRow?.title == "Users")
        fixture.driver.press("h")
        #expect(titles(fixture.driver.state) == ["Alpha", "Users", "Empty", "Root"])
        #expect(fixture.driver.state.navigator.selectedRow?.title == "Users")
        fixture.driver.press("left")
        #expect(fixture.driver.state.navigator.selectedRow?.title == "Alpha")
        fixture.driver.press("left")
        #expect(titles(fixture.driver.state) == ["Alpha"])
        fixture.driver.press("right")
        #expect(titles(fixture.driver.state) == ["Alpha", "Users", "Empty", "Root"])
    }

    @Test func enterFoldsFoldersAndOpensRequestsInTheRequestPane() throws {
        var fixture = try ReducerFixture()
        fixture.driver.press("k", "k")
        fixture.driver.press("enter")
        #expect(titles(fixture.driver.state).contains("List users"))
        fixture.driver.press("enter")
        #expect(!titles(fixture.driver.state).contains("List users"))
        #expect(fixture.driver.state.focus == .collections)
        fixture.driver.press("G")
        #expect(fixture.driver.state.navigator.selectedRow?.title == "Root")
        fixture.driver.press("enter")
        #expect(fixture.driver.state.focus == .request)
        #expect(fixture.driver.state.selection == TestCollections.key("a-root"))
    }

    @Test func topBottomAndPagesStayInsideTheRows() throws {
        var fixture = try ReducerFixture()
        fixture.driver.press("g", "g")
        #expect(fixture.driver.state.navigator.selected == 0)
        fixture.driver.press("k")
        #expect(fixture.driver.state.navigator.selected == 0)
        fixture.driver.press("pgdn")
        #expect(fixture.driver.state.navigator.selected == fixture.driver.state.navigator.rows.count - 1)
        fixture.driver.press("j")
        #expect(fixture.driver.state.navigator.selected == fixture.driver.state.navigator.rows.count - 1)
        fixture.driver.press("pgup")
        #expect(fixture.driver.state.navigator.selected == 0)
        fixture.driver.press("end")
        #expect(fixture.driver.state.navigator.selectedRow?.title == "Root")
        fixture.driver.press("home")
        #expect(fixture.driver.state.navigator.selectedRow?.title == "Alpha")
    }

    @Test func filterNarrowsToMatchingRequestsWithTheirFoldersAndEscClearsIt() throws {
        var fixture = try ReducerFixture()
        fixture.driver.press("/")
        #expect(fixture.driver.state.isTyping)
        fixture.driver.type("creat")
        #expect(titles(fixture.driver.state) == ["Alpha", "Users", "Create user"])
        #expect(fixture.driver.state.navigator.selectedRow?.title == "Create user")
        // Typing "q" while filtering types it instead of quitting.
        let effects = fixture.driver.type("q")
        #expect(!effects.quits)
        #expect(fixture.driver.state.navigator.filter.text == "creatq")
        #expect(titles(fixture.driver.state).isEmpty)
        fixture.driver.press("backspace")
        fixture.driver.press("enter")
        #expect(fixture.driver.state.navigator.isFiltering == false)
        #expect(titles(fixture.driver.state) == ["Alpha", "Users", "Create user"])
        fixture.driver.press("enter")
        #expect(fixture.driver.state.selection == TestCollections.key("a-create"))
        fixture.driver.press("shift+tab")
        #expect(fixture.driver.state.focus == .collections)
        fixture.driver.press("esc")
        #expect(fixture.driver.state.navigator.filter.text.isEmpty)
        #expect(titles(fixture.driver.state).contains("Root"))
        // The filter also matches methods, URLs and folder names.
        fixture.driver.press("/")
        fixture.driver.type("POST")
        #expect(titles(fixture.driver.state) == ["Alpha", "Users", "Create user"])
        fixture.driver.press("esc")
        #expect(fixture.driver.state.navigator.isFiltering == false)
        // A filter with a space is found across the method and the URL, as in `POST /users`.
        fixture.driver.press("esc")
        fixture.driver.press("/")
        fixture.driver.type("post /us")
        #expect(titles(fixture.driver.state) == ["Alpha", "Users", "Create user"])
    }

    @Test func filterDownAndUpLeaveTheFieldAndMove() throws {
        var fixture = try ReducerFixture()
        fixture.driver.press("/")
        fixture.driver.type("users")
        // Every request of the Users folder matches by its folder's name; the first is selected.
        #expect(fixture.driver.state.navigator.selectedRow?.title == "Admin panel")
        fixture.driver.press("down")
        #expect(fixture.driver.state.navigator.isFiltering == false)
        #expect(fixture.driver.state.navigator.selectedRow?.title == "List users")
        #expect(fixture.driver.state.selection == TestCollections.key("a-users"))
    }

    @Test func tabAndShiftTabCycleThePanesAndGNumberJumps() throws {
        var fixture = try ReducerFixture()
        #expect(fixture.driver.state.focus == .collections)
        fixture.driver.press("tab")
        #expect(fixture.driver.state.focus == .request)
        fixture.driver.press("tab")
        #expect(fixture.driver.state.focus == .response)
        fixture.driver.press("tab")
        #expect(fixture.driver.state.focus == .collections)
        fixture.driver.press("shift+tab")
        #expect(fixture.driver.state.focus == .response)
        fixture.driver.press("g", "2")
        #expect(fixture.driver.state.focus == .request)
        fixture.driver.press("g", "1")
        #expect(fixture.driver.state.focus == .collections)
        fixture.driver.press("g", "3")
        #expect(fixture.driver.state.focus == .response)
    }

    @Test func zoomShowsOnlyTheFocusedPaneAndFollowsTheFocus() throws {
        var fixture = try ReducerFixture()
        fixture.driver.press("alt+z")
        #expect(fixture.driver.state.zoomed == .collections)
        var layout = ExplorerLayout(fixture.driver.state)
        #expect(layout.request == nil && layout.response == nil)
        #expect(layout.collections?.width == 120)
        fixture.driver.press("tab")
        #expect(fixture.driver.state.zoomed == .request)
        layout = ExplorerLayout(fixture.driver.state)
        #expect(layout.collections == nil && layout.response == nil && layout.request != nil)
        fixture.driver.press("alt+z")
        #expect(fixture.driver.state.zoomed == nil)
        layout = ExplorerLayout(fixture.driver.state)
        #expect(layout.collections != nil && layout.request != nil && layout.response != nil)
    }

    @Test func panesGrowAndShrinkWithinLimits() throws {
        var fixture = try ReducerFixture()
        let start = fixture.driver.state.collectionsWidth
        fixture.driver.press(">")
        #expect(fixture.driver.state.collectionsWidth == start + 4)
        #expect(ExplorerLayout(fixture.driver.state).collections?.width == start + 4)
        for _ in 0..<20 { fixture.driver.press("<") }
        #expect(fixture.driver.state.collectionsWidth == 16)
        let share = fixture.driver.state.requestShare
        fixture.driver.press("alt+down")
        #expect(fixture.driver.state.requestShare == share + 5)
        for _ in 0..<30 { fixture.driver.press("alt+up") }
        #expect(fixture.driver.state.requestShare == 15)
        #expect((ExplorerLayout(fixture.driver.state).request?.height ?? 0) >= 7)
    }

    @Test func aBrokenFileShowsAsARowWithItsPositionedErrorAndTheOthersStillLoad() throws {
        var fixture = try ReducerFixture([TestCollections.alpha, TestCollections.beta, TestCollections.broken])
        let rows = fixture.driver.state.navigator.rows
        let broken = try #require(rows.first { if case .broken = $0.kind { true } else { false } })
        #expect(broken.title.hasPrefix("broken.json — 4:1 not valid JSON"))
        #expect(rows.contains { $0.title == "Alpha" } && rows.contains { $0.title == "Beta" })
        while fixture.driver.state.navigator.selectedRow?.title != broken.title { fixture.driver.press("j") }
        fixture.driver.press("enter")
        guard case .problems = fixture.driver.state.overlay else {
            Issue.record("Enter on a broken file should list its problems")
            return
        }
        let screen = fixture.driver.render()
        #expect(screen.contains("broken.json"))
        #expect(screen.contains("4:1 error: not valid JSON"))
    }

    @Test func aRememberedRequestIsSelectedAgainAndOtherwiseTheFirstOneInsideTheFolders() throws {
        // Nothing remembered and every request inside a folder: the first one is selected.
        let shipped = try ExplorerReducerDriver(loading: try Shipped.jsonPlaceholder(), in: try HarnessFolder())
        #expect(shipped.state.selectedRequest?.name == "List posts")
        // A remembered selection (read with its collection) wins over the first request, also
        // where a request is visible at once.
        let folder = try HarnessFolder()
        try folder.write([TestCollections.alpha])
        var driver = ExplorerReducerDriver(
            state: ExplorerState(size: ExplorerHarness.standardSize, theme: .defaultDark))
        var slot = ExplorerReducerDriver.load(folder.path("alpha.json"))
        slot.remembered = UIState(selectedRequestID: "a-create", expandedFolders: ["Users/Admin"])
        driver.reduce(.collectionLoaded(slot))
        #expect(driver.state.selection == nil, "chosen once every file is read")
        driver.reduce(.loadingFinished(problem: nil))
        #expect(driver.state.selection == TestCollections.key("a-create"))
        #expect(driver.state.navigator.rows.contains { $0.title == "Admin panel" })
    }

    @Test func requestedStartupRequestIsSelectedAndFocused() throws {
        let fixture = try ReducerFixture(startup: StartupRequest(request: "Users/Admin/Admin panel"))
        #expect(fixture.driver.state.selection == TestCollections.key("a-admin"))
        #expect(fixture.driver.state.focus == .request)
        #expect(fixture.driver.state.navigator.selectedRow?.title == "Admin panel")
        let byID = try ReducerFixture(startup: StartupRequest(request: "a-create"))
        #expect(byID.driver.state.selection == TestCollections.key("a-create"))
        let missing = try ReducerFixture(startup: StartupRequest(request: "Nope"))
        #expect(missing.driver.state.toast?.message.contains("No request \"Nope\"") == true)
    }

    @Test func startupEnvironmentWinsOverTheDefaultAndTheRememberedOne() throws {
        let fixture = try ReducerFixture(startup: StartupRequest(environment: "prod"))
        #expect(fixture.driver.state.environmentName(collectionID: TestCollections.alphaID) == "prod")
        // Over a remembered one too.
        let folder = try HarnessFolder()
        try folder.write([TestCollections.alpha])
        var driver = ExplorerReducerDriver(
            state: ExplorerState(
                size: ExplorerHarness.standardSize, theme: .defaultDark, startup: StartupRequest(environment: "prod")))
        var slot = ExplorerReducerDriver.load(folder.path("alpha.json"))
        slot.remembered = UIState(selectedEnvironment: "dev")
        driver.reduce(.collectionLoaded(slot))
        #expect(driver.state.environmentName(collectionID: TestCollections.alphaID) == "prod")
        let plain = try ReducerFixture()
        #expect(plain.driver.state.environmentName(collectionID: TestCollections.alphaID) == "dev")
    }

    @Test func theFirstOfflineCollectionIsChosenWhenNothingIsRemembered() throws {
        // The shipped folder: httpbin (live, first by name) and JSONPlaceholder (mock default).
        let driver = try ExplorerReducerDriver(loading: try Shipped.all(), in: try HarnessFolder())
        #expect(driver.state.selectedRequest?.name == "List posts")
        #expect(driver.state.environment(collectionID: driver.state.selection?.collectionID ?? "")?.kind == .mock)
    }
}
