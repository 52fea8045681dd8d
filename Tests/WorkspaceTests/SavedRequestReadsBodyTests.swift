import Testing
import Workspace

/// Which requests read their response's body: a stream's body is read back whole only for them.
struct SavedRequestReadsBodyTests {
    private func request(_ json: String) throws -> SavedRequest {
        let file = """
            {"formatVersion": 1, "id": "c", "name": "C", "requests": [\(json)]}
            """
        let result = CollectionLoader.load(Array(file.utf8), file: "c.json")
        let collection = try #require(result.collection, "\(result.diagnostics.map(\.message))")
        return try #require(collection.allRequests.first?.request)
    }

    @Test func statusHeadersAndTimeDoNotReadTheBody() throws {
        #expect(try !request(#"{"id": "a", "name": "A", "method": "GET", "url": "/a"}"#).readsBody)
        let request = try request(
            #"""
            {"id": "a", "name": "A", "method": "GET", "url": "/a",
             "expectations": [{"subject": "status", "op": "equals", "value": 200},
                              {"subject": "header", "name": "Content-Type", "op": "contains", "value": "event"},
                              {"subject": "responseTime", "op": "lessThan", "value": 500}],
             "captures": [{"variable": "s", "from": "status"}, {"variable": "h", "from": "header", "name": "ETag"}]}
            """#)
        #expect(!request.readsBody)
    }

    @Test(arguments: [
        #""expectations": [{"subject": "events", "op": "equals", "value": 3}]"#,
        #""expectations": [{"subject": "body", "op": "contains", "value": "x"}]"#,
        #""captures": [{"variable": "t", "from": "jsonPath", "path": "$.t"}]"#,
        #""captures": [{"variable": "b", "from": "body"}]"#,
    ])
    func eventsTheBodyAndJSONPathsDo(_ reading: String) throws {
        #expect(try request(#"{"id": "a", "name": "A", "method": "GET", "url": "/a", \#(reading)}"#).readsBody)
    }
}
