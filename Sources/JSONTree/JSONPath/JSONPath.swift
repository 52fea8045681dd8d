/// A compiled RFC 9535 JSONPath query: `$`, names, indices, `*`, `..`, slices, filters with
/// comparisons, `&&`, `||`, `!` and the functions `length`, `count`, `match`, `search`, `value`.
///
/// Parsing checks the RFC's well-typedness rules, so an invalid query fails here with a
/// position, never silently at evaluation.
package struct JSONPath: Sendable {
    /// The query text.
    package let text: String
    let segments: [JSONPathSegment]

    package init(_ text: String) throws(JSONPathError) {
        var parser = JSONPathParser(text)
        self.segments = try parser.parseQuery()
        self.text = text
    }

    /// The selected nodes, in document order for each selector (RFC 9535 §2.1.2).
    package func select(in document: JSONDocument) -> [JSONNode] {
        JSONPathEvaluator.with(document) { $0.apply(segments, to: document.root) }
    }

    /// The selected nodes with their normalized paths (`$['a'][0]`).
    package func selectWithPaths(in document: JSONDocument) -> [(node: JSONNode, path: String)] {
        select(in: document).map { ($0, document.jsonPath($0)) }
    }
}
