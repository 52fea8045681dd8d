import ExplorerTesting
import TUI
import Testing
import Workspace

@testable import Explorer

/// The Params tab in a short pane: its tables stay inside the pane, the query keeps a row.
@Suite struct ParamsLayoutTests {
    private func state() throws -> ExplorerState {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-user"))
        fixture.driver.press("g", "2")
        fixture.driver.state.editor.query = KeyValueEditorState(rows: [
            KeyValueEditorRow(key: "q", value: "1"), KeyValueEditorRow(key: "r", value: "2"),
        ])
        #expect(fixture.driver.state.editor.pathParams.rows.count == 1)
        return fixture.driver.state
    }

    @Test func everyTableStaysInsideThePaneAndTheQueryKeepsARow() throws {
        let state = try state()
        for height in 1...12 {
            let area = Rect(x: 2, y: 5, width: 60, height: height)
            let areas = RequestLayout.paramsAreas(state, in: area)
            #expect(areas.query.bottom <= area.bottom, "height \(height)")
            if height >= 2 { #expect(areas.query.height >= 1, "height \(height)") }
            if let title = areas.pathTitle, let path = areas.path {
                #expect(path.height >= 1 && path.bottom <= area.bottom, "height \(height): \(path)")
                #expect(title.y == areas.query.bottom && path.y == title.y + 1)
            }
        }
        // Room for both: the query's rows and the path parameter's title and row.
        let roomy = RequestLayout.paramsAreas(state, in: Rect(x: 0, y: 0, width: 60, height: 8))
        #expect(roomy.query.height >= 2 && roomy.path?.height == 1)
    }
}
