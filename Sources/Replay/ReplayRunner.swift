import Foundation
import Futures
package import HTTPCore
import StateStore
package import Workspace

/// Runs a `RunPlan`: each request is prepared by `WorkspaceServices` (resolved in the run's
/// environment with the captures taken so far, sent through the environment's mock or live
/// dispatcher), its expectations are checked, its captures taken for the requests after it, and
/// the exchange is recorded in history. Requests run one after another in plan order, so a
/// capture chains into the next request (login → token → authorised call).
///
/// Thread-safe and stateless between runs; results are reported through `onResult` as each
/// request finishes, from whatever thread finished it.
package final class ReplayRunner: Sendable {
    package let services: WorkspaceServices
    package let configuration: RunConfiguration
    package let translator: ErrorTranslator
    /// Sees every exchange before redaction (`lazer record`); `nil` for a plain run.
    package let onExchange: (@Sendable (ReplayExchange) -> Void)?
    /// Records the run's exchanges in history in the background, in batches (nil without
    /// history); `run` waits for it before it returns.
    let historyWriter: HistoryBatchWriter?

    package init(
        services: WorkspaceServices, configuration: RunConfiguration, translator: ErrorTranslator = .standard,
        onExchange: (@Sendable (ReplayExchange) -> Void)? = nil
    ) {
        self.onExchange = onExchange
        self.services = services
        self.configuration = configuration
        self.translator = translator
        historyWriter = configuration.recordHistory ? services.history.batchWriter() : nil
    }

    /// Runs every request of `plan` (`repetitions` times) and returns the report: results in plan
    /// order, pass after pass, whatever order they finished in.
    package func run(_ plan: RunPlan, onResult: @Sendable (RequestResult) -> Void = { _ in }) async -> RunReport {
        let startedAt = Date()
        let clockStart = ContinuousClock.now
        var results: [RequestResult] = []
        var bailed = false
        var known: [String: [String: VariableScope.Value]] = [:]
        for iteration in 1...configuration.repetitions {
            known = [:]
            let pass = await runPass(plan, iteration: iteration, bailed: &bailed, known: &known, onResult: onResult)
            if results.isEmpty { results = pass } else { results += pass }
        }
        do throws(StateStoreError) {
            try historyWriter?.finish()
        } catch {
            configuration.historyFailed?(error.description)
        }
        return RunReport(
            results: results, environment: configuration.environment, startedAt: startedAt,
            duration: ContinuousClock.now - clockStart, captured: known)
    }

    /// One pass over the plan: up to `parallel` requests in flight, each started once the
    /// requests whose captures it uses have finished (with 1, strictly in plan order). Once the
    /// task is cancelled (the explorer's Runner view), requests not started are reported skipped.
    private func runPass(
        _ plan: RunPlan, iteration: Int, bailed: inout Bool, known: inout [String: [String: VariableScope.Value]],
        onResult: @Sendable (RequestResult) -> Void
    ) async -> [RequestResult] {
        let items = plan.items
        // One preparer per collection file: what every request of it shares is worked out once.
        var preparers: [RequestPreparer] = []
        func preparer(for item: RunPlan.Item) -> RequestPreparer {
            // Consecutive requests mostly share their collection: the last one used is tried first.
            let (path, collectionID) = (item.documentPath, item.collectionID)
            if let last = preparers.last, last.serves(path: path, collectionID: collectionID) { return last }
            if let known = preparers.first(where: { $0.serves(path: path, collectionID: collectionID) }) {
                return known
            }
            let preparer = services.preparer(
                for: item.document, environmentName: configuration.environment, cookieJar: configuration.cookieJar)
            preparers.append(preparer)
            return preparer
        }
        if configuration.parallel == 1 {
            return await runOneAtATime(
                items, iteration: iteration, bailed: &bailed, known: &known, preparer: preparer, onResult: onResult)
        }
        let waits = RunDependencies.compute(items, environment: configuration.environment)
        var results = [RequestResult?](repeating: nil, count: items.count)
        // Values captured so far, per collection (`known`): the values the run started with and
        // `--var` values, then each finished request's captures in the order they finished (plan
        // order when running one at a time).
        var started = [Bool](repeating: false, count: items.count)
        // Which requests have finished, by index (a flag per request costs less than a set).
        var finished = [Bool](repeating: false, count: items.count)
        var firstUnstarted = 0
        var running = 0
        var stop = bailed
        await withTaskGroup(of: (Int, RequestExecution.Outcome).self) { group in
            func startReady() {
                while firstUnstarted < items.count, started[firstUnstarted] { firstUnstarted += 1 }
                var index = firstUnstarted
                while index < items.count {
                    defer { index += 1 }
                    if started[index] { continue }
                    if Task.isCancelled { stop = true }
                    if stop {
                        var result = skipped(items[index])
                        result.iteration = iteration
                        results[index] = result
                        started[index] = true
                        finished[index] = true
                        onResult(result)
                        continue
                    }
                    guard running < configuration.parallel else { return }
                    guard waits[index].allSatisfy({ finished[$0] }) else { continue }
                    started[index] = true
                    running += 1
                    let item = items[index]
                    let values = knownValues(for: item, &known)
                    let execution = RequestExecution(
                        runner: self, item: item, preparer: preparer(for: item), captures: values)
                    let position = index
                    group.addTask { (position, await execution.run()) }
                }
            }
            startReady()
            while let (index, outcome) = await group.next() {
                running -= 1
                finished[index] = true
                var result = outcome.result
                result.iteration = iteration
                results[index] = result
                if !outcome.captured.isEmpty {
                    known[result.collectionID, default: [:]].merge(outcome.captured) { _, new in new }
                }
                onResult(result)
                if configuration.bail, result.status != .passed { stop = true }
                startReady()
            }
        }
        bailed = stop
        return results.enumerated().map { index, result in
            result ?? skipped(items[index])
        }
    }

    /// The values captured so far for `item`'s collection, started from the `--var` values the
    /// first time (looked up once, its document read only then: this runs for every request).
    func knownValues(
        for item: RunPlan.Item, _ known: inout [String: [String: VariableScope.Value]]
    ) -> [String: VariableScope.Value] {
        if let values = known[item.collectionID] { return values }
        let values = initialValues(for: item.document)
        known[item.collectionID] = values
        return values
    }

    /// The values captured before the run, then `--var` values over them, as the first layer of
    /// variables; a value given for a variable the collection marks secret stays secret.
    package func initialValues(for document: CollectionDocument) -> [String: VariableScope.Value] {
        let collection = document.collection
        let secretNames = Set(
            (collection.variables + collection.environments.flatMap(\.variables)).filter(\.secret).map(\.name))
        return configuration.variables.reduce(into: configuration.captured[collection.id] ?? [:]) { values, pair in
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
