import Foundation
import Futures
import HTTPCore
import Replay
import Workspace

/// `make bench-replay`: in-process replay against a mock environment — 10,000 requests with two
/// expectations each (status, and a JSONPath on the body), no history — one after another and
/// with `--parallel 8`. Release build only; prints a Markdown table of the median of 5 runs.
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
        print("| workload | requests | median wall s | requests/s | goal |")
        print("|---|---:|---:|---:|---:|")
        for parallel in [1, 8] {
            let runner = ReplayRunner(
                services: services, configuration: RunConfiguration(recordHistory: false, parallel: parallel))
            var times: [Double] = []
            for _ in 0..<5 {
                let start = ContinuousClock.now
                let report = await runner.run(plan)
                let elapsed = ContinuousClock.now - start
                guard report.exitStatus == 0, report.results.count == requests else {
                    print("run failed: \(report.summary)")
                    exit(1)
                }
                times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            }
            let median = times.sorted()[2]
            let rate = Double(requests) / median
            print(
                "| mock, 2 expectations, --parallel \(parallel) | \(requests) | \(String(format: "%.3f", median)) | "
                    + "\(Int(rate)) | ≥ 50,000 |")
        }
    }
}
