import ArgumentParser
import Foundation
import Replay
import TerminalText
import Workspace

extension RunPlan {
    /// What `lazer run` and `lazer load` start from: the collections under `paths` (else
    /// `Collections`, else the current folder) loaded, their problems on standard error (collection
    /// text may hold escapes: never written raw), and the requests selected. A collection that
    /// cannot be loaded, or a selection that names nothing, ends `command` with the
    /// collection-error status. With `startsScripts` (`--trust-scripts`), the script engine's first
    /// use starts on a thread of its own while a file that may hold scripts is parsed, or once the
    /// plan has scripts; a run without scripts never loads it.
    static func load(
        _ paths: [String], environment: String?, folder: String?, requests: [String],
        services: WorkspaceServices, command: String, startsScripts: Bool = false
    ) throws -> RunPlan {
        let folders =
            paths.isEmpty ? [FileManager.default.fileExists(atPath: "Collections") ? "Collections" : "."] : paths
        let scripts = services.scripts
        let loaded = RunLoader.load(
            folders, services: services,
            read: startsScripts ? { bytes in if RunPlan.mayHaveScripts(bytes) { scripts.warmUp() } } : nil)
        let problems = loaded.diagnostics.map { TerminalText.lineWithExcerpt($0.description) + "\n" }.joined()
        if !problems.isEmpty { FileBytes.writeError(problems) }
        guard loaded.failures.isEmpty else {
            FileBytes.writeError(loaded.failures.map { "lazer \(command): \($0)\n" }.joined())
            throw ExitCode(RunExitStatus.collectionError)
        }
        do {
            let plan = try RunPlan.select(
                from: loaded.documents, environment: environment, folder: folder, requests: requests)
            if startsScripts && plan.hasScripts { scripts.warmUp() }
            return plan
        } catch {
            FileBytes.writeError("lazer \(command): \(error.message)\n")
            throw ExitCode(RunExitStatus.collectionError)
        }
    }
}
