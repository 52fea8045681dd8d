import ArgumentParser
import Foundation
import Interop
import Replay
import TerminalText
import Workspace

/// `lazer export`: a collection's requests as curl command lines, a `.http` file, a Postman v2.1
/// collection, or HAR from their history. The work is the `Interop` module's; this command loads
/// the collection (secret values filled, so they can be masked or revealed), selects the
/// requests and writes the result to stdout or `--output`.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export requests as curl, .http, Postman or HAR.",
        discussion: """
            PATH is a collection file. --folder and --request (an id, a name or a Folder/Name path,
            repeatable) narrow what is exported. curl resolves each request in the environment
            (--env, default the collection's default environment) and masks secret values as
            •••••• unless --reveal-secrets; http keeps {{variables}} and writes the collection's
            and the environment's variables as @name = value; postman writes a v2.1 collection;
            har writes the recorded exchanges of the selected requests from history.

            Exit status: 0 written, 1 the collection could not be loaded or nothing matched.

            Examples:
              lazer export Collections/showcase.json --request 'Chaining/1. Log in' --format curl --env mock
              lazer export Collections/jsonplaceholder.json --format http > jsonplaceholder.http
              lazer export Collections/showcase.json --format postman --output showcase.postman_collection.json
            """
    )

    @Argument(help: "The collection file.", completion: .file())
    var path: String

    @Option(help: "curl, http, postman or har.")
    var format: String

    @Option(help: "Export only the requests under this folder (Folder/Sub).")
    var folder: String?

    @Option(name: .customLong("request"), help: "Export only this request: its id, name or Folder/Name (repeatable).")
    var requests: [String] = []

    @Option(help: "Environment to resolve in, by name (default: the collection's default environment).")
    var env: String?

    @Flag(name: .customLong("reveal-secrets"), help: "Write secret values instead of masking them.")
    var revealSecrets = false

    @Option(name: [.customShort("o"), .long], help: "Write to FILE instead of stdout.")
    var output: String?

    @Flag(help: "Replace the --output file if it exists.")
    var force = false

    func validate() throws {
        guard ExportFormat(rawValue: format) != nil else {
            throw ValidationError(
                "--format \(format): expected " + ExportFormat.allCases.map(\.rawValue).joined(separator: ", "))
        }
    }

    func run() throws {
        guard let format = ExportFormat(rawValue: format) else { throw ExitCode(2) }
        let processEnvironment = ProcessInfo.processInfo.environment
        let directories = UserDirectories(environment: processEnvironment)
        let entry = CollectionStore.load(path: path)
        guard var document = entry.document else {
            let lines = entry.diagnostics.map { TerminalText.line($0.description) }
            FileBytes.writeError(
                lines.joined(separator: "\n") + "\nlazer export: \(TerminalText.line(path)) not loaded\n")
            throw ExitCode(1)
        }
        if let secrets = try? SecretStore(directories: directories).load() {
            document.fillSecrets(from: secrets, processEnvironment: processEnvironment)
        }
        let plan: RunPlan
        do {
            plan = try RunPlan.select(from: [document], environment: env, folder: folder, requests: requests)
        } catch {
            fail(error.description)
        }
        if plan.items.isEmpty { fail("\(path): no requests to export") }
        let environment = (env ?? document.collection.defaultEnvironment).flatMap {
            document.collection.environment(named: $0)
        }
        var history: [HistoryEntry] = []
        if format == .har {
            let ids = Set(plan.items.map(\.request.id))
            let entries = (try? HistoryStore(directories: directories).entries(collectionID: document.collection.id))
            history = (entries ?? []).filter { $0.requestID.map(ids.contains) ?? false }
        }
        let input = ExportInput(
            document: document,
            selection: plan.items.map {
                RequestCollection.RequestLocation(folderPath: $0.folderPath, request: $0.request)
            },
            environment: environment, revealSecrets: revealSecrets, processEnvironment: processEnvironment,
            history: history)
        let bytes: [UInt8]
        do {
            bytes = try Exporter.export(input, format: format)
        } catch {
            fail(error.description)
        }
        if let output, output != "-" {
            if FileManager.default.fileExists(atPath: output), !force {
                fail("\(output) exists: --force replaces it")
            }
            do {
                try AtomicFile.write(bytes, to: output)
            } catch {
                fail("\(output): \(error.description)")
            }
            return
        }
        var standardOutput = FileBytes.StandardOutput()
        bytes.withUnsafeBufferPointer { standardOutput.write($0) }
        try standardOutput.checkSucceeded(command: "lazer export")
    }

    private func fail(_ message: String) -> Never {
        FileBytes.writeError("lazer export: " + TerminalText.line(message) + "\n")
        Foundation.exit(1)
    }
}
