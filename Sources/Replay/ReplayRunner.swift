import Foundation
import Futures
public import HTTPCore
public import Workspace

/// Runs a `RunPlan`: each request is prepared by `WorkspaceServices` (resolved in the run's
/// environment with the captures taken so far, sent through the environment's mock or live
/// dispatcher), its expectations are checked, its captures taken for the requests after it, and
/// the exchange is recorded in history. Requests run one after another in plan order, so a
/// capture chains into the next request (login → token → authorised call).
///
/// Thread-safe and stateless between runs; results are reported through `onResult` as each
/// request finishes, from whatever thread finished it.
public final class ReplayRunner: Sendable {
    public let services: WorkspaceServices
    public let configuration: RunConfiguration
    public let translator: ErrorTranslator

    public init(services: WorkspaceServices, configuration: RunConfiguration, translator: ErrorTranslator = .standard) {
        self.services = services
        self.configuration = configuration
        self.translator = translator
    }

    /// Runs every request of `plan` and returns the report (results in plan order).
    public func run(_ plan: RunPlan, onResult: @Sendable (RequestResult) -> Void = { _ in }) async -> RunReport {
        let startedAt = Date()
        let clockStart = ContinuousClock.now
        var results: [RequestResult] = []
        var captures: [String: [String: VariableScope.Value]] = [:]
        var bailed = false
        for item in plan.items {
            let collectionID = item.document.collection.id
            let known = captures[collectionID] ?? initialValues(for: item.document)
            let result: RequestResult
            if bailed {
                result = skipped(item)
            } else {
                let execution = await RequestExecution(runner: self, item: item, captures: known).run()
                result = execution.result
                captures[collectionID] = known.merging(execution.captured) { _, new in new }
                if configuration.bail, result.status != .passed { bailed = true }
            }
            results.append(result)
            onResult(result)
        }
        return RunReport(
            results: results, environment: configuration.environment, startedAt: startedAt,
            duration: ContinuousClock.now - clockStart)
    }

    /// `--var` values as the first layer of variables; a value given for a variable the collection
    /// marks secret stays secret.
    func initialValues(for document: CollectionDocument) -> [String: VariableScope.Value] {
        let collection = document.collection
        let secretNames = Set(
            (collection.variables + collection.environments.flatMap(\.variables)).filter(\.secret).map(\.name))
        return configuration.variables.reduce(into: [:]) { values, pair in
            values[pair.key] = VariableScope.Value(pair.value, secret: secretNames.contains(pair.key))
        }
    }

    func skipped(_ item: RunPlan.Item) -> RequestResult {
        let collection = item.document.collection
        return RequestResult(
            collectionName: collection.name, collectionID: collection.id, collectionFile: item.document.path,
            folderPath: item.folderPath, requestID: item.request.id, name: item.request.name,
            method: item.request.method.rawValue, url: item.request.url,
            environment: configuration.environment ?? collection.defaultEnvironment, status: .skipped)
    }
}
