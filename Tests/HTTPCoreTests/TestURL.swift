import Foundation
import Testing

/// Parses a URL a test relies on, failing the test (not crashing) if it does not parse.
func testURL(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
    try #require(URL(string: text) as URL?, sourceLocation: sourceLocation)
}
