import Explorer
import ExplorerTesting
import Testing
import Workspace

/// A query written into the saved URL (`/get?page=2&sort=name`, as files from elsewhere have it)
/// is sent, so the Params tab says so instead of "(none)" alone, and editing the URL makes it rows.
struct QueryInTheURLTests {
    static let id = "query-00-4000-8000-000000000004"
    static let collection = FixtureFile.text(
        "query.json",
        """
        {
          "formatVersion": 1, "id": "\(id)", "name": "Query",
          "defaultEnvironment": "dev",
          "environments": [ { "name": "dev", "kind": "mock", "baseURL": "http://dev.mock", "routes": [] } ],
          "requests": [ { "id": "q", "name": "Listed", "method": "GET", "url": "/get?page=2&sort=name" } ]
        }
        """)

    @Test func theParamsTabCountsAndShowsTheQueryWrittenInTheURL() throws {
        var fixture = try ReducerFixture([Self.collection], startup: StartupRequest(request: "q"))
        let screen = fixture.driver.render()
        #expect(screen.contains("Params 2"))
        #expect(screen.contains("also in the URL: page=2&sort=name"))
        // Opening the request changed nothing: no draft.
        #expect(fixture.driver.state.drafts[RequestKey(collectionID: Self.id, requestID: "q")] == nil)
    }

    @Test func editingTheURLMakesThemRowsAndTheNoteGoes() throws {
        var fixture = try ReducerFixture([Self.collection], startup: StartupRequest(request: "q"))
        fixture.driver.press("ctrl+l", "end")
        fixture.driver.type("x")
        fixture.driver.press("backspace", "enter")
        let request = try #require(fixture.driver.state.selectedRequest)
        #expect(request.url == "/get")
        #expect(request.query.map { "\($0.name)=\($0.value)" } == ["page=2", "sort=name"])
        let screen = fixture.driver.render()
        #expect(!screen.contains("also in the URL"))
        #expect(screen.contains("Params 2"))
    }
}
