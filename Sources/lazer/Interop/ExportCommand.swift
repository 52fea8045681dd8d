import ArgumentParser
import Foundation
import Interop
import Load
import RegularFiles
import Replay
import TerminalText
import Workspace

/// `lazer export`: a collection's requests as curl command lines, a `.http` file, a Postman v2.1
/// collection, HAR from their history, or a Locust file or k6 script with `lazer load`'s model. The work is the `Interop` module's; this command loads
/// the collection (secret values filled, so they can be masked or revealed), selects the
/// requests and writes the result to stdout or `--output`.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export requests as curl, .http, Postman, HAR, Locust or k6.",
        discussion: """
            PATH is a collection file. --folder and --request (an id, a name or a
            Folder/Name path, repeatable) narrow what is exported. curl resolves each
            request in the environment (--env, default the collection's default
            environment) and masks secret values as •••••• unless --reveal-secrets; http
            keeps {{variables}} and writes the collection's and the environment's
            variables as @name = value; postman writes a v2.1 collection (expectations and
            captures as a test script; the environment's variables folded into the
            collection's, or with --environments DIR each live environment, or the one
            --env names, as DIR/NAME.postman_environment.json); har writes the recorded
            exchanges of the selected requests from history. locust writes a Locust file
            (Python) and k6 a k6 script: requests, headers, text bodies, Basic, Bearer and
            API-key auth, expectations as failures (Locust) or checks (k6), captures as
            each user's variables, and the load model and thresholds given with lazer
            load's options (--rate/--stage, or --vus with --duration/--iterations;
            --threshold); without them one user makes one pass. Secret variables are read
            from LAZER_VAR_<name> when the script runs. What the format cannot carry is
            listed on stderr.

            Exit status: 0 written, 1 the collection could not be loaded or nothing
            matched.

            Examples:
              lazer export Collections/showcase.json --request 'Chaining/1. Log in' \\
                --format curl --env mock
              lazer export Collections/jsonplaceholder.json --format http > jp.http
              lazer export Collections/showcase.json --format postman \\
                --output showcase.postman_collection.json
              lazer export Collections/jsonplaceholder.json --format postman \\
                -o jsonplaceholder.postman_collection.json --environments .
              lazer export Collections/shop.json --format locust --env staging \\
                --vus 50 --duration 5m --threshold 'p99<300ms' -o locustfile.py
              lazer export Collections/shop.json --format k6 --env staging \\
                --stage 30s:100/s --stage 1m:500/s --threshold 'errors<1%' -o load.js
            """
    )

    @Argument(help: "The collection file.", completion: .file())
    var path: String

    @Option(help: "curl, http, postman, har, locust or k6.")
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

    @Option(
        help: ArgumentHelp(
            "postman: write the environments as Postman environment files in DIR.", valueName: "DIR"),
        completion: .directory)
    var environments: String?

    @Flag(help: "Replace the --output file (and environment files) if they exist.")
    var force = false

    /// `lazer load`'s options: the model and thresholds of a Locust file or k6 script.
    @OptionGroup var loadOptions: LoadModelOptions

    /// The load model and thresholds for Locust and k6, from `lazer load`'s options (nil: none given).
    func load() throws -> ExportLoad? {
        guard !loadOptions.isEmpty else { return nil }
        let model = loadOptions.hasModel ? try loadOptions.model() : .closed(vus: 1, duration: nil, iterations: 1)
        let parsed = try loadOptions.parsedThresholds(for: model)
        return ExportLoad(model: Self.exported(model), thresholds: parsed.map { Self.exported($0, model: model) })
    }

    static func exported(_ model: LoadModel) -> ExportLoad.Model {
        switch model {
        case .open(let start, let stages):
            .open(
                startRate: start, stages: stages.map { ExportLoad.Stage(seconds: $0.duration.seconds, rate: $0.rate) })
        case .closed(let vus, let duration, let iterations):
            .closed(vus: vus, seconds: duration?.seconds, iterations: iterations)
        }
    }

    /// A threshold in plain values; `rate>=0.99*target` multiplied out by the open model's planned
    /// average rate, as `lazer load` judges it.
    static func exported(_ threshold: LoadThreshold, model: LoadModel) -> ExportLoad.Threshold {
        let metric: ExportLoad.Threshold.Metric =
            switch threshold.metric {
            case .percentile(let percentile): .percentile(percentile)
            case .errors: .errors
            case .checks: .checks
            case .rate: .rate
            }
        var limit = threshold.limit
        if threshold.ofTarget, let requests = model.plannedRequests, let duration = model.plannedDuration,
            duration > .zero
        {
            limit *= Double(requests) / duration.seconds
        }
        return ExportLoad.Threshold(
            text: threshold.text, metric: metric, comparison: threshold.comparison.rawValue, limit: limit)
    }

    func validate() throws {
        guard ExportFormat(rawValue: format) != nil else {
            throw ValidationError(
                "--format \(format): expected " + ExportFormat.allCases.map(\.rawValue).joined(separator: ", "))
        }
        if environments != nil, format != ExportFormat.postman.rawValue {
            throw ValidationError("--environments writes Postman environment files: use it with --format postman")
        }
        if !loadOptions.isEmpty, ExportFormat(rawValue: format)?.isLoadScript != true {
            throw ValidationError(
                "--rate, --stage, --duration, --vus, --iterations and --threshold go with --format locust or k6")
        }
        _ = try load()
    }

    func run() throws {
        guard let format = ExportFormat(rawValue: format) else { throw ExitCode(2) }
        let processEnvironment = ProcessInfo.processInfo.environment
        let directories = UserDirectories(environment: processEnvironment)
        let entry = CollectionStore.load(path: path)
        guard var document = entry.document else {
            let lines = entry.diagnostics.map { TerminalText.lineWithExcerpt($0.description) }
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
            // Without --env, Postman picks its own: every live environment (--environments), or the
            // default one unless it is a mock, whose routes Postman cannot serve.
            environment: format == .postman && env == nil ? nil : environment, revealSecrets: revealSecrets,
            processEnvironment: processEnvironment,
            history: history, environmentFiles: environments != nil, load: try load())
        let result: ExportOutput
        do {
            result = try Exporter.output(input, format: format)
        } catch {
            fail(error.description)
        }
        let extra = result.files.map { ((environments ?? ".") as NSString).appendingPathComponent($0.name) }
        for path in extra + [output].compactMap({ $0 == "-" ? nil : $0 })
        where FileManager.default.fileExists(atPath: path) && !force {
            fail("\(path) exists: --force replaces it")
        }
        if let output, output != "-", Self.isAmongCollections(output) {
            // Every *.json beside a collection is read as one when the folder is opened: said, not
            // refused (exporting beside the collection is what most do).
            FileBytes.writeError(
                TerminalText.line(
                    "lazer export: warning: \(output) is a .json file beside collections: `lazer` and `lazer validate` "
                        + "on this folder read it as a (broken) collection; a folder of its own (postman/…) avoids that"
                )
                    + "\n")
        }
        if let environments, !result.files.isEmpty {
            try? FileManager.default.createDirectory(atPath: environments, withIntermediateDirectories: true)
        }
        for (file, path) in zip(result.files, extra) {
            write(file.bytes, to: path)
        }
        if let output, output != "-" {
            write(result.bytes, to: output)
        } else {
            var standardOutput = FileBytes.StandardOutput()
            result.bytes.withUnsafeBufferPointer { standardOutput.write($0) }
            try standardOutput.checkSucceeded(command: "lazer export")
        }
        FileBytes.writeError(Self.summary(result, environmentPaths: extra))
    }

    /// The environment files written and what the format could not carry, for stderr; empty when
    /// there is nothing to say.
    static func summary(_ result: ExportOutput, environmentPaths: [String]) -> String {
        var text = ""
        if !environmentPaths.isEmpty {
            let count = environmentPaths.count
            text += "Wrote \(count) Postman environment\(count == 1 ? "" : "s"): "
            text += TerminalText.line(environmentPaths.joined(separator: ", ")) + "\n"
        }
        if !result.report.isEmpty {
            text += "Not carried (\(result.report.items.count)):\n"
            for item in result.report.items { text += "  " + TerminalText.line(item.description) + "\n" }
        }
        for item in result.warnings.items { text += "Warning: " + TerminalText.line(item.description) + "\n" }
        return text
    }

    private func write(_ bytes: [UInt8], to path: String) {
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            fail(error.description)
        }
    }

    /// `path` is a file a folder of collections reads as one (`WorkspaceFolder.isCollectionFileName`)
    /// in a folder that holds a Lazer collection.
    static func isAmongCollections(_ path: String) -> Bool {
        guard WorkspaceFolder.isCollectionFileName((path as NSString).lastPathComponent) else { return false }
        let folder = (path as NSString).deletingLastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        return names.contains { name in
            WorkspaceFolder.isCollectionFileName(name)
                && CollectionStore.load(path: (folder as NSString).appendingPathComponent(name)).document != nil
        }
    }

    private func fail(_ message: String) -> Never {
        FileBytes.writeError("lazer export: " + TerminalText.line(message) + "\n")
        Foundation.exit(1)
    }
}
