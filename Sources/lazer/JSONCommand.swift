import ArgumentParser
import JSONSchema
import JSONTree
import RegularFiles
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
            on stderr. Files must be regular files of at most 4 GiB; a file of a megabyte
            or more is mapped rather than read, so a gigabyte body costs its index and a
            window of its pages, not its size. Stdin is read whole, up to 1 GiB.

            Examples:
              curl -s https://api.example/users | lazer json
              lazer json body.json --compact
              lazer json body.json --query '$[*].meta.nested.x'
              lazer json order.json --schema order.schema.json
              lazer json pet.json --schema pet.schema.json --draft openapi-3.0 --json

            With --schema the document is validated instead of printed (JSON Schema
            draft 2020-12 by default, or what the schema's $schema says): every finding
            is printed, one per line, and the exit status is 1; a valid document prints
            nothing and exits 0. $refs to other files resolve beside the schema file.
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

    @Option(name: .long, help: "Validate the document against this JSON Schema file instead of printing it.")
    var schema: String?

    @Option(
        name: .long,
        help: "The schema dialect when its $schema does not say: 2020-12 (default), 7, openapi-3.0, openapi-3.1.")
    var draft: String?

    @Flag(name: .long, help: "With --schema: check formats (date-time, email, uri, uuid, ipv4, …), not only annotate.")
    var formats = false

    @Flag(name: .long, help: "With --schema: print the findings as one JSON object.")
    var json = false

    @Option(name: .long, help: "With --schema: report at most this many findings.")
    var maxFindings = 100

    func validate() throws {
        guard (0...16).contains(indent) else { throw ValidationError("--indent must be between 0 and 16.") }
        if let draft, JSONSchemaCheck.Draft(rawValue: draft) == nil {
            let names = JSONSchemaCheck.Draft.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--draft must be one of \(names).")
        }
        if schema == nil, draft != nil || formats || json {
            throw ValidationError("--draft, --formats and --json need --schema.")
        }
        if schema != nil, query != nil { throw ValidationError("--schema and --query cannot be combined.") }
        guard maxFindings > 0 else { throw ValidationError("--max-findings must be at least 1.") }
    }

    func run() throws {
        let name = file == "-" ? "<stdin>" : TerminalText.line(file)
        let source: (bytes: JSONBytes, file: MappedFile?)
        do {
            source = try FileBytes.loadJSON(file == "-" ? nil : file)
        } catch {
            FileBytes.writeError("lazer json: \(name): \(TerminalText.line(error.description))\n")
            throw ExitCode(1)
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes: source.bytes, options: lenient ? .lenient : .strict)
        } catch {
            try checkUnchanged(source.file, name: name)
            FileBytes.writeError("lazer json: \(name): \(error.description)\n")
            throw ExitCode(1)
        }
        if let schema {
            try checkUnchanged(source.file, name: name)
            try validate(document, against: schema)
            return
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
        try checkUnchanged(source.file, name: name)
    }

    /// A mapped file truncated or rewritten while it was read: what was printed from it cannot be
    /// trusted (a read past a truncated end gave quotes, not a crash); exit status 1.
    private func checkUnchanged(_ file: MappedFile?, name: String) throws {
        do {
            try file?.check()
        } catch {
            FileBytes.writeError("lazer json: \(name): \(TerminalText.line(error.reason))\n")
            throw ExitCode(1)
        }
    }

    /// `--schema`: the findings on stdout, exit status 1 when there are any (2 when the schema
    /// itself cannot be used).
    private func validate(_ document: JSONDocument, against path: String) throws {
        let options = SchemaOptions(
            dialect: draft.flatMap(JSONSchemaCheck.Draft.init(rawValue:))?.dialect, assertFormats: formats,
            maximumFindings: maxFindings)
        let compiled: CompiledSchema
        switch JSONSchemaCheck.compile(path: path, options: options) {
        case .success(let schema): compiled = schema
        case .failure(let failure):
            FileBytes.writeError("lazer json: \(failure.message)\n")
            throw ExitCode(2)
        }
        let result = compiled.validate(document)
        var output = FileBytes.StandardOutput()
        let text = JSONSchemaCheck.render(result, json: json, file: file, limit: maxFindings)
        Array(text.utf8).withUnsafeBufferPointer { output.write($0) }
        try output.checkSucceeded(command: "lazer json")
        if result.schemaLoops { throw ExitCode(2) }
        if !result.isValid { throw ExitCode(1) }
    }
}
