import Explorer
import ExplorerTesting
import TUI
import Testing
import Workspace

/// Params and Headers rows reordered with keys (`K` up, `J` down, rebindable as `table.moveUp` /
/// `table.moveDown`): the order a request sends them in, kept in the draft with each row's
/// description, the URL's query following.
struct TableRowOrderTests {
    static let collectionID = "order-0000-4000-8000-000000000001"
    static let key = RequestKey(collectionID: collectionID, requestID: "o-search")

    static let collection = FixtureFile.text(
        "order.json",
        """
        {
          "formatVersion": 1,
          "id": "\(collectionID)",
          "name": "Order",
          "requests": [
            {
              "id": "o-search", "name": "Search", "method": "GET", "url": "https://api.test/search",
              "query": [
                { "name": "q", "value": "ada", "description": "the text searched for" },
                { "name": "page", "value": "2" },
                { "name": "size", "value": "50" }
              ],
              "headers": [
                { "name": "Accept", "value": "application/json" },
                { "name": "X-Trace", "value": "t1", "description": "tracing id" }
              ]
            }
          ]
        }
        """)

    private func fixture() throws -> ReducerFixture {
        var fixture = try ReducerFixture([Self.collection], startup: StartupRequest(request: "o-search"))
        fixture.driver.press("g", "2", "alt+1")
        return fixture
    }

    @Test func queryRowsMoveDownAndUpWithTheirDescriptionsAndTheURLFollows() throws {
        var fixture = try fixture()
        #expect(fixture.driver.state.editor.query.table.selected == 0)
        fixture.driver.press("J", "J")
        let request = try #require(fixture.driver.state.request(Self.key))
        #expect(request.query.map(\.name) == ["page", "size", "q"])
        #expect(request.query[2].description == "the text searched for")
        #expect(request.query[0].description == nil)
        #expect(fixture.driver.state.editor.query.table.selected == 2)
        #expect(fixture.driver.state.editor.url.text == "https://api.test/search?page=2&size=50&q=ada")
        // At the bottom, down does nothing; up brings it back one place.
        fixture.driver.press("J", "K")
        #expect(fixture.driver.state.request(Self.key)?.query.map(\.name) == ["page", "q", "size"])
        #expect(fixture.driver.state.editor.query.rows.map(\.key) == ["page", "q", "size"])
        #expect(fixture.driver.render().contains("search?page=2&q=ada&size=50"))
    }

    @Test func headerRowsMoveUpWithTheirDescriptions() throws {
        var fixture = try fixture()
        fixture.driver.press("alt+2", "end", "K")
        let request = try #require(fixture.driver.state.request(Self.key))
        #expect(request.headers.map(\.name) == ["X-Trace", "Accept"])
        #expect(request.headers[0].description == "tracing id")
        #expect(fixture.driver.state.editor.headers.table.selected == 0)
        // At the top, up moves nothing (it does not leave for the URL as the arrow does).
        fixture.driver.press("K")
        #expect(fixture.driver.state.request(Self.key)?.headers.map(\.name) == ["X-Trace", "Accept"])
        #expect(fixture.driver.state.focus == .request)
    }

    /// Regression: the tables are written back over the saved rows by position, so deleting a row
    /// left its description on the row that took its place.
    @Test func aDeletedRowTakesItsDescriptionWithIt() throws {
        var fixture = try fixture()
        fixture.driver.press("d")
        let query = try #require(fixture.driver.state.request(Self.key)?.query)
        #expect(query.map(\.name) == ["page", "size"])
        #expect(query.map(\.description) == [nil, nil])
        fixture.driver.press("alt+2", "d")
        let headers = try #require(fixture.driver.state.request(Self.key)?.headers)
        #expect(headers.map(\.name) == ["X-Trace"])
        #expect(headers.first?.description == "tracing id")
    }

    @Test func aRowBeingEditedDoesNotMove() throws {
        var fixture = try fixture()
        fixture.driver.press("enter")
        #expect(fixture.driver.state.editor.query.isEditing)
        fixture.driver.press("J")
        // `J` was typed into the cell, and the rows kept their order.
        #expect(fixture.driver.state.editor.query.rows.map(\.key) == ["q", "page", "size"])
    }
}
