import Foundation
package import Workspace

/// curl command lines as people paste them (API docs, a browser's "Copy as cURL", a terminal's
/// history): one collection with a request per curl command and URL, in paste order. Shell
/// commands that are not curl (`export TOKEN=…`, `| jq .`) are reported, not run.
package enum CurlImport {
    package static func importCollection(_ source: ImportSource, options: ImportOptions) throws(ImportError)
        -> ImportResult
    {
        let (requests, report) = try requests(from: source, options: options)
        let id = StableID.make("curl", source.name, source.text)
        var named = requests
        for index in named.indices { named[index].id = StableID.make(id, String(index)) }
        let collection = RequestCollection(
            id: id, name: options.collectionName ?? Importer.defaultName(for: source), requests: named)
        return ImportResult(collection: collection, report: report)
    }

    /// The requests of every curl command in `source`, and what was not carried. Throws when the
    /// text has no curl command at all, or a command is malformed (an unterminated quote).
    package static func requests(from source: ImportSource, options: ImportOptions = ImportOptions())
        throws(ImportError) -> (requests: [SavedRequest], report: ImportReport)
    {
        let commands = try ShellWords.split(source.text, file: source.name)
        var report = ImportReport()
        var requests: [SavedRequest] = []
        var builder = CurlRequestBuilder(source: source, options: options)
        for (commandNumber, command) in commands.enumerated() {
            // `TOKEN=abc curl …`: leading assignments only set the shell's environment.
            let words = command.words.drop { $0.text.contains("=") && !$0.text.hasPrefix("-") && isAssignment($0.text) }
            guard let first = words.first, isCurl(first.text) else {
                let name = command.words.first?.text ?? ""
                report.add(
                    "shell command \(name.prefix(40)) (not a curl command)",
                    at: ImportLocation(file: source.name, line: command.line), kept: "skipped")
                continue
            }
            var parser = CurlCommandParser(file: source.name)
            let invocations = try parser.parse(words.dropFirst())
            report.append(contentsOf: parser.report)
            if invocations.isEmpty {
                report.add(
                    "curl command without a URL",
                    at: ImportLocation(file: source.name, line: first.line, column: first.column),
                    kept: "skipped")
            }
            for (number, invocation) in invocations.enumerated() {
                requests += try builder.requests(invocation, idSeed: "\(commandNumber).\(number)")
            }
        }
        report.append(contentsOf: builder.report)
        guard !requests.isEmpty else {
            throw ImportError("no curl command with a URL found", file: source.name, line: 1, column: 1)
        }
        report.items.sort {
            ($0.location.line ?? 0, $0.location.column ?? 0) < ($1.location.line ?? 0, $1.location.column ?? 0)
        }
        return (requests, report)
    }

    /// Whether `text` (as pasted into the URL field) looks like a curl command.
    package static func looksLikeCommand(_ text: String) -> Bool {
        let trimmed = text.drop { $0.isWhitespace || $0 == "$" }
        return trimmed.hasPrefix("curl ") || trimmed.hasPrefix("curl\t") || trimmed.hasPrefix("curl\n")
            || trimmed.hasPrefix("curl\\")
    }

    static func isCurl(_ word: String) -> Bool {
        word == "curl" || word == "curl.exe" || word.hasSuffix("/curl")
    }

    static func isAssignment(_ word: String) -> Bool {
        guard let equals = word.firstIndex(of: "=") else { return false }
        return ShellWords.isName(String(word[..<equals]))
    }
}
