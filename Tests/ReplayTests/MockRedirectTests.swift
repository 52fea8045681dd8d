import Foundation
import Replay
import Testing
import Workspace

/// Against a mock environment a redirect is followed as live (issue 33): by default, with the
/// request's or collection's `followRedirects` and `maxRedirects`, the method rules of the live
/// transport (a 303 makes the POST a GET), and `lazer run --no-follow` (or the option off) stops at
/// the redirect. Before, a mock's 307 was the answer whatever the options said.
@Suite struct MockRedirectTests {
    static let collection = """
        {
          "formatVersion": 1,
          "id": "c0ffee00-0000-4000-8000-0000000000bb",
          "name": "Moved",
          "defaultEnvironment": "mock",
          "requests": [
            {
              "id": "follow", "name": "Follow", "method": "GET", "url": "/old",
              "expectations": [
                { "subject": "status", "op": "equals", "value": 200 },
                { "subject": "jsonPath", "path": "$.moved", "op": "equals", "value": true }
              ]
            },
            {
              "id": "stop", "name": "Stop", "method": "GET", "url": "/old",
              "options": { "followRedirects": false },
              "expectations": [{ "subject": "status", "op": "equals", "value": 307 }]
            },
            {
              "id": "see-other", "name": "See other", "method": "POST", "url": "/form",
              "body": { "type": "json", "json": { "a": 1 } },
              "expectations": [{ "subject": "status", "op": "equals", "value": 200 }]
            },
            {
              "id": "loop", "name": "Loop", "method": "GET", "url": "/loop",
              "options": { "maxRedirects": 2 }
            }
          ],
          "environments": [
            {
              "name": "mock",
              "kind": "mock",
              "baseURL": "http://moved.mock",
              "routes": [
                {
                  "method": "GET", "path": "/old",
                  "response": { "status": 307, "headers": [{ "name": "Location", "value": "/new" }] }
                },
                { "method": "GET", "path": "/new", "response": { "json": { "moved": true } } },
                {
                  "method": "POST", "path": "/form",
                  "response": { "status": 303, "headers": [{ "name": "Location", "value": "http://moved.mock/done" }] }
                },
                { "method": "GET", "path": "/done", "response": { "json": { "done": true } } },
                {
                  "method": "GET", "path": "/loop",
                  "response": { "status": 302, "headers": [{ "name": "Location", "value": "/loop" }] }
                }
              ]
            }
          ]
        }
        """

    @Test("a mock's redirect is followed by default, as live; the option off or --no-follow stops at it")
    func followsAsLive() async throws {
        let fixture = try ReplayFixture()
        let file = try fixture.write(Self.collection, to: "moved.json")
        let report = try await fixture.run([file])
        let byID = Dictionary(uniqueKeysWithValues: report.results.map { ($0.requestID, $0) })
        #expect(byID["follow"]?.status == .passed)
        #expect(byID["follow"]?.responseStatus == 200)
        #expect(byID["stop"]?.status == .passed)
        #expect(byID["stop"]?.responseStatus == 307)
        // 303 turns the POST into a GET (the /done route answers GET only).
        #expect(byID["see-other"]?.status == .passed)
        #expect(byID["loop"]?.status == .error)
        #expect(byID["loop"]?.responseStatus == nil)

        var configuration = RunConfiguration(recordHistory: false)
        configuration.followRedirects = false
        let unfollowed = try await fixture.run([file], requests: ["follow"], configuration: configuration)
        #expect(unfollowed.results.first?.responseStatus == 307)
        #expect(unfollowed.results.first?.status == .failed)
    }
}
