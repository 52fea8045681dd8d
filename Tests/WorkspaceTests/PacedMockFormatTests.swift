import Foundation
import HTTPCore
import Testing
import Workspace

/// `"bytesPerSecond"` on a mock answer (a body sent at a set rate): read, built into the route,
/// written back unchanged; beside anything but a `json`, `text` or `file` body it is an error.
@Suite struct PacedMockFormatTests {
    static let collection = """
        {
          "formatVersion": 1,
          "id": "paced",
          "name": "Paced",
          "environments": [
            {
              "name": "mock",
              "kind": "mock",
              "baseURL": "http://mock.test",
              "routes": [
                {
                  "method": "GET",
                  "path": "/items",
                  "response": {
                    "status": 200,
                    "json": [
                      1,
                      2
                    ],
                    "delayMilliseconds": 20,
                    "bytesPerSecond": 5000
                  }
                }
              ]
            }
          ]
        }

        """

    @Test func aPacedAnswerIsReadBuiltAndWrittenBackUnchanged() throws {
        let result = load(Self.collection)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let collection = try #require(result.collection)
        #expect(collection.fileText() == Self.collection)
        let environment = try #require(collection.environment(named: "mock"))
        let routes = try MockRouteBuilder.routes(for: environment, baseFolder: "/tmp")
        let response = try #require(routes.first?.responses.first)
        #expect(response.bytesPerSecond == 5000)
        #expect(response.delay == .milliseconds(20))
        #expect(response.body == .data(Data("[1,2]".utf8)))
    }

    @Test(arguments: [
        ("\"json\": [1], \"bytesPerSecond\": 0", "from 1 to 1000000000"),
        ("\"json\": [1], \"bytesPerSecond\": \"fast\"", "a whole number"),
        ("\"events\": [ { \"data\": \"a\" } ], \"bytesPerSecond\": 5", "paces a \"json\", \"text\" or \"file\" body"),
        ("\"failure\": \"connectionRefused\", \"bytesPerSecond\": 5", "paces a \"json\", \"text\" or \"file\" body"),
        ("\"bytesPerSecond\": 5", "paces a \"json\", \"text\" or \"file\" body"),
        // Not pacing, but read here too: a 1xx is no answer (clients given one hung).
        ("\"status\": 101, \"text\": \"x\"", "a mock answer's status is from 200 to 599"),
        ("\"status\": 100", "a mock answer's status is from 200 to 599"),
    ])
    func mistakesAreClearErrors(_ response: String, _ expected: String) {
        let text = Self.collection.replacing(
            #/"response": \{[^}]*\}/#, with: "\"response\": { \(response) }")
        #expect(text != Self.collection)
        expectLoadError(text, saying: expected)
    }
}
