import CurlTransport
import Foundation
import Futures
import HTTPCore
import LoopbackTesting
import Replay
import Synchronization
import Testing
import Workspace

/// A run one request at a time against a real server, as `lazer run` sends it (libcurl, the task
/// on the network thread): the next request leaves before the one before it is checked when
/// nothing can change it, and waits when something can.
@Suite(.serialized) struct OneAtATimeOverlapTests {
    static func collection(port: Int, first: String) -> String {
        """
        {
          "formatVersion": 1,
          "id": "c0ffee00-0000-4000-8000-0000000000ab",
          "name": "Overlap",
          "defaultEnvironment": "live",
          "requests": [
            \(first),
            {
              "id": "second", "name": "Second", "method": "GET", "url": "/second",
              "expectations": [{ "subject": "status", "op": "equals", "value": 200 }]
            }
          ],
          "environments": [{ "name": "live", "kind": "live", "baseURL": "http://127.0.0.1:\(port)" }]
        }
        """
    }

    static let plainFirst = """
        {
          "id": "first", "name": "First", "method": "GET", "url": "/first",
          "expectations": [{ "subject": "status", "op": "equals", "value": 200 }]
        }
        """

    static let capturingFirst = """
        {
          "id": "first", "name": "First", "method": "GET", "url": "/first",
          "captures": [{ "variable": "seen", "from": "status" }]
        }
        """

    /// Runs the collection one at a time with the task on the dispatcher's network thread, as
    /// `lazer run` does; when the first result is reported, waits up to `wait` for the server to
    /// have seen `/second`. Returns whether it had, and the statuses.
    static func run(
        first: String, wait: Duration, configuration: RunConfiguration = RunConfiguration(recordHistory: false)
    ) async throws -> (sawSecondBeforeFirstResult: Bool, statuses: [RequestResult.Status]) {
        let server = try KeepAliveTestServer()
        defer { server.stop() }
        // As `lazer run` makes them: futures settle on the network thread, where the run's task lives.
        let dispatcher = CurlDispatcher(configuration: .init(scheduler: ImmediateScheduler()))
        defer { dispatcher.shutdown() }
        let fixture = try ReplayFixture(liveDispatcher: dispatcher, scheduler: ImmediateScheduler())
        let file = try fixture.write(collection(port: server.port, first: first), to: "overlap.json")
        let plan = try fixture.plan([file])
        let runner = ReplayRunner(services: fixture.services, configuration: configuration)
        let seen = Mutex<Bool?>(nil)
        let report = await Task.detached(executorPreference: dispatcher.taskExecutor) {
            await runner.run(plan) { result in
                guard result.requestID == "first" else { return }
                // The server's log, read until `/second` shows or the time is up (this blocks the
                // run: without the overlap, `/second` cannot leave before it returns).
                let deadline = ContinuousClock.now + wait
                var sawSecond = false
                while !sawSecond, ContinuousClock.now < deadline {
                    let log = (try? server.takeLog().requests.keys) ?? [:].keys
                    sawSecond = log.contains { $0.hasPrefix("GET /second ") }
                    if !sawSecond { Thread.sleep(forTimeInterval: 0.05) }
                }
                seen.withLock { $0 = sawSecond }
            }
        }.value
        return (seen.withLock { $0 } ?? false, report.results.map(\.status))
    }

    @Test("a request that captures nothing: the next one is on the wire before its result is reported")
    func nextLeavesBeforeTheCheck() async throws {
        let outcome = try await Self.run(first: Self.plainFirst, wait: .seconds(10))
        #expect(outcome.sawSecondBeforeFirstResult)
        #expect(outcome.statuses == [.passed, .passed])
    }

    @Test("a request that captures a value: the next one waits for its result")
    func captureHoldsTheNext() async throws {
        let outcome = try await Self.run(first: Self.capturingFirst, wait: .milliseconds(600))
        #expect(!outcome.sawSecondBeforeFirstResult)
        #expect(outcome.statuses == [.passed, .passed])
    }

    @Test("--bail: the next request waits for the result that may stop the run")
    func bailHoldsTheNext() async throws {
        var configuration = RunConfiguration(recordHistory: false)
        configuration.bail = true
        let outcome = try await Self.run(first: Self.plainFirst, wait: .milliseconds(600), configuration: configuration)
        #expect(!outcome.sawSecondBeforeFirstResult)
        #expect(outcome.statuses == [.passed, .passed])
    }
}
