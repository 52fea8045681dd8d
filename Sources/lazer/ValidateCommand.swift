import ArgumentParser
import Foundation
import Interop
import RegularFiles
import Scripting
import TerminalText
import Workspace

/// `lazer validate`: loads collection files the way the explorer does and prints every problem
/// with file, line, column and JSON path. Exit status 1 when any file has errors (warnings alone
/// pass) or when there is no collection to check (a folder given by mistake must not pass CI).
/// Every line it prints goes through `TerminalText.line`: collection strings and file names never
/// reach the terminal raw (a diagnostic's excerpt and caret are lines of their own).
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check collection files and print their problems with line and column.",
        discussion: """
            Arguments are collection files or folders (every *.json file directly inside);
            the default is Collections. Errors make the exit status 1, and so does finding
            no collection file at all; warnings (unknown fields, secret values in the
            file, a snapshot expectation whose snapshot file is not written yet) are
            printed but pass; a snapshot file that is not valid is an error, and so is
            a pre-request or test script that is not valid JavaScript. GraphQL
            requests are checked against their collection's schema (FILE:REQUEST:
            LINE:COLUMN: message, an error): a schema file, or for {"introspect": true}
            the endpoint's answer cached per user (by the explorer or an earlier
            --refresh-schema; without one the requests are not checked and a note says
            so). --refresh-schema sends the introspection query first, in the default
            environment, and caches the answer; a server that refuses it is an error.
            A failed write to stdout (disk full, closed pipe) prints a message and exits
            1 too.

            Examples:
              lazer validate
              lazer validate Collections/showcase.json
              lazer validate Collections/github.json --refresh-schema
            """
    )

    @Argument(help: "Collection files or folders.")
    var paths: [String] = ["Collections"]

    @Flag(name: .long, help: "Print nothing for files without problems.")
    var quiet = false

    @Flag(
        name: .customLong("refresh-schema"),
        help: "Fetch introspected GraphQL schemas again (the introspection query, in the default environment).")
    var refreshSchema = false

    func run() throws {
        var entries: [CollectionEntry] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                let reason = RegularFile.notFoundReason(path, "no such file or folder")
                FileBytes.writeError("lazer validate: \(TerminalText.line(path)): \(reason)\n")
                throw ExitCode(1)
            }
            if isFolder.boolValue {
                do {
                    entries += try WorkspaceFolder.open(path).entries
                } catch {
                    FileBytes.writeError("lazer validate: \(TerminalText.line("\(error)"))\n")
                    throw ExitCode(1)
                }
            } else {
                entries.append(CollectionStore.load(path: path))
            }
        }
        var failed = false
        var output = ""
        // Two files with one collection id (a copy) share history, drafts and captures: the
        // explorer lists the second as broken and `lazer run` refuses it, so it fails here too.
        var pathsByID: [String: String] = [:]
        // A contract named by URL is fetched (as a run would) to check it.
        let contracts = ResponseContracts(sources: .lazer)
        let introspection = GraphQLIntrospectionClient(refresh: refreshSchema)
        let scriptEngine = JavaScriptEngine()
        for entry in entries {
            for diagnostic in entry.diagnostics {
                output += TerminalText.lineWithExcerpt(diagnostic.description) + "\n"
            }
            if let document = entry.document {
                let id = document.collection.id
                if let first = pathsByID[id], first != entry.path {
                    output +=
                        TerminalText.line(
                            "\(entry.path): the collection id \"\(id)\" is already used by \(first) (a copy? give it its own id)"
                        ) + "\n"
                    failed = true
                    continue
                }
                pathsByID[id] = entry.path
                let snapshots = SnapshotStore.problems(in: document)
                for problem in snapshots.errors { output += TerminalText.line("error: \(problem)") + "\n" }
                for problem in snapshots.warnings { output += TerminalText.line("warning: \(problem)") + "\n" }
                if !snapshots.errors.isEmpty { failed = true }
                // Contracts (issue 27): the document, the operations named, the schemas compile.
                let contractProblems = contracts.problems(in: document.collection, path: entry.path)
                for problem in contractProblems {
                    output += TerminalText.line("\(entry.path): error: \(problem)") + "\n"
                }
                if !contractProblems.isEmpty {
                    failed = true
                    continue
                }
                // WebSocket messages sent from files (issue 25), CA files and client certificates: the files are there.
                let messageProblems =
                    WebSocketSettings.problems(in: document) + SavedOptions.fileProblems(in: document)
                    + SavedMockRoute.fileProblems(in: document)
                for problem in messageProblems {
                    output += TerminalText.line("\(entry.path): error: \(problem)") + "\n"
                }
                if !messageProblems.isEmpty {
                    failed = true
                    continue
                }
                // Scripts (issue 32): each one's syntax, with its line and column.
                let scriptProblems = ScriptValidation.problems(in: document.collection, engine: scriptEngine)
                for problem in scriptProblems { output += TerminalText.line("\(entry.path): error: \(problem)") + "\n" }
                if !scriptProblems.isEmpty {
                    failed = true
                    continue
                }
                // GraphQL (issue 28): each saved query against its collection's schema file.
                let (graphqlProblems, graphqlNotes) = GraphQLValidation.problems(
                    in: document, path: entry.path, introspection: introspection)
                for note in graphqlNotes where !quiet { output += TerminalText.line("note: \(note)") + "\n" }
                for problem in graphqlProblems { output += TerminalText.line("error: \(problem)") + "\n" }
                if !graphqlProblems.isEmpty {
                    failed = true
                    continue
                }
                if !quiet || !entry.diagnostics.isEmpty {
                    let collection = document.collection
                    output +=
                        TerminalText.line(
                            "ok: \(entry.path): \(collection.name), \(collection.requestCount) requests, "
                                + "\(collection.environments.count) environments") + "\n"
                }
            } else {
                failed = true
            }
        }
        if entries.isEmpty {
            output +=
                "lazer validate: no collection files (*.json) found in \(TerminalText.line(paths.joined(separator: ", ")))\n"
            failed = true
        }
        if failed {
            FileBytes.writeError(output)
            throw ExitCode(1)
        }
        var standardOutput = FileBytes.StandardOutput()
        output.withUTF8 { standardOutput.write($0) }
        try standardOutput.checkSucceeded(command: "lazer validate")
    }
}
