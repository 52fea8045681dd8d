import HTTPCore
import Testing
import Workspace

/// Streams in the collection format: a request's `stream` settings, the `events` and `event`
/// expectations (read from a streamed body after the fact), and a mock's streamed `events` answer.
@Suite struct StreamSettingsTests {
    static let collection = """
        {
          "formatVersion": 1,
          "id": "streams",
          "name": "Streams",
          "requests": [
            {
              "id": "ticks",
              "name": "Ticks",
              "method": "GET",
              "url": "/ticks",
              "expectations": [
                {
                  "subject": "events",
                  "op": "equals",
                  "value": 2
                },
                {
                  "subject": "event",
                  "index": -1,
                  "path": "$.n",
                  "op": "equals",
                  "value": 2
                }
              ],
              "stream": {
                "maxEvents": 10,
                "seconds": 5,
                "format": "sse",
                "join": "$.n"
              }
            }
          ],
          "environments": [
            {
              "name": "mock",
              "kind": "mock",
              "baseURL": "http://mock.test",
              "routes": [
                {
                  "method": "GET",
                  "path": "/ticks",
                  "response": {
                    "status": 200,
                    "events": [
                      {
                        "event": "tick",
                        "id": "1",
                        "data": {
                          "n": 1
                        }
                      },
                      {
                        "data": "two\\nlines",
                        "delayMilliseconds": 250
                      }
                    ]
                  }
                }
              ]
            }
          ]
        }

        """

    @Test func streamSettingsEventExpectationsAndMockEventsAreReadAndWrittenBackUnchanged() throws {
        let result = load(Self.collection)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let collection = try #require(result.collection)
        let request = try #require(collection.request(id: "ticks"))
        #expect(request.stream == StreamSettings(maxEvents: 10, seconds: 5, format: .serverSentEvents, join: "$.n"))
        #expect(request.expectations.map(\.subject) == [.eventCount, .event(index: -1, path: "$.n")])
        #expect(collection.fileText() == Self.collection)
    }

    @Test func aMockEventsAnswerIsFramedAsSSEWithItsDelays() throws {
        let collection = try #require(load(Self.collection).collection)
        let environment = try #require(collection.environment(named: "mock"))
        let routes = try MockRouteBuilder.routes(for: environment, baseFolder: "/tmp")
        let response = try #require(routes.first?.responses.first)
        #expect(response.headers["Content-Type"] == "text/event-stream")
        let chunks = try #require(response.stream)
        #expect(chunks.map(\.delay) == [.zero, .milliseconds(250)])
        #expect(String(decoding: chunks[0].data, as: UTF8.self) == "event: tick\nid: 1\ndata: {\"n\":1}\n\n")
        #expect(String(decoding: chunks[1].data, as: UTF8.self) == "data: two\ndata: lines\n\n")
    }

    @Test func aJoinPathThatIsNoJSONPathIsAnErrorAtItsCharacter() {
        let result = load(Self.collection.replacing("\"join\": \"$.n\"", with: "\"join\": \"$.n[\""))
        #expect(
            result.diagnostics.contains { $0.message.contains("invalid JSONPath at character") },
            "\(result.diagnostics)")
        #expect(result.diagnostics.contains { $0.path.description.contains("join") }, "\(result.diagnostics)")
    }

    @Test func aLineBreakInAnEventNameIsAnErrorWhereItIs() {
        let text = Self.collection.replacing("\"event\": \"tick\"", with: "\"event\": \"ti\\nck\"")
        let result = load(text)
        #expect(result.collection == nil)
        #expect(result.diagnostics.contains { $0.message.contains("cannot hold a line break") })
    }

    private func facts(_ body: String, type: String = "text/event-stream") -> ResponseFacts {
        ResponseFacts(
            status: 200, headers: HTTPHeaders([("Content-Type", type)]), body: Array(body.utf8), document: nil,
            duration: .zero)
    }

    @Test func eventExpectationsReadTheEventsOfTheBody() {
        let sse = facts("data: {\"n\": 1}\n\nevent: done\ndata: bye\n\n")
        func check(_ subject: Workspace.Expectation.Subject, _ op: Workspace.Expectation.Operator, _ value: StoredJSON?)
            -> ExpectationCheck
        {
            ExpectationCheck(Workspace.Expectation(subject: subject, op: op, value: value), against: sse)
        }
        #expect(check(.eventCount, .equals, .integer(2)).passed)
        #expect(check(.event(index: 0, path: "$.n"), .equals, .integer(1)).passed)
        #expect(check(.event(index: -1, path: nil), .equals, .string("bye")).passed)
        #expect(check(.event(index: 5, path: nil), .notExists, nil).passed)
        #expect(check(.event(index: 0, path: "$.n"), .equals, .integer(2)).actual == "1")
        // NDJSON by its Content-Type; a body that is no stream has no events.
        let lines = facts("{\"n\": 1}\n{\"n\": 2}\n", type: "application/x-ndjson")
        #expect(
            ExpectationCheck(
                Workspace.Expectation(subject: .eventCount, op: .equals, value: .integer(2)), against: lines
            ).passed)
        let json = facts("{\"n\": 1}", type: "application/json")
        #expect(
            ExpectationCheck(
                Workspace.Expectation(subject: .eventCount, op: .equals, value: .integer(0)), against: json
            ).passed)
    }
}
