import Explorer
import ExplorerTesting
import Foundation
import JSONTree
import TUI
import Testing
import Workspace

/// The mouse (click to focus, select and switch tabs; the wheel scrolls the pane under the
/// pointer) and screens too small to draw on.
struct MouseAndSizeReducerTests {
    private let users = TestCollections.key("a-users")

    private func answered() throws -> ReducerFixture {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        fixture.driver.reduce(.exchangeFinished(users, try Results.json(Results.users, generation: job.generation)))
        fixture.driver.press("g", "1")
        return fixture
    }

    /// Where `text` first shows on the drawn screen, inside `area`.
    private func position(of text: String, in area: Rect?, _ fixture: inout ReducerFixture) throws -> Position {
        let lines = fixture.driver.render().components(separatedBy: "\n")
        let area = area ?? Rect(size: fixture.driver.state.size)
        for (y, line) in lines.enumerated() where y >= area.y && y < area.bottom {
            guard let range = line.range(of: text) else { continue }
            let x = CharacterWidth.of(line[..<range.lowerBound])
            if x >= area.x && x < area.right { return Position(x: x, y: y) }
        }
        throw Missing(text: text)
    }

    private struct Missing: Error {
        var text: String
    }

    @Test func aClickOnARowSelectsItAndOnAFoldersArrowFoldsIt() throws {
        var fixture = try answered()
        fixture.driver.press("g", "3")
        let layout = ExplorerLayout(fixture.driver.state)
        fixture.driver.click(try position(of: "Get user", in: layout.collections, &fixture))
        #expect(fixture.driver.state.focus == .collections)
        #expect(fixture.driver.state.selection == TestCollections.key("a-user"))
        fixture.driver.click(try position(of: "▾ Users", in: layout.collections, &fixture))
        #expect(!fixture.driver.state.navigator.rows.contains { $0.title == "Get user" })
        // A click on a folder's name selects it; a second click opens it.
        fixture.driver.click(try position(of: "Root", in: layout.collections, &fixture))
        #expect(fixture.driver.state.selection == TestCollections.key("a-root"))
        let folder = try position(of: "Users", in: layout.collections, &fixture)
        fixture.driver.click(Position(x: folder.x + 2, y: folder.y))
        #expect(fixture.driver.state.navigator.selectedRow?.title == "Users")
        #expect(!fixture.driver.state.navigator.rows.contains { $0.title == "Get user" })
        fixture.driver.click(Position(x: folder.x + 2, y: folder.y))
        #expect(fixture.driver.state.navigator.rows.contains { $0.title == "Get user" })
    }

