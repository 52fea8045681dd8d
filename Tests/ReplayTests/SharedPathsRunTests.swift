import Replay
import Testing
import Workspace

/// A plan parses each JSONPath its checks use once (`JSONPathTable`): requests that share a path
/// must still each be checked against their own value, and requests with other paths against theirs.
@Suite struct SharedPathsRunTests {
    private static func request(_ id: String, _ checks: [(path: String, value: String)]) -> String {
        let expectations = checks.map {
            #"{"subject": "jsonPath", "path": "\#($0.path)", "op": "equals", "value": \#($0.value)}"#
        }
        return
            #"{"id": "\#(id)", "name": "\#(id)", "method": "GET", "url": "/item", "expectations": [\#(expectations.joined(separator: ", "))]}"#
    }

    private static let pen = #""pen""#
    private static let ink = #""ink""#

    static let text = """
        {
          "formatVersion": 1,
          "id": "c0ffee00-0000-4000-8000-00000000beef",
          "name": "Shared paths",
          "defaultEnvironment": "mock",
          "requests": [
            \(request("a", [("$.id", "7"), ("$.name", pen)])),
            \(request("b", [("$.id", "8")])),
            \(request("c", [("$.name", pen), ("$['id']", "7"), ("$.id", "7")])),
            \(request("d", [("$.name", ink)]))
          ],
          "environments": [
            {
              "name": "mock",
              "kind": "mock",
              "baseURL": "http://shared.mock",
              "routes": [{"method": "GET", "path": "/item", "response": {"json": {"id": 7, "name": "pen"}}}]
            }
          ]
        }
        """

    @Test func eachCheckOfASharedPathIsCheckedAgainstItsOwnValue() async throws {
        let fixture = try ReplayFixture()
        let file = try fixture.write(Self.text, to: "shared.json")
        let report = try await fixture.run([file])
        let passed = report.results.map { result in result.checks.map(\.passed) }
        #expect(passed == [[true, true], [false], [true, true, true], [false]])
        #expect(report.results[1].checks.first?.actual == "7")
        #expect(report.results[3].checks.first?.actual == "pen")
    }
}
