import RegularFiles
import Replay
package import Workspace

/// The Runner view's effect: the same `ReplayRunner` as `lazer run`, one request at a time in
/// collection order (captures chain), exchanges recorded in history like any send, each result
/// handed back as it finishes. Cancelling the task cancels the request in flight; the runner
/// reports the rest skipped. The values the run captured are kept like a send's (per collection
/// and environment, secret ones in the secrets file), so a restart still has the run's token.
extension ExplorerProgram {
    func startRun(_ job: RunJob) {
        // A collection whose auth commands are not trusted: asked first, as a send asks.
        if let document = untrustedDocument(of: job) {
            dispatch(.askTrust(TrustQuestion(run: job, document: document)))
            return
        }
        // Then one whose scripts are not trusted (each file asked once per run).
        let scriptTrust = dependencies.workspace.scriptTrust
        var trusted: [String: Bool] = [:]
        for item in job.plan.items where item.hasScripts {
            let path = item.document.path
            guard trusted[path] == nil else { continue }
            trusted[path] = scriptTrust.isTrusted(item.document)
            if trusted[path] == false, !job.scriptTrustAsked.contains(path) {
                dispatch(.askTrust(TrustQuestion(scriptsOfRun: job, document: item.document)))
                return
            }
        }
        var configuration = RunConfiguration(environment: job.environment, recordHistory: true, captured: job.captures)
        configuration.answers = job.answers
        // The scripts of the files trusted run; a refused file's requests with scripts are not sent.
        configuration.trustedScriptFiles = Set(trusted.filter(\.value).keys)
        configuration.historyFailed = { [weak self] message in self?.stateWriteFailed(.history, message) }
        let services = dependencies.workspace
        let run = job.run
        let plan = job.plan
        let deliver: @Sendable (ExplorerAction) -> Void = { [weak self] action in self?.deliver(action) }
        let store: @Sendable (String, [String: VariableScope.Value]) -> Void = { [weak self] collectionID, values in
            self?.storeCaptures(collectionID, environment: job.environment, values)
        }
        let cookiesFailed: @Sendable (String) -> Void = { [weak self] message in
            self?.stateWriteFailed(.cookies, message)
        }
        // The run's requests share the jar of the collection's environment, as its sends do: read
        // from its file before the first, merged back into it after the last.
        let jarKey = plan.items.first.map { item in
            CookieJarKey(
                collectionID: item.document.collection.id,
                environment: job.environment ?? item.document.collection.defaultEnvironment)
        }
        let task = Task.detached {
            var configuration = configuration
            if let jarKey {
                do throws(FileSystemError) {
                    configuration.cookieJar = try services.cookies.load(
                        collectionID: jarKey.collectionID, environment: jarKey.environment)
                } catch {
                    cookiesFailed(error.description)
                }
            }
            let runner = ReplayRunner(services: services, configuration: configuration)
            let report = await runner.run(plan) { result in deliver(.runner(.result(run: run, result))) }
            if let jarKey, let jar = configuration.cookieJar {
                do throws(FileSystemError) {
                    try services.cookies.save(jar, collectionID: jarKey.collectionID, environment: jarKey.environment)
                } catch {
                    cookiesFailed(error.description)
                }
            }
            for (collectionID, values) in Self.newCaptures(report.captured, startedFrom: job.captures) {
                store(collectionID, values)
            }
            deliver(.runner(.finished(run: run, captured: report.captured)))
        }
        currentRun = (run, task)
    }

    /// The values a run took, per collection: what it ended with, less what it started from
    /// unchanged (those are kept already, and one forgotten meanwhile must not come back).
    package nonisolated static func newCaptures(
        _ ended: [String: [String: VariableScope.Value]], startedFrom: [String: [String: VariableScope.Value]]
    ) -> [String: [String: VariableScope.Value]] {
        var taken: [String: [String: VariableScope.Value]] = [:]
        for (collectionID, values) in ended {
            let before = startedFrom[collectionID] ?? [:]
            let changed = values.filter { before[$0.key] != $0.value }
            if !changed.isEmpty { taken[collectionID] = changed }
        }
        return taken
    }
}
