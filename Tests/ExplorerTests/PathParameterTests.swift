import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// Path parameters are edited where they are shown: their names come from the URL's `:name`
/// segments, Enter edits the value, and an empty one stops the send (issue 33, bug 2).
struct PathParameterTests {
    static let collection = FixtureFile.text(
        "paths.json",
        """
        {
          "formatVersion": 1,
          "id": "paths-0000-4000-8000-000000000003",
          "name": "Paths",
          "defaultEnvironment": "dev",
          "environments": [
            { "name": "dev", "kind": "mock", "baseURL": "http://dev.mock", "routes": [] }
          ],
          "requests": [
            {
              "id": "p-status", "name": "Status", "method": "GET", "url": "/status/:code",
              "pathParams": [ { "name": "code", "value": "418" } ]
            },
            {
              "id": "p-both", "name": "Both", "method": "GET", "url": "/projects/:project/items",
              "query": [ { "name": "page", "value": "1" }, { "name": "status", "value": "open" } ],
              "pathParams": [ { "name": "project", "value": "" } ]
            }
          ]
        }
        """)
    static let id = "paths-0000-4000-8000-000000000003"

    private func fixture(_ request: String) throws -> ReducerFixture {
        try ReducerFixture([Self.collection], startup: StartupRequest(request: request))
    }

    @Test func enterOnAPathParameterEditsItsValueNotItsName() throws {
        var fixture = try fixture("p-status")
        let key = RequestKey(collectionID: Self.id, requestID: "p-status")
        fixture.driver.press("alt+1", "down")
        #expect(fixture.driver.state.editor.paramsOnPath)
        // ← or → used to move to the name column, and Enter edited the name ("code" became
        // "codeXYZ"): the name column is never entered.
        fixture.driver.press("left", "enter")
        #expect(fixture.driver.state.isTyping)
        fixture.driver.press("backspace", "backspace", "backspace")
        fixture.driver.type("404")
        fixture.driver.press("enter")
        let params = try #require(fixture.driver.state.drafts[key]).pathParams
        #expect(params.map(\.name) == ["code"])
        #expect(params.map(\.value) == ["404"])
        #expect(fixture.driver.state.drafts[key]?.url == "/status/:code")
        // `a` and `d` neither add nor remove a path parameter (the URL names them).
        fixture.driver.press("down")
        fixture.driver.press("d")
        #expect(fixture.driver.state.drafts[key]?.pathParams.count == 1)
    }

    @Test func withQueryRowsTheEditLandsOnThePathParameter() throws {
        var fixture = try fixture("p-both")
        let key = RequestKey(collectionID: Self.id, requestID: "p-both")
        fixture.driver.press("alt+1", "down", "down")
        #expect(fixture.driver.state.editor.paramsOnPath)
        fixture.driver.press("enter")
        fixture.driver.type("lazer")
        fixture.driver.press("enter")
        let draft = try #require(fixture.driver.state.drafts[key])
        #expect(draft.pathParams.map(\.name) == ["project"])
        #expect(draft.pathParams.map(\.value) == ["lazer"])
        #expect(draft.query.map(\.name) == ["page", "status"])
        #expect(draft.query.map(\.value) == ["1", "open"])
        let screen = fixture.driver.render()
        #expect(screen.contains("→ http://dev.mock/projects/lazer/items?page=1&status=open"))
    }

    @Test func anEmptyPathParameterStopsTheSendWithTheUndefinedVariablesCard() throws {
        var fixture = try fixture("p-both")
        let effects = fixture.driver.press("F5")
        #expect(effects.sendJobs.isEmpty)
        guard case .sendBlocked(let problems, _, _)? = fixture.driver.state.overlay else {
            Issue.record("an empty path parameter was sent as /projects//items")
            return
        }
        #expect(problems.contains { $0.contains(":project") && $0.contains("has no value") })
        // Enter goes to it: the Params tab, on the path parameter.
        fixture.driver.press("enter")
        #expect(fixture.driver.state.editor.tab == .params)
        #expect(fixture.driver.state.editor.paramsOnPath)
    }
}
