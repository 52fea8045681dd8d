import Testing
import Workspace

/// The request's `retry` field: read, checked with positions, written back byte for byte.
@Suite struct RetryPolicyTests {
    static let withRetry = Fixtures.minimal(
        replacing: """
                    {
                      "name": "id",
                      "value": "1"
                    }
                  ]
            """,
        with: """
                    {
                      "name": "id",
                      "value": "1"
                    }
                  ],
                  "retry": {
                    "count": 3,
                    "delayMilliseconds": 250,
                    "backoff": "constant",
                    "on": [
                      "transportError",
                      "failedExpectation"
                    ]
                  }
            """)

    @Test func aRetryPolicyIsReadAndWrittenBackUnchanged() throws {
        #expect(Self.withRetry != Fixtures.minimal)
        let result = load(Self.withRetry)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let collection = try #require(result.collection)
        let request = try #require(collection.request(id: "req-get"))
        #expect(
            request.retry
                == RetryPolicy(
                    count: 3, delayMilliseconds: 250, backoff: .constant, on: [.transportError, .failedExpectation]))
        #expect(collection.fileText() == Self.withRetry)
    }

    @Test func mistakesInARetryPolicyAreReportedWhereTheyAre() throws {
        let text = Self.withRetry.replacing("\"count\": 3", with: "\"count\": 30").replacing(
            "\"failedExpectation\"", with: "\"failedExpectations\"")
        let result = load(text)
        #expect(result.collection == nil)
        let messages = result.diagnostics.map(\.message)
        #expect(messages.contains { $0.contains("30") })
        #expect(
            messages.contains {
                $0.contains("found \"failedExpectations\" (did you mean \"failedExpectation\"?)")
            })
        #expect(result.diagnostics.allSatisfy { $0.path.contains("retry") })
    }
}
