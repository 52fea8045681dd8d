import TUI
import Testing

@testable import Explorer

/// The Headers tab aligns each section's values in one column whatever page is shown: the column
/// was worked out from the lines on screen and moved as the list was scrolled.
@Suite struct HeadersColumnTests {
    @Test func theValueColumnStaysPutFromPageToPage() throws {
        var response = try #require(try Results.json("{}", generation: 1).response)
        response.headers =
            [("Content-Length", "2")] + (1...40).map { (name: "X-H\($0)", value: "v\($0)") }
        let result = ExchangeResult(
            generation: 1, outcome: .response(response), environmentName: nil, isMock: true, url: "", method: "GET")
        func valueColumn(from first: Int) -> Set<Int> {
            let lines = HeadersTabLines.lines(result, response, from: first, height: 10, width: 80, .defaultDark)
            return Set(
                lines.compactMap { line -> Int? in
                    let text = line.spans.map(\.text).joined()
                    guard text.hasPrefix("X-H") || text.hasPrefix("Content-Length"), line.spans.count == 3 else {
                        return nil
                    }
                    return CharacterWidth.of(line.spans[0].text) + CharacterWidth.of(line.spans[1].text)
                })
        }
        let count = HeadersTabLines.count(result, response, width: 80)
        let columns = valueColumn(from: 0).union(valueColumn(from: count - 10))
        #expect(columns == [CharacterWidth.of("Content-Length") + 1], "\(columns)")
    }
}
