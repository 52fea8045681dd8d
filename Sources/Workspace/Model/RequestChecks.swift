/// A request's expectations and captures on their own, in the collection format's JSON, for a
/// format that carries them elsewhere: `lazer export --format postman` writes them into the test
/// script it generates, and the Postman import reads them back, so the round trip keeps them.
package struct RequestChecks: Sendable, Equatable {
    package var expectations: [Expectation]
    package var captures: [Capture]

    package init(expectations: [Expectation], captures: [Capture]) {
        self.expectations = expectations
        self.captures = captures
    }

    package var isEmpty: Bool { expectations.isEmpty && captures.isEmpty }

    /// `{"expectations": [...], "captures": [...]}` as the collection file writes them.
    package var json: StoredJSON {
        var object = ObjectBuilder()
        object.add("expectations", list: expectations.map(\.stored))
        object.add("captures", list: captures.map(\.stored))
        return object.json
    }

    /// Reads `text` as `json` writes it, validated as a collection file's request would be (JSONPaths,
    /// regular expressions, variable names); nil when it is not JSON, not that shape, or has any error.
    package init?(jsonText text: String) {
        guard let parsed = try? StoredJSON(parsing: text), case .object(let members) = parsed,
            members.allSatisfy({ $0.key == "expectations" || $0.key == "captures" })
        else { return nil }
        var request = ObjectBuilder()
        request.add("id", "r")
        request.add("name", "r")
        request.add("method", "GET")
        request.add("url", "/")
        for member in members { request.add(member.key, member.value) }
        var collection = ObjectBuilder()
        collection.add("formatVersion", 1)
        collection.add("id", "c")
        collection.add("name", "c")
        collection.add("requests", list: [request.json])
        let loaded = CollectionLoader.load(Array(collection.json.compact().utf8), file: "checks")
        guard loaded.diagnostics.isEmpty, let saved = loaded.collection?.requests.first else { return nil }
        self.init(expectations: saved.expectations, captures: saved.captures)
    }
}
