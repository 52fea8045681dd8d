import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// Editing a table cell (issue 33): Enter on a row edited its name with only an underline to show
/// it, and the column chosen on one row carried over to the next (typing `2` on `page` made
/// `?2=1`). A row with a name starts on its value, each row starts on its own column, and the cell
/// being typed in is filled in the selection colour with the status line saying which cell it is.
struct TableCellEditingTests {
    static let collection = FixtureFile.text(
        "pages.json",
        """
        {
          "formatVersion": 1,
          "id": "pages-0000-4000-8000-000000000004",
          "name": "Pages",
          "requests": [
            {
              "id": "list", "name": "List", "method": "GET", "url": "https://api.example.com/items",
              "query": [ { "name": "page", "value": "1" }, { "name": "size", "value": "20" } ],
              "headers": [ { "name": "Accept", "value": "application/json" } ]
            }
          ]
        }
        """)
    private let key = RequestKey(collectionID: "pages-0000-4000-8000-000000000004", requestID: "list")

    private func fixture() throws -> ReducerFixture {
        var fixture = try ReducerFixture([Self.collection], startup: StartupRequest(request: "list"))
        fixture.driver.press("g", "2", "alt+1")
        return fixture
    }

    @Test func enterOnANamedRowEditsItsValue() throws {
        var fixture = try fixture()
        fixture.driver.press("enter", "backspace")
        fixture.driver.type("2")
        fixture.driver.press("enter")
        let draft = try #require(fixture.driver.state.drafts[key])
        #expect(draft.query.map(\.name) == ["page", "size"])
        #expect(draft.query.map(\.value) == ["2", "20"])
        #expect(fixture.driver.state.editor.url.text == "https://api.example.com/items?page=2&size=20")
    }

    @Test func theColumnChosenOnOneRowIsNotCarriedToTheNext() throws {
        var fixture = try fixture()
        // The name of `page` is chosen with ←; on the next row the value is edited again.
        fixture.driver.press("left")
        #expect(fixture.driver.state.editor.query.column == .key)
        fixture.driver.press("down")
        #expect(fixture.driver.state.editor.query.column == .value)
        fixture.driver.press("enter", "backspace", "backspace")
        fixture.driver.type("50")
        fixture.driver.press("enter")
        #expect(fixture.driver.state.drafts[key]?.query.map(\.name) == ["page", "size"])
        #expect(fixture.driver.state.drafts[key]?.query.map(\.value) == ["1", "50"])
        // A row added has no name: it starts on the name.
        fixture.driver.press("a")
        #expect(fixture.driver.state.editor.query.column == .key)
        #expect(fixture.driver.state.editor.query.isEditing)
    }

    @Test func theCellBeingTypedInIsFilledAndTheStatusLineSaysWhichItIs() throws {
        var fixture = try fixture()
        fixture.driver.press("alt+2", "enter")
        let screen = fixture.driver.render()
        #expect(screen.contains("enter keep the value"))
        #expect(screen.contains("tab the name"))
        let buffer = fixture.driver.renderBuffer()
        let theme = fixture.driver.state.theme
        // The value cell is filled across its width in the selection colour, the name cell is not.
        let rows = buffer.textDump().split(separator: "\n", omittingEmptySubsequences: false)
        let y = try #require(rows.firstIndex { $0.contains("application/json") && $0.contains("Accept") })
        let line = String(rows[y])
        let valueX = try #require(line.range(of: "application/json")).lowerBound.utf16Offset(in: line)
        let nameX = try #require(line.range(of: "Accept")).lowerBound.utf16Offset(in: line)
        #expect(buffer[x: valueX, y: y].style.background == theme[.selection].background)
        #expect(buffer[x: valueX + 20, y: y].style.background == theme[.selection].background)
        #expect(buffer[x: nameX, y: y].style.background != theme[.selection].background)
    }
}
