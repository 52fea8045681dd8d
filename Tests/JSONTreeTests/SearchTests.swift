import JSONTree
import Testing

@Suite("search over keys and values")
struct SearchTests {
    let text = """
        {"users": [{"name": "Ada", "email": "ADA@example.com"}, {"name": "Bob", "note": "likes ada\\u0027s work"}],
         "adapter": 42, "flags": [true, null, 4.20]}
        """

    @Test("case-insensitive search finds keys and decoded values in document order, with paths")
    func caseInsensitive() throws {
        let document = try JSONDocument(text: text)
        var search = try JSONSearch(document: document, query: JSONSearchQuery("ada"))
        let matches = search.all()
        #expect(
            matches.map(\.jsonPath) == [
                "$['users'][0]['name']", "$['users'][0]['email']", "$['users'][1]['note']", "$['adapter']",
            ])
        #expect(matches.map(\.inKey) == [false, false, false, true])
    }

    @Test("plain search is case-sensitive; numbers and literals match as written")
    func plain() throws {
        let document = try JSONDocument(text: text)
        var search = try JSONSearch(document: document, query: JSONSearchQuery("ADA", mode: .plain))
        #expect(search.all().map(\.jsonPath) == ["$['users'][0]['email']"])
        var number = try JSONSearch(document: document, query: JSONSearchQuery("4.20", mode: .plain))
        #expect(number.all().map(\.jsonPath) == ["$['flags'][2]"])
        var literal = try JSONSearch(document: document, query: JSONSearchQuery("null", matchesKeys: false))
        #expect(literal.all().map(\.jsonPath) == ["$['flags'][1]"])
    }

    @Test("regex search, keys only")
    func regex() throws {
        let document = try JSONDocument(text: text)
        var search = try JSONSearch(
            document: document, query: JSONSearchQuery("^(name|note)$", mode: .regex, matchesValues: false))
        #expect(
            search.all().map(\.jsonPath) == ["$['users'][0]['name']", "$['users'][1]['name']", "$['users'][1]['note']"])
        #expect(throws: JSONSearchError.self) {
            try JSONSearch(document: document, query: JSONSearchQuery("(", mode: .regex))
        }
    }

    @Test("results arrive incrementally: a small budget returns the first hits before the scan ends")
    func incremental() throws {
        let body = "[" + (0..<1000).map { "{\"id\":\($0),\"tag\":\"t\($0 % 10)\"}" }.joined(separator: ",") + "]"
        let document = try JSONDocument(text: body)
        var search = try JSONSearch(document: document, query: JSONSearchQuery("t7", matchesKeys: false))
        let first = search.next(budget: 100)
        // Four entries per object: the first 100 entries cover objects 0...24.
        #expect(first.map(\.jsonPath) == ["$[7]['tag']", "$[17]['tag']"])
        #expect(!search.isFinished)
        #expect(search.progress < 0.1)
        let rest = search.all()
        #expect(rest.count == 98)
        #expect(search.isFinished)
        #expect(rest.last?.jsonPath == "$[997]['tag']")
    }
}
