import Dispatch
import Foundation
import Futures
import HTTPCore
import Load
import Replay
import Synchronization
import Testing
import Workspace

/// The load models over a mock environment (no network): the closed model's users each run the
/// requests in order with their own captures (a login's value reaches that user's next request),
/// and the open model starts exactly the requests its schedule plans, every check counted.
@Suite struct LoadRunnerTests {
    static let collection = """
        {"formatVersion": 1, "id": "load-runner", "name": "Shop", "defaultEnvironment": "mock",
         "requests": [
           {"id": "login", "name": "Log in", "method": "POST", "url": "/login",
            "expectations": [{"subject": "status", "op": "equals", "value": 200}],
            "captures": [{"variable": "user", "from": "jsonPath", "path": "$.user"}]},
           {"id": "me", "name": "Me", "method": "GET", "url": "/users/{{user}}",
            "expectations": [{"subject": "status", "op": "equals", "value": 200}]}
         ],
         "environments": [{"name": "mock", "kind": "mock", "baseURL": "http://shop.mock", "routes": [
           {"method": "POST", "path": "/login", "response": {"json": {"user": "ada"}}},
           {"method": "GET", "path": "/users/ada", "response": {"json": {"name": "Ada"}}}
         ]}]}
        """

    static func runner(requests: [String] = []) throws -> (ReplayRunner, RunPlan) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-load-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("shop.json").path
        try Data(collection.utf8).write(to: URL(fileURLWithPath: file))
        let services = WorkspaceServices(
            directories: UserDirectories(config: folder.path + "/config", state: folder.path + "/state"),
            liveDispatcher: MockDispatcher(scheduler: ImmediateScheduler()),
            scheduler: DispatchQueueScheduler(DispatchQueue(label: "load.tests")))
        let loaded = RunLoader.load([file], services: services)
        let plan = try RunPlan.select(from: loaded.documents, environment: nil, folder: nil, requests: requests)
        return (ReplayRunner(services: services, configuration: RunConfiguration(recordHistory: false)), plan)
    }

    @Test func eachVirtualUserChainsItsOwnCaptures() async throws {
        let (runner, plan) = try Self.runner()
        let model = LoadModel.closed(vus: 3, duration: nil, iterations: 2)
        let load = LoadRunner(runner: runner, plan: plan, model: model)
        let elapsed = await load.run()
        let summary = load.stats.summary(model: model, elapsed: elapsed)
        #expect(summary.overall.count == 12)
        #expect(summary.overall.errors.isEmpty, "\(summary.overall.errors)")
        #expect(summary.overall.statuses == [200: 12])
        #expect(summary.requests.map(\.0) == ["Shop/Log in", "Shop/Me"])
        #expect(summary.checkPassRate == 1)
    }

    /// Answers as its mock does, marking the exchange ended then (as the curl transport marks it
    /// on its network thread), and hands the response over `handOver` later: a busy machine's
    /// thread hop, which is the generator's time and not the server's. It keeps when each exchange
    /// ended and when it was handed over, in that order.
    final class LateHandOverDispatcher: DataDispatcher {
        let mock = MockDispatcher(scheduler: ImmediateScheduler())
        let handOver: Duration
        let marks = Mutex<[(ended: ContinuousClock.Instant, handedOver: ContinuousClock.Instant)]>([])
        var scheduler: any Scheduler { mock.scheduler }

        init(handOver: Duration) { self.handOver = handOver }

        func dataFuture(from request: HTTPRequest) -> ResponseFuture<DataResponse> {
            let answer = mock.dataFuture(from: request)
            let handOver = handOver
            return ResponseFuture(scheduler: scheduler) { future in
                _ =
                    answer.success { answered in
                        var marked = answered
                        let ended = ContinuousClock.now
                        marked.timings.completedAt = ended
                        let response = marked
                        let (seconds, attoseconds) = handOver.components
                        let delay = Double(seconds) + Double(attoseconds) / 1e18
                        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in
                            marks.withLock { $0.append((ended, ContinuousClock.now)) }
                            future.succeed(with: response)
                        }
                    }
                    .error { future.fail(with: $0) }
                    .send()
            }
        }
    }

    @Test func latencyEndsWhenTheTransportSawTheAnswerNotWhenTheTaskResumed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-load-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("live.json").path
        try Data(
            #"""
            {"formatVersion": 1, "id": "late", "name": "Late", "defaultEnvironment": "live",
             "environments": [{"name": "live", "kind": "live", "baseURL": "http://late.test"}],
             "requests": [{"id": "r", "name": "R", "method": "GET", "url": "/r"}]}
            """#.utf8
        ).write(to: URL(fileURLWithPath: file))
        let dispatcher = LateHandOverDispatcher(handOver: .seconds(1))
        try dispatcher.mock.register(.get, "/r", responses: MockResponse())
        let services = WorkspaceServices(
            directories: UserDirectories(config: folder.path + "/config", state: folder.path + "/state"),
            liveDispatcher: dispatcher, scheduler: DispatchQueueScheduler(DispatchQueue(label: "load.tests")))
        let loaded = RunLoader.load([file], services: services)
        let plan = try RunPlan.select(from: loaded.documents, environment: nil, folder: nil, requests: [])
        let runner = ReplayRunner(services: services, configuration: RunConfiguration(recordHistory: false))
        // One user sending twice, and an open model of one request (started at once: no schedule
        // to fall behind on a busy machine, which would count in its latency).
        for (model, requests) in [
            (LoadModel.closed(vus: 1, duration: nil, iterations: 2), 2),
            (LoadModel.open(startRate: 1, stages: [.init(duration: .seconds(1), rate: 1)]), 1),
        ] {
            dispatcher.marks.withLock { $0 = [] }
            let load = LoadRunner(runner: runner, plan: plan, model: model)
            let runStart = ContinuousClock.now
            let elapsed = await load.run()
            let summary = load.stats.summary(model: model, elapsed: elapsed)
            #expect(summary.overall.count == requests)
            #expect(elapsed >= .seconds(requests))
            // The requests ran one after another, so each started after the run began and after
            // the one before it was handed over: its latency can be at most from there to its
            // exchange's end. Counted at the hand-over instead, it would be a second longer. An
            // ordering, not a figure, so a stalled machine cannot fail it.
            let marks = dispatcher.marks.withLock { $0 }
            #expect(marks.count == requests)
            let bounds = marks.indices.map { marks[$0].ended - ($0 == 0 ? runStart : marks[$0 - 1].handedOver) }
            let bound = bounds.max() ?? .zero
            let (seconds, attoseconds) = bound.components
            let boundMilliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
            // The histogram keeps three significant digits: its maximum may read up to 0.1 % high.
            #expect(summary.maxMilliseconds() <= boundMilliseconds * 1.001 + 0.001, "\(model): \(bounds)")
        }
    }

    @Test func theOpenModelStartsWhatItsSchedulePlans() async throws {
        let (runner, plan) = try Self.runner(requests: ["login"])
        let model = LoadModel.open(startRate: 200, stages: [.init(duration: .milliseconds(250), rate: 200)])
        let load = LoadRunner(runner: runner, plan: plan, model: model)
        let elapsed = await load.run()
        let summary = load.stats.summary(model: model, elapsed: elapsed)
        #expect(summary.started == 50 && summary.overall.count == 50)
        #expect(summary.overall.checks["status"]?.passed == 50)
        let verdict = try LoadThreshold.parse("checks>=100%").judge(summary)
        #expect(verdict.passed)
    }
}
