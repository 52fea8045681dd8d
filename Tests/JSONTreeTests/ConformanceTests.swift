import JSONTree
import Testing

@Suite("JSON conformance table")
struct ConformanceTests {
    @Test("strict mode accepts, rejects or chooses as the table says", arguments: ConformanceTable.all)
    func strictParse(_ testCase: ConformanceCase) {
        switch testCase.expectation {
        case .accepts:
            #expect(throws: Never.self) { try JSONDocument(bytes: testCase.bytes) }
        case .rejects(let reason):
            do {
                _ = try JSONDocument(bytes: testCase.bytes)
                Issue.record("accepted input the table says must be rejected")
            } catch {
                #expect(JSONParseErrorReasonName(error.reason) == reason, "\(error.message)")
                #expect(error.offset <= testCase.bytes.count)
            }
        }
    }

    @Test("every accepted document prints and re-parses to the same tree", arguments: ConformanceTable.accepted)
    func roundTrip(_ testCase: ConformanceCase) throws {
        let document = try JSONDocument(bytes: testCase.bytes)
        for options in [JSONPrintOptions(), JSONPrintOptions(indent: 0)] {
            let printed = JSONPrinter.print(document, options: options)
            let reparsed = try JSONDocument(bytes: printed)
            #expect(JSONPrinter.print(reparsed, options: options) == printed)
            #expect(reparsed.tapeCount == document.tapeCount)
        }
    }
}
