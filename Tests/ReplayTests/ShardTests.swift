import Foundation
import Replay
import Testing
import Workspace

/// `lazer run --shard K/N` (the split, a pure function of the plan) and `lazer report merge`.
@Suite struct ShardTests {
    @Test("K/N parses for 1 <= K <= N only")
    func parsing() {
        #expect(RunShard("2/4") == RunShard("2/4"))
        #expect(RunShard("2/4")?.index == 2 && RunShard("2/4")?.count == 4)
        for bad in ["0/2", "3/2", "1/0", "1", "a/b", "1/2/3", "-1/2", ""] { #expect(RunShard(bad) == nil, "\(bad)") }
    }

    @Test("units: a top-level folder whole, a top-level request alone, folders joined along captures")
    func units() throws {
        let fixture = try ReplayFixture()
        let plan = try fixture.plan([try fixture.write(ShardCollection.text, to: "shard.json")])
        #expect(plan.items.map(\.request.id) == ["login", "orders", "health", "version", "ping", "pong"])
        #expect(RunShard.units(of: plan.items, environment: nil) == [[0, 1], [2, 3], [4], [5]])
    }

    @Test("the largest unit goes to the shard with the fewest requests, the lowest-numbered on a tie")
    func assignment() {
        #expect(RunShard.assign(sizes: [2, 2, 1, 1], shards: 2) == [0, 1, 0, 1])
        #expect(RunShard.assign(sizes: [1, 5, 1, 1, 1], shards: 2) == [1, 0, 1, 1, 1])
        #expect(RunShard.assign(sizes: [3], shards: 3) == [0])
    }

    @Test("every request is in exactly one shard, with its place in the whole plan, for every N")
    func coverage() throws {
        let fixture = try ReplayFixture()
        let plan = try fixture.plan([try fixture.write(ShardCollection.text, to: "shard.json")])
        for count in 1...7 {
            var seen: [Int] = []
            for index in 1...count {
                let (part, positions) = try #require(RunShard("\(index)/\(count)")).select(plan, environment: nil)
                #expect(part.items.map(\.request.id) == positions.map { plan.items[$0].request.id })
                #expect(positions == positions.sorted())
                seen += positions
            }
            #expect(seen.sorted() == Array(plan.items.indices), "N = \(count)")
        }
        let first = try #require(RunShard("1/2")).select(plan, environment: nil)
        #expect(first.positions == [0, 1, 4])
    }

    @Test("two shards' JSON reports merged equal one run of the whole, in its order, for every reporter")
    func mergeEqualsWholeRun() async throws {
        let fixture = try ReplayFixture()
        let file = try fixture.write(ShardCollection.text, to: "shard.json")
        var configuration = RunConfiguration(recordHistory: false)
        configuration.keepsExchangeDetails = true
        let whole = try await fixture.run([file], configuration: configuration)
        let plan = try fixture.plan([file])
        var reports: [RunReport] = []
        for index in [2, 1] {
            let shard = try #require(RunShard("\(index)/2"))
            let (part, positions) = shard.select(plan, environment: nil)
            var report = await ReplayRunner(services: fixture.services, configuration: configuration).run(part)
            report.shard = shard.description
            for result in report.results.indices { report.results[result].position = positions[result] }
            let json = JSONReporter().report(report)
            reports.append(try ReportMerge.decode(Data(json.utf8), name: "shard-\(index).json"))
        }
        let (merged, warnings) = try ReportMerge.merge(reports)
        #expect(warnings.isEmpty)
        #expect(merged.summary == whole.summary)
        #expect(merged.exitStatus == whole.exitStatus && merged.exitStatus == RunExitStatus.expectationFailed)
        func shown(_ report: RunReport) -> [String] {
            report.results.map { result in
                "\(result.path) \(result.status) \(result.responseStatus ?? 0) "
                    + result.checks.map { "\($0.label) \($0.expected) \($0.actual) \($0.passed)" }.joined(
                        separator: ";")
                    + " \(result.details?.responseBody?.text ?? "-") \(result.details?.requestHeaders ?? [])"
            }
        }
        #expect(shown(merged) == shown(whole))
        // The details survive the JSON round trip: the HTML report of the merge shows the bodies.
        let html = HTMLReporter().report(merged)
        #expect(html.contains("<pre class=\"body\">1.0</pre>"))
        #expect(html.contains("id=\"summary-failed\">1<"))
    }

    @Test("merging the same shard twice, or shards of different splits, is refused; a missing shard is said")
    func mergeProblems() throws {
        func report(_ shard: String?) -> RunReport {
            var report = RunReport(results: [], environment: nil, startedAt: Date(), duration: .zero)
            report.shard = shard
            return report
        }
        #expect(throws: ReportMerge.Problem.self) { try ReportMerge.merge([report("1/2"), report("1/2")]) }
        #expect(throws: ReportMerge.Problem.self) { try ReportMerge.merge([report("1/2"), report("2/3")]) }
        let (_, warnings) = try ReportMerge.merge([report("1/3"), report("3/3")])
        #expect(warnings == ["shard 2/3 missing"])
        #expect(throws: ReportMerge.Problem.self) { try ReportMerge.decode(Data("{}".utf8), name: "x.json") }
        #expect(throws: ReportMerge.Problem.self) { try ReportMerge.decode(Data("<xml/>".utf8), name: "x.json") }
    }
}
