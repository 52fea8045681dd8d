import Foundation
import Replay
import Synchronization
import Testing
import Workspace

/// Retry policies, `--parallel` with capture dependencies, `--repeat`.
@Suite struct RetryAndParallelTests {
    static func collection(requests: String, routes: String) -> String {
        """
        {
          "formatVersion": 1,
          "id": "c0ffee00-0000-4000-8000-0000000000aa",
          "name": "Flaky",
          "defaultEnvironment": "mock",
          "requests": [\(requests)],
          "environments": [
            {
              "name": "mock",
              "kind": "mock",
              "baseURL": "http://flaky.mock",
              "routes": [\(routes)]
            }
          ]
        }
        """
    }

    static let flaky = collection(
        requests: """
            {
              "id": "flaky", "name": "Flaky", "method": "GET", "url": "/flaky",
              "expectations": [{ "subject": "status", "op": "equals", "value": 200 }],
              "retry": { "count": 3, "delayMilliseconds": 1, "on": ["serverError"] }
            },
            {
              "id": "once", "name": "Once", "method": "GET", "url": "/once",
              "expectations": [{ "subject": "status", "op": "equals", "value": 200 }]
            },
            {
              "id": "refused", "name": "Refused", "method": "GET", "url": "/refused",
              "retry": { "count": 2, "backoff": "constant" }
            },
            {
              "id": "eventually", "name": "Eventually ready", "method": "GET", "url": "/ready",
              "expectations": [{ "subject": "jsonPath", "path": "$.ready", "op": "equals", "value": true }],
              "retry": { "count": 1, "on": ["failedExpectation"] }
            },
            {
              "id": "not-on-expectations", "name": "Not on expectations", "method": "GET", "url": "/never",
              "expectations": [{ "subject": "jsonPath", "path": "$.ready", "op": "equals", "value": true }],
              "retry": { "count": 4 }
            }
            """,
        routes: """
            { "method": "GET", "path": "/flaky", "sequence": [{ "status": 503 }, { "status": 502 }, { "status": 200 }] },
            { "method": "GET", "path": "/once", "sequence": [{ "status": 503 }, { "status": 200 }] },
            { "method": "GET", "path": "/refused", "response": { "failure": "connectionRefused" } },
            {
              "method": "GET", "path": "/ready",
              "sequence": [{ "json": { "ready": false } }, { "json": { "ready": true } }]
            },
            { "method": "GET", "path": "/never", "response": { "json": { "ready": false } } }
            """)

    @Test("a retry policy sends again on 5xx, transport errors or failed expectations, as it says; attempts counted")
    func retries() async throws {
        let fixture = try ReplayFixture()
        let file = try fixture.write(Self.flaky, to: "flaky.json")
        let report = try await fixture.run([file])
        let byID = Dictionary(uniqueKeysWithValues: report.results.map { ($0.requestID, $0) })
        #expect(byID["flaky"]?.status == .passed)
        #expect(byID["flaky"]?.attempts == 3)
        #expect(byID["once"]?.status == .failed)
        #expect(byID["once"]?.attempts == 1)
        #expect(byID["refused"]?.status == .error)
        #expect(byID["refused"]?.attempts == 3)
        #expect(byID["eventually"]?.status == .passed)
        #expect(byID["eventually"]?.attempts == 2)
        #expect(byID["not-on-expectations"]?.attempts == 1)
        #expect(HumanReporter().finished(try #require(byID["flaky"]), previous: byID["flaky"]).contains("3 attempts"))
    }

    @Test("backoff: exponential doubles the delay, constant keeps it")
    func backoff() {
        let exponential = RetryPolicy(count: 3, delayMilliseconds: 100)
        #expect(
            (1...3).map(exponential.delay(beforeRetry:)) == [
                .milliseconds(100), .milliseconds(200), .milliseconds(400),
            ])
        let constant = RetryPolicy(count: 3, delayMilliseconds: 50, backoff: .constant)
        #expect((1...3).map(constant.delay(beforeRetry:)) == [.milliseconds(50), .milliseconds(50), .milliseconds(50)])
        #expect(RetryPolicy(count: 1).conditions == [.transportError, .serverError])
    }

    static let dependent = collection(
        requests: """
            {
              "id": "slow-login", "name": "Slow login", "method": "POST", "url": "/login",
              "captures": [{ "variable": "token", "from": "jsonPath", "path": "$.token", "secret": true }]
            },
            { "id": "independent", "name": "Independent", "method": "GET", "url": "/fast" },
            {
              "id": "needs-token", "name": "Needs the token", "method": "GET", "url": "/me",
              "headers": [{ "name": "Authorization", "value": "{{auth}}" }],
              "expectations": [{ "subject": "status", "op": "equals", "value": 200 }]
            }
            """,
        routes: """
            { "method": "POST", "path": "/login", "response": { "delayMilliseconds": 300, "json": { "token": "t0ken-xyz" } } },
            { "method": "GET", "path": "/fast", "response": { "status": 204 } },
            {
              "method": "GET", "path": "/me", "headers": [{ "name": "Authorization", "value": "Bearer t0ken-xyz" }],
              "response": { "json": { "me": true } }
            },
            { "method": "GET", "path": "/me", "response": { "status": 401 } }
            """
    ).replacing(
        "\"requests\": [",
        with: "\"variables\": [{ \"name\": \"auth\", \"value\": \"Bearer {{token}}\" }],\n  \"requests\": [")

    @Test("--parallel: independent requests go ahead; one using a captured value (through a variable) waits for it")
    func parallelOrdering() async throws {
        let fixture = try ReplayFixture()
        let file = try fixture.write(Self.dependent, to: "dependent.json")
        let plan = try fixture.plan([file])
        let order = Mutex<[String]>([])
        let report = await ReplayRunner(
            services: fixture.services, configuration: RunConfiguration(recordHistory: false, parallel: 3)
        ).run(plan) { result in order.withLock { $0.append(result.requestID) } }
        #expect(order.withLock { $0 } == ["independent", "slow-login", "needs-token"])
        #expect(report.results.map(\.requestID) == ["slow-login", "independent", "needs-token"])
        #expect(report.results.map(\.status) == [.passed, .passed, .passed])
        #expect(report.exitStatus == 0)
    }

    @Test("--parallel 1 keeps collection order")
    func sequentialOrder() async throws {
        let fixture = try ReplayFixture()
        let file = try fixture.write(Self.dependent, to: "dependent.json")
        let order = Mutex<[String]>([])
        _ = await ReplayRunner(services: fixture.services, configuration: RunConfiguration(recordHistory: false))
            .run(try fixture.plan([file])) { result in order.withLock { $0.append(result.requestID) } }
        #expect(order.withLock { $0 } == ["slow-login", "independent", "needs-token"])
    }

    @Test("--repeat runs the plan again, each pass numbered")
    func repeatRuns() async throws {
        let fixture = try ReplayFixture()
        let file = try fixture.write(Self.flaky, to: "flaky.json")
        let report = try await fixture.run(
            [file], requests: ["once"], configuration: RunConfiguration(recordHistory: false, repetitions: 3))
        #expect(report.results.map(\.iteration) == [1, 2, 3])
        // The mock's sequence moves on: 503, then 200 for good.
        #expect(report.results.map(\.status) == [.failed, .passed, .passed])
        #expect(ReporterTests.render(.human, report).contains("· pass 2"))
    }
}
