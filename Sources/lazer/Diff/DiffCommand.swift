import ArgumentParser
import Foundation
import JSONDiff
import JSONTree
import TerminalText

#if canImport(Glibc)
import Glibc
#endif

/// `lazer diff`: a structural diff of two JSON bodies — two files, two history entries, or one
/// request sent in two environments — printed like `diff` (or as JSON), exit status 1 when they
/// differ. The engine is the `JSONDiff` module; this command finds the two bodies.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two JSON bodies: files, history entries, or a request in two environments.",
        discussion: """
            A and B are each a JSON file ('-' for stdin) or a history entry's id (as \
            'lazer history list --json' shows it): the response body it recorded. With --request, \
            the request (its id, name or Folder/Name) is sent in each of the two --env environments \
            through the normal dispatch (history recorded unless --no-history) and the two response \
            bodies are compared.

            Objects compare regardless of member order, numbers by value as exact decimals \
            (1.0 equals 1), strings after decoding escapes, arrays by index unless --array-key \
            pairs their items by a member. See docs/jsondiff.md.

            Exit status:
              0  the bodies are the same (ignored paths aside)
              1  they differ
              2  an error: a file or entry not found, a body that is not JSON, a request \
            that got no response, a usage error

            Examples:
              lazer diff before.json after.json
              lazer diff 01JD3Z6Q8P 01JD3Z9K2M --ignore '$..updatedAt'
              lazer diff --request "Users/List users" --env staging --env production
              lazer diff a.json b.json --array-key '$.users=id' --json
            """
    )

    @Argument(help: "Two JSON files or history entry ids (none with --request).", completion: .file())
    var sources: [String] = []

    @Option(name: .customLong("ignore"), help: "Leave out values this JSONPath selects, e.g. $..id (repeatable).")
    var ignored: [String] = []

    @Option(
        name: .customLong("array-key"),
        help: "Pair array items by a member: KEY for every array, ARRAYS=KEY for some, e.g. $.users=id (repeatable).")
    var arrayKeys: [String] = []

    @Flag(help: "Print the diff as JSON for machines.")
    var json = false

    @Option(help: "Send this request (id, name or Folder/Name) in the two --env environments and compare.")
    var request: String?

    @Option(name: .customLong("env"), help: "An environment to send --request in (give two).")
    var environments: [String] = []

    @Option(
        name: .customLong("collection"),
        help: "With --request: the collection file or folder (default: Collections).", completion: .file())
    var collection: String?

    @Flag(name: .customLong("no-history"), help: "With --request: do not record the two exchanges in history.")
    var noHistory = false

    func validate() throws {
        if request != nil {
            guard sources.isEmpty else { throw ValidationError("--request compares two environments: give no files.") }
            guard environments.count == 2 else {
                throw ValidationError("--request needs two environments: --env A --env B.")
            }
        } else {
            guard sources.count == 2 else { throw ValidationError("Give two JSON files or history ids to compare.") }
            guard environments.isEmpty, collection == nil, !noHistory else {
                throw ValidationError("--env, --collection and --no-history go with --request.")
            }
            guard sources.filter({ $0 == "-" }).count <= 1 else { throw ValidationError("Only one side can be stdin.") }
        }
        _ = try options()
    }

    func options() throws -> JSONDiffOptions {
        do {
            return try JSONDiffOptions(ignoring: ignored, arrayKeys: arrayKeys)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        let sides: [DiffSide]
        do {
            if let request {
                sides = try DiffEnvironmentFetch(
                    request: request, environments: environments, collection: collection, recordHistory: !noHistory
                ).fetch()
            } else {
                sides = try sources.map(DiffSide.load)
            }
        } catch {
            FileBytes.writeError("lazer diff: \(TerminalText.line(error.message))\n")
            throw ExitCode(2)
        }
        var documents: [JSONDocument] = []
        for side in sides {
            do {
                documents.append(try JSONDocument(bytes: side.bytes))
            } catch {
                // A file truncated while parsed reads as quotes past its end: say that, not "not JSON".
                try Self.checkUnchanged([side])
                FileBytes.writeError(
                    "lazer diff: \(TerminalText.line(side.name)) is not JSON: "
                        + TerminalText.lineWithExcerpt(error.description) + "\n")
                throw ExitCode(2)
            }
        }
        // A file truncated while parsed reads as quotes past its cut (every value after it a
        // change): stop before comparing, and again before rendering what was compared.
        try Self.checkUnchanged(sides)
        let result = JSONDiff.compare(documents[0], documents[1], options: try options())
        try Self.checkUnchanged(sides)
        let environment = ProcessInfo.processInfo.environment
        let colored = isatty(1) != 0 && (environment["NO_COLOR"] ?? "").isEmpty
        var text =
            json
            ? JSONDiffJSONReport.render(result, leftName: sides[0].name, rightName: sides[1].name)
            : JSONDiffPrinter.text(result, leftName: sides[0].name, rightName: sides[1].name, colored: colored)
        if !json { text = sides.flatMap(\.notes).map { "# " + TerminalText.line($0) + "\n" }.joined() + text }
        // Everything is read: a mapped file that changed meanwhile makes the diff meaningless.
        try Self.checkUnchanged(sides)
        var output = FileBytes.StandardOutput()
        text.withUTF8 { output.write($0) }
        if !output.succeeded {
            FileBytes.writeError("lazer diff: cannot write the output: \(String(cString: strerror(output.failure)))\n")
            throw ExitCode(2)
        }
        throw ExitCode(result.isSame ? 0 : 1)
    }

    /// Exit 2 when a mapped file changed since it was mapped (truncated or rewritten in place).
    private static func checkUnchanged(_ sides: [DiffSide]) throws {
        for side in sides {
            do {
                try side.checkUnchanged()
            } catch {
                FileBytes.writeError("lazer diff: \(TerminalText.line(error.message))\n")
                throw ExitCode(2)
            }
        }
    }
}

/// A problem finding one side of a diff, in words.
struct DiffSourceError: Error {
    let message: String
}
