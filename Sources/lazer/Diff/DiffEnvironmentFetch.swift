import CurlTransport
import Foundation
import Futures
import HTTPCore
import Interop
import Replay
import Synchronization
import Workspace

/// `lazer diff --request ID --env A --env B`: the request sent once in each environment through
/// the same engine as `lazer run` (variables, auth, mock environments, history), one after the
/// other; the two response bodies are the sides of the diff.
struct DiffEnvironmentFetch {
    let request: String
    let environments: [String]
    let collection: String?
    let recordHistory: Bool

    func fetch() throws(DiffSourceError) -> [DiffSide] {
        let environment = ProcessInfo.processInfo.environment
        let dispatcher = CurlDispatcher(
            configuration: .init(scheduler: ImmediateScheduler(), userAgent: "lazer/\(LazerVersion.current)"))
        defer { dispatcher.shutdown() }
        let services = WorkspaceServices(
            directories: UserDirectories(environment: environment), liveDispatcher: dispatcher,
            scheduler: ImmediateScheduler(), contractSources: .lazer)
        let folder = collection ?? (FileManager.default.fileExists(atPath: "Collections") ? "Collections" : ".")
        let loaded = RunLoader.load([folder], services: services)
        if let failure = loaded.failures.first { throw DiffSourceError(message: "\(failure)") }
        if let problem = loaded.diagnostics.first { throw DiffSourceError(message: problem.description) }
        // Both plans before anything is sent: a typo in the second environment's name sent the
        // request in the first (a POST changed a live server) before it was refused.
        var plans: [(name: String, plan: RunPlan)] = []
        for name in environments {
            let plan: RunPlan
            do {
                plan = try RunPlan.select(
                    from: loaded.documents, environment: name, folder: nil, requests: [request])
            } catch {
                throw DiffSourceError(message: error.message)
            }
            guard plan.items.count == 1 else {
                throw DiffSourceError(
                    message: "\"\(request)\" names \(plan.items.count) requests; give its id or Folder/Name")
            }
            plans.append((name, plan))
        }
        var sides: [DiffSide] = []
        var statuses: [Int?] = []
        for (name, plan) in plans {
            let (side, status) = try send(plan, environment: name, services: services, dispatcher: dispatcher)
            sides.append(side)
            statuses.append(status)
        }
        if statuses[0] != statuses[1] {
            let words = statuses.map { $0.map(String.init) ?? "no status" }
            sides[0].notes.append("status: \(words[0]) in \(environments[0]), \(words[1]) in \(environments[1])")
        }
        return sides
    }

    private func send(
        _ plan: RunPlan, environment name: String, services: WorkspaceServices, dispatcher: CurlDispatcher
    ) throws(DiffSourceError) -> (DiffSide, Int?) {
        let configuration = RunConfiguration(environment: name, recordHistory: recordHistory)
        let exchange = Mutex<ReplayExchange?>(nil)
        let runner = ReplayRunner(services: services, configuration: configuration) { sent in
            exchange.withLock { $0 = sent }
        }
        let (report, signal) = RunCommand.wait(on: dispatcher.taskExecutor) { await runner.run(plan) }
        if signal != nil { throw DiffSourceError(message: "interrupted") }
        guard let result = report.results.first else { throw DiffSourceError(message: "\(name): nothing was sent") }
        let label = "\(result.method) \(result.url) in \(name)"
        if let failure = result.failure {
            throw DiffSourceError(message: "\(label): \(failure.title). \(failure.explanation)")
        }
        if !result.problems.isEmpty {
            throw DiffSourceError(message: "\(label) was not sent: \(result.problems.joined(separator: "; "))")
        }
        guard let sent = exchange.withLock({ $0 }) else { throw DiffSourceError(message: "\(label): no response") }
        // Secrets the collection knows are masked as in history and reports (the mask keeps JSON valid).
        let body =
            String(validating: sent.body, as: UTF8.self).map { Array(sent.redactor.redact($0).utf8) } ?? sent.body
        let status = result.responseStatus.map(String.init) ?? "-"
        return (DiffSide(name: label + " · " + status, bytes: body), result.responseStatus)
    }
}
