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
    /// collection-error status.
    static func load(
        _ paths: [String], environment: String?, folder: String?, requests: [String],
        services: WorkspaceServices, command: String, read: (([UInt8]) -> Void)? = nil
    ) throws -> RunPlan {
        let folders =
            paths.isEmpty ? [FileManager.default.fileExists(atPath: "Collections") ? "Collections" : "."] : paths
        let loaded = RunLoader.load(folders, services: services, read: read)
        let problems = loaded.diagnostics.map { TerminalText.lineWithExcerpt($0.description) + "\n" }.joined()
        if !problems.isEmpty { FileBytes.writeError(problems) }
        guard loaded.failures.isEmpty else {
            FileBytes.writeError(loaded.failures.map { "lazer \(command): \($0)\n" }.joined())
            throw ExitCode(RunExitStatus.collectionError)
        }
        do {
            return try RunPlan.select(
                from: loaded.documents, environment: environment, folder: folder, requests: requests)
        } catch {
            FileBytes.writeError("lazer \(command): \(error.message)\n")
            throw ExitCode(RunExitStatus.collectionError)
        }
    }
}
