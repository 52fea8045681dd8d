import ArgumentParser
import CurlTransport
import Dispatch
import Foundation
import Futures
import HTTPCore
import Interop
import RegularFiles
import TerminalText
import Workspace

/// `lazer import`: turns curl command lines, `.http` files, Postman collections, OpenAPI
/// documents and HAR captures into a Lazer collection file. The work is the `Interop` module's;
/// this command reads the files, writes the collection (never over an existing file unless
/// `--force`, added to it only with `--merge`) and prints what could not be carried.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import curl, .http, Postman, OpenAPI or HAR files into a collection.",
        discussion: """
            FILE is a file to import, an http:// or https:// URL to fetch (an OpenAPI
            document on a running server: at most 32 MiB, redirects followed), or - for
            standard input (a pasted curl command). Several files make one collection
            with a folder per file. The format is detected unless --format names it. The
            collection goes to --into (default Collections/NAME.json, NAME from the
            imported title; - prints it on stdout). Importing the same file or URL again
            updates the collection it made: requests matched by operationId (else method
            and path) are updated, new ones added, gone ones removed, and your edits,
            checks and captures kept; what changed is listed. Any other existing file is
            never replaced without --force, and --merge adds the imported requests to it
            instead. The new file is validated as lazer validate
            would. Everything that could not be carried (scripts, OAuth flows, unknown
            curl options) is listed with its file and line or JSON path.

            Exit status: 0 imported, 1 a file could not be read or imported, or the target
            exists.

            Examples:
              lazer import api.postman_collection.json
              lazer import http://localhost:8000/openapi.json
              pbpaste | lazer import - --into Collections/scratch.json --merge
              lazer import openapi.yaml --into Collections/petstore.json --force
              lazer import requests.http --env-from http-client.env.json
            """
    )

    @Argument(help: "Files to import (- for standard input).", completion: .file())
    var files: [String]

    @Option(help: "auto, curl, postman, openapi, har or http (default auto).")
    var format = "auto"

    @Option(help: "The collection file to write (default Collections/NAME.json; - for stdout).")
    var into: String?

    @Option(
        name: .customLong("env-from"),
        help: "Add environments from a Postman environment or http-client.env.json file (repeatable).")
    var environmentFiles: [String] = []

    @Option(help: "The collection's name (default: the imported document's title or file name).")
    var name: String?

    @Flag(help: "Replace the target file if it exists.")
    var force = false

    @Flag(help: "Add the imported requests to the target file if it exists.")
    var merge = false

    @Flag(
        name: .customLong("contract-ref"),
        help: "Name the OpenAPI file itself as the collection's contract instead of writing a JSON copy beside it.")
    var contractReference = false

    func validate() throws {
        guard format == "auto" || ImportFormat(rawValue: format) != nil else {
            throw ValidationError(
                "--format \(format): expected auto, " + ImportFormat.allCases.map(\.rawValue).joined(separator: ", "))
        }
        if force, merge { throw ValidationError("--force replaces the target and --merge adds to it: pick one") }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read only once") }
        if contractReference, files.count != 1 || files[0] == "-" || RemoteImport.isURL(files[0]) {
            throw ValidationError("--contract-ref names one OpenAPI file as the contract: give one local file")
        }
    }

    func run() throws {
        let sources = try files.map(Self.readSource)
        // One file or URL: recorded in the collection, so importing it again updates it.
        let origin: String? =
            files.count == 1 && files[0] != "-" ? (RemoteImport.isURL(files[0]) ? files[0] : absolute(files[0])) : nil
        let target = into ?? origin.flatMap(Self.collectionImported)
        let targetFolder =
            target == "-"
            ? FileManager.default.currentDirectoryPath
            : ((target ?? "Collections/x.json") as NSString)
                .deletingLastPathComponent
        let options = ImportOptions(
            collectionName: name, targetFolder: absolute(targetFolder.isEmpty ? "." : targetFolder))
        let environmentSources = try environmentFiles.map(Self.readSource)
        var result: ImportResult
        do throws(ImportError) {
            result = try Importer.importSources(sources, format: ImportFormat(rawValue: format), options: options)
            for source in environmentSources {
                Self.add(try Importer.importEnvironments(source), to: &result)
            }
        } catch {
            FileBytes.writeError("lazer import: " + TerminalText.line(error.description) + "\n")
            throw ExitCode(1)
        }
        if let origin { result.collection = ImportUpdate.recording(result.collection, from: origin) }
        let path = target ?? "Collections/\(Self.fileName(for: result.collection.name)).json"
        if path == "-" {
            try writeStandardOutput(result)
            return
        }
        try write(result, to: path, origin: origin, source: sources.count == 1 ? sources[0].name : path)
    }

    /// `file` (absolute) as a path from `folder` (absolute): `../api/openapi.yaml`.
    static func relativePath(_ file: String, from folder: String) -> String {
        let target = file.split(separator: "/")
        let base = folder.split(separator: "/")
        var common = 0
        while common < target.count - 1, common < base.count, target[common] == base[common] { common += 1 }
        let up = Array(repeating: "..", count: base.count - common)
        return (up + target[common...].map(String.init)).joined(separator: "/")
    }

    /// The collection file in Collections/ that was imported from `origin`, if any (its title may
    /// have changed since, and with it the default file name).
    static func collectionImported(from origin: String) -> String? {
        let folder = "Collections"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names.sorted() where name.hasSuffix(".json") {
            let path = (folder as NSString).appendingPathComponent(name)
            if CollectionStore.load(path: path).document?.collection.imported?.from == origin { return path }
        }
        return nil
    }

    /// Writes the collection to `path`: new, replaced (`--force`), merged (`--merge`), or the
    /// collection imported from the same source updated.
    private func write(_ imported: ImportResult, to path: String, origin: String?, source: String) throws {
        var result = imported
        let exists = FileManager.default.fileExists(atPath: path)
        // The file as it is, read once: what an import from the same source updates, or what
        // `--merge` adds to.
        let existingEntry = exists && !force ? CollectionStore.load(path: path) : nil
        // Written to a file, a credential written as itself becomes a secret (its value goes to the
        // secrets file; on stdout there is nowhere else for it to go). Merged into a collection, it
        // takes a name none of that collection's variables has (they keep their names and values).
        var taken: Set<String> = []
        if merge, let existing = existingEntry?.document?.collection {
            taken = Set(existing.variables.map(\.name) + existing.environments.flatMap { $0.variables.map(\.name) })
        }
        ImportedCredentials.keepAsSecrets(in: &result, file: source, taken: taken)
        var collection = result.collection
        var document: CollectionDocument
        var update: ImportUpdate.Summary?
        // Merged: the imported environments the target has already (it keeps its own).
        var keptEnvironments: [String] = []
        if !merge, let origin, var existing = existingEntry?.document,
            ImportUpdate.target(for: collection, from: origin, among: [existing.collection]) != nil
        {
            let updated = ImportUpdate.update(existing.collection, with: collection, from: origin)
            collection = updated.collection
            update = updated.summary
            existing.collection = collection
            document = existing
        } else if exists, merge, let entry = existingEntry {
            guard var existing = entry.document else {
                let lines = entry.diagnostics.map { TerminalText.lineWithExcerpt($0.description) }
                FileBytes.writeError(
                    lines.joined(separator: "\n")
                        + "\nlazer import: \(TerminalText.line(path)) has errors; not merged\n")
                throw ExitCode(1)
            }
            let had = Set(existing.collection.environments.map(\.name))
            keptEnvironments = collection.environments.map(\.name).filter { had.contains($0) }
            collection = ImportMerge.merge(collection, into: existing.collection, asFolder: false)
            existing.collection = collection
            document = existing
        } else if exists, !force {
            FileBytes.writeError(
                "lazer import: \(TerminalText.line(path)) exists: --force replaces it, --merge adds to it\n")
            throw ExitCode(1)
        } else {
            document = CollectionDocument(path: path, collection: collection, fingerprint: .missing)
        }
        try Self.checkValid(collection, path: path)
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        // An OpenAPI document stays beside the collection as its contract (issue 27), or is
        // referenced where it is (`--contract-ref`).
        if contractReference, result.contractDocument != nil, let origin {
            let folder = absolute(folder.isEmpty ? "." : folder)
            collection.contract = CollectionContract(document: Self.relativePath(origin, from: folder))
            document.collection = collection
        } else if let contract = result.contractDocument {
            do throws(FileSystemError) {
                try OpenAPIContractCopy.attach(contract, to: &collection, collectionPath: path)
                document.collection = collection
            } catch {
                FileBytes.writeError("lazer import: " + TerminalText.line(error.description) + "\n")
                throw ExitCode(1)
            }
        }
        let secrets = SecretStore(directories: UserDirectories(environment: ProcessInfo.processInfo.environment))
        // Secrets an update gave the source's new value (said: the requests themselves are unchanged).
        var renewed: [String] = []
        if update != nil, let stored = try? secrets.load() {
            renewed = result.collection.variables.filter { variable in
                guard variable.secret, !variable.value.isEmpty,
                    let before = stored.value(collection: collection.id, environment: nil, name: variable.name)
                else { return false }
                return before != variable.value
            }.map(\.name)
        }
        do {
            try CollectionStore.save(&document, secrets: secrets, overwrite: exists && force, replacingReadOnly: force)
        } catch {
            FileBytes.writeError("lazer import: " + TerminalText.line(error.description) + "\n")
            throw ExitCode(1)
        }
        var output = FileBytes.StandardOutput()
        var text: String
        if let update {
            text = TerminalText.line("Updated \(path) from \(origin ?? path): " + (update.lines.first ?? "")) + "\n"
            for line in update.lines.dropFirst() { text += TerminalText.line(line) + "\n" }
            for name in renewed {
                text += TerminalText.line("The secret {{\(name)}} takes the source's new value") + "\n"
            }
            text += Self.summary(result, collection: collection, path: nil, merged: false)
                .split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
        } else {
            text = Self.summary(
                result, collection: collection, path: path, merged: exists && merge, keptEnvironments: keptEnvironments)
        }
        text.withUTF8 { output.write($0) }
        try output.checkSucceeded(command: "lazer import")
    }

    /// `--into -`: the collection on stdout, the summary and report on stderr.
    private func writeStandardOutput(_ result: ImportResult) throws {
        try Self.checkValid(result.collection, path: "-")
        var output = FileBytes.StandardOutput()
        var text = result.collection.fileText()
        text.withUTF8 { output.write($0) }
        try output.checkSucceeded(command: "lazer import")
        FileBytes.writeError(Self.summary(result, collection: result.collection, path: nil, merged: false))
    }

    /// The imported collection must load as any collection file does; a failure is a bug in an
    /// importer, reported with the diagnostics rather than written.
    static func checkValid(_ collection: RequestCollection, path: String) throws {
        let loaded = CollectionLoader.load(Array(collection.fileText().utf8), file: path)
        guard loaded.collection == nil else { return }
        let lines = loaded.diagnostics.map { TerminalText.lineWithExcerpt($0.description) }
        FileBytes.writeError(
            lines.joined(separator: "\n") + "\nlazer import: the imported collection is not valid; nothing written\n")
        throw ExitCode(1)
    }

    /// `Imported 12 requests in 3 folders, 2 environments into Collections/x.json`, then the report.
    static func summary(
        _ result: ImportResult, collection: RequestCollection, path: String?, merged: Bool,
        keptEnvironments: [String] = []
    ) -> String {
        let imported = result.collection
        let requests = imported.requestCount
        var parts = ["\(requests) request\(requests == 1 ? "" : "s")"]
        let folders = Self.folderCount(imported.folders)
        if folders > 0 { parts.append("\(folders) folder\(folders == 1 ? "" : "s")") }
        // Only the environments added: a merge keeps the target's own of the same name.
        let environments = imported.environments.count - keptEnvironments.count
        if environments > 0 { parts.append("\(environments) environment\(environments == 1 ? "" : "s")") }
        var text = "Imported " + parts.joined(separator: ", ")
        if let path { text += (merged ? " into " : " as ") + path }
        text = TerminalText.line(text) + "\n"
        for name in keptEnvironments {
            text += TerminalText.line("The environment \"\(name)\" was there already: kept as it was") + "\n"
        }
        if result.report.isEmpty { return text }
        text += "Not carried (\(result.report.items.count)):\n"
        for item in result.report.items { text += "  " + TerminalText.line(item.description) + "\n" }
        return text
    }

    static func folderCount(_ folders: [Folder]) -> Int {
        folders.reduce(folders.count) { $0 + folderCount($1.folders) }
    }

    /// Environments from `--env-from`, renamed when the collection already has one of that name.
    static func add(_ imported: EnvironmentImport, to result: inout ImportResult) {
        for var environment in imported.environments {
            let taken = Set(result.collection.environments.map(\.name))
            var candidate = environment.name
            var number = 2
            while taken.contains(candidate) {
                candidate = "\(environment.name) \(number)"
                number += 1
            }
            environment.name = candidate
            result.collection.environments.append(environment)
        }
        let names = Set(result.collection.variables.map(\.name))
        result.collection.variables += imported.sharedVariables.filter { !names.contains($0.name) }
        if result.collection.defaultEnvironment == nil {
            result.collection.defaultEnvironment = result.collection.environments.first?.name
        }
        result.report.append(contentsOf: imported.report)
    }

    /// A file name from a collection name: lower case, letters and digits, words joined by `-`.
    static func fileName(for name: String) -> String {
        var slug = ""
        for character in name.lowercased() {
            if character.isLetter || character.isNumber, character.isASCII {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "imported" : String(slug.prefix(60))
    }

    /// Reads a source file (or stdin for `-`), at most 64 MiB.
    static func readSource(_ file: String) throws -> ImportSource {
        if RemoteImport.isURL(file) { return try fetch(file) }
        do {
            let bytes = try FileBytes.read(file == "-" ? nil : file, limit: 64 << 20)
            let folder =
                file == "-" ? FileManager.default.currentDirectoryPath : (file as NSString).deletingLastPathComponent
            return ImportSource(
                name: file == "-" ? "stdin" : file, bytes: bytes, baseFolder: absolute(folder.isEmpty ? "." : folder))
        } catch {
            FileBytes.writeError("lazer import: \(TerminalText.line(file)): \(TerminalText.line(error.description))\n")
            throw ExitCode(1)
        }
    }
}

extension ImportCommand {
    /// The document at `url`, fetched through libcurl (the dispatcher `lazer send` uses).
    static func fetch(_ url: String) throws -> ImportSource {
        let dispatcher = CurlDispatcher(
            configuration: .init(scheduler: ImmediateScheduler(), userAgent: "lazer/\(LazerVersion.current)"))
        defer { dispatcher.shutdown() }
        let done = DispatchSemaphore(value: 0)
        let outcome = SendOutcome<ImportSource>()
        _ = RemoteImport.fetch(url, dispatcher: dispatcher).result { result in
            outcome.store(result)
            done.signal()
        }.send()
        done.wait()
        switch outcome.load() ?? .failure(CancellationError()) {
        case .success(let source): return source
        case .failure(let error):
            let text = (error as? ImportError)?.description ?? "\(url): \(error)"
            FileBytes.writeError("lazer import: " + TerminalText.line(text) + "\n")
            throw ExitCode(1)
        }
    }
}

/// `path` made absolute against the current folder.
func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
}
