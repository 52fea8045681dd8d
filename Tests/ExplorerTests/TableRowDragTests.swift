import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// Params and Headers rows reordered with the mouse: a press on a row picks it up, dragging it
/// (button held) over another row moves it there as `K`/`J` would, releasing drops it.
struct TableRowDragTests {
    private func fixture() throws -> ReducerFixture {
        try ReducerFixture([TableRowOrderTests.collection], startup: StartupRequest(request: "o-search"))
    }

    /// Where the row whose first cell shows `name` is drawn.
    private func row(_ name: String, _ fixture: inout ReducerFixture) throws -> Position {
        let lines = fixture.driver.render().components(separatedBy: "\n")
        let content = try #require(ExplorerLayout(fixture.driver.state).request)
        for (y, line) in lines.enumerated() where y > content.y && y < content.bottom {
            if let range = line.range(of: "]  " + name + " ") {
                return Position(x: CharacterWidth.of(line[..<range.lowerBound]) + 3, y: y)
            }
        }
        Issue.record("no row \(name) in:\n\(lines.joined(separator: "\n"))")
        throw Missing()
    }

    private struct Missing: Error {}

    private func mouse(_ kind: MouseEvent.Kind, _ position: Position, _ fixture: inout ReducerFixture) {
        fixture.driver.reduce(.event(.mouse(MouseEvent(kind: kind, position: position))))
    }

    @Test func aQueryRowDraggedToAnotherRowMovesThereWithItsDescription() throws {
        var fixture = try fixture()
        fixture.driver.press("alt+1")
        let q = try row("q", &fixture)
        let size = try row("size", &fixture)
        mouse(.press(.left), q, &fixture)
        #expect(fixture.driver.state.focus == .request)
        #expect(fixture.driver.state.editor.query.table.selected == 0)
        mouse(.drag(.left), Position(x: q.x, y: size.y), &fixture)
        mouse(.release(.left), Position(x: q.x, y: size.y), &fixture)
        let request = try #require(fixture.driver.state.request(TableRowOrderTests.key))
        #expect(request.query.map(\.name) == ["page", "size", "q"])
        #expect(request.query[2].description == "the text searched for")
        #expect(fixture.driver.state.editor.query.table.selected == 2)
        #expect(fixture.driver.state.editor.url.text == "https://api.test/search?page=2&size=50&q=ada")
        // Released: moving the pointer with the button up drags nothing.
        mouse(.drag(.left), q, &fixture)
        #expect(fixture.driver.state.request(TableRowOrderTests.key)?.query.map(\.name) == ["page", "size", "q"])
    }

    @Test func aHeaderDraggedAboveTheTableGoesFirst() throws {
        var fixture = try fixture()
        fixture.driver.press("alt+2")
        let trace = try row("X-Trace", &fixture)
        let accept = try row("Accept", &fixture)
        mouse(.press(.left), trace, &fixture)
        mouse(.drag(.left), Position(x: trace.x, y: accept.y - 3), &fixture)
        mouse(.release(.left), Position(x: trace.x, y: accept.y - 3), &fixture)
        let request = try #require(fixture.driver.state.request(TableRowOrderTests.key))
        #expect(request.headers.map(\.name) == ["X-Trace", "Accept"])
        #expect(request.headers[0].description == "tracing id")
    }
}
