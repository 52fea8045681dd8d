import ArgumentParser
import Foundation
import Replay
import TerminalText
import Workspace

/// `lazer report`: works on the reports `lazer run` wrote.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Work on the JSON reports of `lazer run` (merge the shards of a run).",
        subcommands: [ReportMergeCommand.self]
    )
}

/// `lazer report merge`: the JSON reports of `lazer run --shard K/N` made into one report, in the
/// order one whole run has its requests, written by any reporter.
struct ReportMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the JSON reports of a run's shards into one report.",
        discussion: """
            Each FILE is a report of `lazer run --reporter json` (normally one per shard,
            `--shard K/N`). The requests are put back in the order one run would have
            them; the run's time is the shards' times added. Two reports of the same
            shard, or shards of different splits, are refused; a missing shard is said
            on stderr. Headers and bodies reach an html report when the shards' JSON
            reports hold them (they do: `--reporter json` keeps them).

            Exit status: that of the merged run (0 every check passed, 1 an expectation
            failed, 3 a request got no response, 2 a request not sent), or 2 when a report
            cannot be read or written.

            Examples:
              lazer report merge shard-1.json shard-2.json --reporter junit \\
                --output report.xml
              lazer report merge shard-*.json --reporter html --output report.html
            """
    )

    @Argument(help: "The JSON reports to merge.", completion: .file())
    var files: [String]

    @Option(help: "junit, html, json or tap.")
    var reporter = "json"

    @Option(help: "Write the report to FILE (default: stdout).", completion: .file())
    var output: String?

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Give the JSON reports to merge.") }
        guard let kind = ReporterKind(rawValue: reporter), kind != .human else {
            throw ValidationError("--reporter \(reporter): expected one of junit, html, json, tap.")
        }
    }

    func run() throws {
        var reports: [RunReport] = []
        for file in files {
            let bytes: [UInt8]
            do {
                bytes = try FileBytes.read(file)
            } catch {
                FileBytes.writeError(
                    "lazer report merge: \(TerminalText.line(file)): \(TerminalText.line(error.description))\n")
                throw ExitCode(RunExitStatus.collectionError)
            }
            do {
                reports.append(try ReportMerge.decode(Data(bytes), name: file))
            } catch {
                FileBytes.writeError("lazer report merge: \(TerminalText.line(error.message))\n")
                throw ExitCode(RunExitStatus.collectionError)
            }
        }
        let merged: RunReport
        do {
            let (report, warnings) = try ReportMerge.merge(reports)
            for warning in warnings { FileBytes.writeError("lazer report merge: warning: \(warning)\n") }
            merged = report
        } catch {
            FileBytes.writeError("lazer report merge: \(TerminalText.line(error.message))\n")
            throw ExitCode(RunExitStatus.collectionError)
        }
        let kind = ReporterKind(rawValue: reporter) ?? .json
        let text = kind.reporter().report(merged)
        if let output {
            do {
                try AtomicFile.write(Array(text.utf8), to: output)
            } catch {
                FileBytes.writeError(
                    "lazer report merge: \(TerminalText.line(output)): \(TerminalText.line("\(error)"))\n")
                throw ExitCode(RunExitStatus.collectionError)
            }
        } else {
            var standardOutput = FileBytes.StandardOutput()
            var text = text
            text.withUTF8 { standardOutput.write($0) }
            try standardOutput.checkSucceeded(command: "lazer report merge")
        }
        throw ExitCode(merged.exitStatus)
    }
}
