import Foundation
import Futures
import HTTPCore
import Replay
import Workspace

/// `make bench-replay`: in-process replay against a mock environment — 10,000 requests with two
/// expectations each (status, and a JSONPath on the body), no history — one after another and
/// with `--parallel 8`. Release build only; prints a Markdown table of the median of 5 runs.
/// `PARALLEL=1` (or 8) runs one workload alone and `RUNS=n` repeats it n times: for profiling.
@main
struct ReplayBench {
    static let requests = 10_000

    static let collection = """
        {
          "formatVersion": 1,
          "id": "replay-bench",
          "name": "Bench",
          "defaultEnvironment": "mock",
          "requests": [
            {
              "id": "item",
              "name": "Item",
              "method": "GET",
              "url": "/items/:id",
              "pathParams": [{ "name": "id", "value": "{{id}}" }],
              "expectations": [
                { "subject": "status", "op": "equals", "value": 200 },
                { "subject": "jsonPath", "path": "$.price", "op": "equals", "value": 10.50 }
              ]
            }
          ],
          "variables": [{ "name": "id", "value": "42" }],
          "environments": [
            {
              "name": "mock",
              "kind": "mock",
              "baseURL": "http://bench.mock",
              "routes": [
                {
                  "method": "GET",
                  "path": "/items/:id(int)",
                  "response": { "json": { "id": 42, "name": "Widget", "price": 10.5, "tags": ["a", "b"] } }
                }
              ]
            }
          ]
        }
        """

    /// User + system CPU time of the whole process so far: what the run cost, however loaded
    /// the machine is (wall time also counts waiting for a core).
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return user + system
    }

    static func main() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-replay-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bench.json").path
        try Data(collection.utf8).write(to: URL(fileURLWithPath: file))
        let services = WorkspaceServices(
            directories: UserDirectories(config: folder.path + "/config", state: folder.path + "/state"),
            liveDispatcher: MockDispatcher(scheduler: ImmediateScheduler()), scheduler: ImmediateScheduler(),
            processEnvironment: [:])
        let loaded = RunLoader.load([file], services: services)
        let one = try RunPlan.select(from: loaded.documents, environment: nil, folder: nil, requests: [])
        let plan = RunPlan(items: Array(repeating: one.items[0], count: requests))
        print("| workload | requests | median wall s | requests/s (wall) | CPU s | requests/CPU-s | goal |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        let environment = ProcessInfo.processInfo.environment
        let parallels = environment["PARALLEL"].flatMap { Int($0) }.map { [$0] } ?? [1, 8]
        let runs = max(1, environment["RUNS"].flatMap { Int($0) } ?? 5)
        for parallel in parallels {
            let runner = ReplayRunner(
                services: services, configuration: RunConfiguration(recordHistory: false, parallel: parallel))
            var times: [Double] = []
            var cpuTimes: [Double] = []
            for _ in 0..<runs {
                let cpuStart = cpuSeconds()
                let start = ContinuousClock.now
                let report = await runner.run(plan)
                let elapsed = ContinuousClock.now - start
                guard report.exitStatus == 0, report.results.count == requests else {
                    print("run failed: \(report.summary)")
                    exit(1)
                }
                cpuTimes.append(cpuSeconds() - cpuStart)
                times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            }
            let median = times.sorted()[runs / 2]
            let cpu = cpuTimes.sorted()[runs / 2]
            print(
                "| mock, 2 expectations, --parallel \(parallel) | \(requests) | \(String(format: "%.3f", median)) | "
                    + "\(Int(Double(requests) / median)) | \(String(format: "%.3f", cpu)) | \(Int(Double(requests) / cpu)) "
                    + "| ≥ 50,000 (issue 9); ≥ 150,000 (issue 31) |")
        }
    }
}