    /// Where `text` shows on the line of the response pane's tabs.
    private func responseTabs(_ fixture: inout ReducerFixture) throws -> String {
        let tabs = ExplorerLayout.responseParts(try #require(ExplorerLayout(fixture.driver.state).response)).tabs
        let line = fixture.driver.render().components(separatedBy: "\n")[tabs.y]
        return String(line.dropFirst(tabs.x).prefix(tabs.width))
    }

    @Test func aNarrowResponsePaneScrollsItsTabsToTheSelectedOneAndClicksFollow() throws {
        var fixture = try answered()
        fixture.driver.reduce(.event(.resize(Size(width: 60, height: 16))))
        let layout = ExplorerLayout(fixture.driver.state)
        fixture.driver.click(try position(of: "Tree", in: layout.response, &fixture))
        // The tabs that do not fit are said to be there, not cut off mid-title.
        #expect(try responseTabs(&fixture).hasSuffix("›"))
        #expect(try !responseTabs(&fixture).contains("Hist"))
        fixture.driver.press("[")
        #expect(fixture.driver.state.response.tab == .history)
        let scrolled = try responseTabs(&fixture)
        #expect(scrolled.hasPrefix("‹ "))
        #expect(scrolled.contains(" Hist "))
        #expect(!scrolled.contains("Tree"))
        // A click lands on the tab drawn under it, wherever the row has scrolled to.
        fixture.driver.click(try position(of: "Time", in: layout.response, &fixture))
        #expect(fixture.driver.state.response.tab == .timeline)
        fixture.driver.click(try position(of: "Chk", in: layout.response, &fixture))
        #expect(fixture.driver.state.response.tab == .checks)
        // A click on a marker brings in the hidden tab next to it.
        let tabs = ExplorerLayout.responseParts(try #require(layout.response)).tabs
        fixture.driver.press("[", "[", "[", "[")
        #expect(fixture.driver.state.response.tab == .tree)
        fixture.driver.click(Position(x: tabs.right - 1, y: tabs.y))
        #expect(fixture.driver.state.response.tab == .console)
        fixture.driver.press("]")
        let row = try responseTabs(&fixture)
        #expect(row.hasPrefix("‹ "))
        let shortTitles = ["Tree", "Raw", "Hdr", "Time", "Chk", "Cons", "Hist"]
        let firstShown = try #require(shortTitles.firstIndex { row.dropFirst().hasPrefix(" " + $0) })
        fixture.driver.click(Position(x: tabs.x, y: tabs.y))
        #expect(fixture.driver.state.response.tab.rawValue == firstShown - 1)
        #expect(try !responseTabs(&fixture).contains("Hist"))
    }

    @Test func clicksFocusPanesAndSwitchTabs() throws {
        var fixture = try answered()
        let layout = ExplorerLayout(fixture.driver.state)
        fixture.driver.click(try position(of: "Headers 1", in: layout.request, &fixture))
        #expect(fixture.driver.state.focus == .request)
        #expect(fixture.driver.state.editor.tab == .headers)
        fixture.driver.click(try position(of: "Notes", in: layout.request, &fixture))
        #expect(fixture.driver.state.editor.tab == .notes)
        // A click in the URL edits it.
        fixture.driver.click(try position(of: "/users", in: layout.request, &fixture))
        #expect(fixture.driver.state.editor.focus == .url)
        #expect(fixture.driver.state.isTyping)
        fixture.driver.click(try position(of: "Timeline", in: layout.response, &fixture))
        #expect(fixture.driver.state.focus == .response)
        #expect(fixture.driver.state.response.tab == .timeline)
        #expect(fixture.driver.state.isTyping == false)
        fixture.driver.click(try position(of: "Tree", in: layout.response, &fixture))
        #expect(fixture.driver.state.response.tab == .tree)
        // A click on a tree row selects it; a second click folds or unfolds it.
        let row = try position(of: "1: {…}", in: layout.response, &fixture)
        fixture.driver.click(row)
        #expect(fixture.driver.state.response.selectedRow == 2)
        #expect(fixture.driver.state.response.tree?.rowCount == 4)
        fixture.driver.click(row)
        #expect(fixture.driver.state.response.tree?.rowCount == 9)
    }

    @Test func theWheelScrollsThePaneUnderThePointerWithoutMovingTheFocus() throws {
        var fixture = try answered()
        fixture.driver.press("g", "3", "E", "g", "g", "g", "1")
        let layout = ExplorerLayout(fixture.driver.state)
        let response = try #require(layout.response)
        let inside = Position(x: response.x + 10, y: response.y + 6)
        fixture.driver.reduce(.event(.mouse(MouseEvent(kind: .scrollDown, position: inside))))
        #expect(fixture.driver.state.response.selectedRow == 3)
        #expect(fixture.driver.state.focus == .collections)
        fixture.driver.reduce(.event(.mouse(MouseEvent(kind: .scrollUp, position: inside))))
        #expect(fixture.driver.state.response.selectedRow == 0)
        // Over the collections the wheel scrolls the list, not the selection.
        let collections = try #require(layout.collections)
        let selection = fixture.driver.state.selection
        fixture.driver.reduce(
            .event(
                .mouse(MouseEvent(kind: .scrollDown, position: Position(x: collections.x + 3, y: collections.y + 3)))))
        #expect(fixture.driver.state.navigator.offset == 3)
        #expect(fixture.driver.state.selection == selection)
    }

    /// The wheel over the collections moved the offset, and the next frame scrolled the list back
    /// to the selection: the wheel did nothing on screen. The list stays scrolled until the
    /// selection moves.
    @Test func theCollectionsListStaysWhereTheWheelScrolledItUntilTheSelectionMoves() throws {
        var fixture = try answered()
        let collections = try #require(ExplorerLayout(fixture.driver.state).collections)
        let rows = fixture.driver.state.navigator.rows.map(\.title)
        func firstListed(_ fixture: inout ReducerFixture) -> String {
            fixture.driver.render().components(separatedBy: "\n")[collections.y + 1]
        }
        #expect(firstListed(&fixture).contains(rows[0]))
        let wheel = Position(x: collections.x + 3, y: collections.y + 3)
        fixture.driver.reduce(.event(.mouse(MouseEvent(kind: .scrollDown, position: wheel))))
        #expect(firstListed(&fixture).contains(rows[3]))
        #expect(fixture.driver.state.navigator.offset == 3)
        // Moving the selection brings it back on screen.
        fixture.driver.press("k")
        let navigator = fixture.driver.state.navigator
        #expect(navigator.offset <= navigator.selected)
    }

    /// The layout is the model's: a resize is an action, and the tree's page size (what PgDn
    /// moves by) follows it before any frame is drawn.
    @Test func aResizeSetsTheTreesPageSizeBeforeAnyFrame() throws {
        var fixture = try answered()
        for size in [Size(width: 80, height: 24), Size(width: 120, height: 50)] {
            fixture.driver.reduce(.event(.resize(size)))
            let pane = try #require(ExplorerLayout(fixture.driver.state).response)
            #expect(fixture.driver.state.response.pageSize == ExplorerLayout.responseParts(pane).content.height)
        }
    }

    @Test func aClickOutsideADialogClosesHelpAndIsIgnoredByOtherDialogs() throws {
        var fixture = try answered()
        fixture.driver.press("F1")
        fixture.driver.click(x: 1, y: 1)
        #expect(fixture.driver.state.overlay == nil)
        fixture.driver.press("F2")
        fixture.driver.click(x: 1, y: 1)
        guard case .environments? = fixture.driver.state.overlay else {
            Issue.record("the picker stays open")
            return
        }
    }

    @Test func belowSixtyBySixteenTheScreenSaysItIsTooSmallAndRecoversWhenItGrows() throws {
        var fixture = try answered()
        fixture.driver.reduce(.event(.resize(Size(width: 59, height: 24))))
        var screen = fixture.driver.render()
        #expect(screen.contains("Terminal too small"))
        #expect(screen.contains("59×24 — lazer needs at least 60×16"))
        // Keys do nothing there but quit.
        #expect(fixture.driver.press("F5").sendJobs.isEmpty)
        #expect(fixture.driver.press("j").isEmpty)
        fixture.driver.reduce(.event(.resize(Size(width: 60, height: 16))))
        screen = fixture.driver.render()
        #expect(!screen.contains("too small"))
        #expect(screen.contains("Collections"))
        #expect(screen.contains("Response"))
        fixture.driver.reduce(.event(.resize(Size(width: 80, height: 15))))
        #expect(fixture.driver.render().contains("Terminal too small"))
        // A tiny terminal still shows the size needed and the way out, wrapped (they were cut).
        fixture.driver.reduce(.event(.resize(Size(width: 20, height: 6))))
        let tiny = fixture.driver.render().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(tiny.joined(separator: " ").contains("needs at least 60×16"), "\(tiny)")
        #expect(tiny.joined(separator: " ").contains("press q to quit"), "\(tiny)")
        #expect(fixture.driver.press("q").quits)
    }

    @Test func everySizeDownToOneByOneDrawsWithEveryDialogOpen() throws {
        var fixture = try answered()
        let dialogs: [[String]] = [[], ["F1"], ["ctrl+p"], ["F2"], ["F4"], ["g", "1", "a"]]
        for keys in dialogs {
            var sized = fixture
            for key in keys { sized.driver.press(key) }
            for width in [1, 2, 5, 20, 59, 60, 61, 80] {
                for height in [1, 2, 3, 8, 15, 16, 17, 24] {
                    sized.driver.reduce(.event(.resize(Size(width: width, height: height))))
                    let screen = sized.driver.render()
                    #expect(screen.components(separatedBy: "\n").count == height)
                    sized.driver.click(x: width / 2, y: height / 2)
                    sized.driver.reduce(.event(.mouse(MouseEvent(kind: .scrollDown, position: Position(x: 0, y: 0)))))
                }
            }
        }
        fixture.driver.reduce(.event(.resize(Size(width: 1, height: 1))))
        #expect(fixture.driver.render() == "T")
        fixture.driver.reduce(.event(.resize(Size(width: 120, height: 40))))
        #expect(fixture.driver.render().contains("Request · List users"))
    }
}
