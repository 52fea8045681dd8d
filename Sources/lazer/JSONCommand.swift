import ArgumentParser
import JSONTree
import TerminalText

#if canImport(Glibc)
import Glibc
#endif

/// `lazer json`: pretty-prints or queries a JSON document with the JSONTree engine, like a small,
/// fast jq. Invalid input prints the positioned error on stderr and exits 1.
struct JSONCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "json",
        abstract: "Pretty-print or query a JSON document (stdin by default).",
        discussion: """
            Keys keep their order and numbers their original text. Invalid input is
            reported with line, column and a caret under the problem, and the exit status
            is 1. So is a failed write to stdout (disk full, closed pipe), with a message
            on stderr. Files must be regular files of at most 1 GiB (stdin too).

            Examples:
              curl -s https://api.example/users | lazer json
              lazer json body.json --compact
              lazer json body.json --query '$[*].meta.nested.x'
            """
    )

    /// When to colour the output.
    enum ColorMode: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    @Argument(help: "The JSON file to read, or - for stdin.")
    var file: String = "-"

    @Option(name: .long, help: "Print the nodes an RFC 9535 JSONPath query selects, one after another.")
    var query: String?

    @Flag(name: .long, help: "Print on one line without spaces.")
    var compact = false

    @Flag(name: .long, help: "Print object members sorted by key.")
    var sortKeys = false

    @Option(name: .long, help: "Spaces per indentation level.")
    var indent = 2

    @Option(name: .long, help: "Colour the output: auto (when stdout is a terminal), always, never.")
    var color: ColorMode = .auto

    @Flag(name: .long, help: "Accept comments, trailing commas and invalid UTF-8.")
    var lenient = false

    func validate() throws {
        guard (0...16).contains(indent) else { throw ValidationError("--indent must be between 0 and 16.") }
    }

    func run() throws {
        let name = file == "-" ? "<stdin>" : TerminalText.line(file)
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(file == "-" ? nil : file)
        } catch {
            FileBytes.writeError("lazer json: \(name): \(TerminalText.line(error.description))\n")
            throw ExitCode(1)
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes: bytes, options: lenient ? .lenient : .strict)
        } catch {
            FileBytes.writeError("lazer json: \(name): \(error.description)\n")
            throw ExitCode(1)
        }
        let colored =
            switch color {
            case .always: true
            case .never: false
            case .auto: isatty(1) != 0
            }
        let options = JSONPrintOptions(indent: compact ? 0 : indent, sortKeys: sortKeys, colored: colored)
        var output = FileBytes.StandardOutput()
        let path: JSONPath?
        do {
            path = try query.map { text throws(JSONPathError) in try JSONPath(text) }
        } catch {
            FileBytes.writeError("lazer json: \(TerminalText.lineWithExcerpt("\(error)"))\n")
            throw ExitCode(1)
        }
        for node in path?.select(in: document) ?? [document.root] {
            JSONPrinter.write(document, node: node, options: options) { output.write($0) }
            if options.indent == 0 { output.write(newline: ()) }
        }
        try output.checkSucceeded(command: "lazer json")
    }
}
