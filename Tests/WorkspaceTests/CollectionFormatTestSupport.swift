import Testing
import Workspace

/// A collection file's text loaded as the format tests read one (`c.json`, no folder around it).
func load(_ text: String) -> CollectionLoader.Result {
    CollectionLoader.load(Array(text.utf8), file: "c.json")
}

/// `text` does not load, and one of its diagnostics says `expected`.
func expectLoadError(_ text: String, saying expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let result = load(text)
    #expect(result.collection == nil, sourceLocation: sourceLocation)
    let messages = result.diagnostics.map(\.message)
    #expect(messages.contains { $0.contains(expected) }, "\(messages)", sourceLocation: sourceLocation)
}
