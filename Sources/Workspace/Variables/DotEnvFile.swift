import Foundation
import RegularFiles

/// The `.env` file beside a collection file, read by `{{$dotenv NAME}}`: `NAME=value` lines, as
/// the `.http` clients and most tools read them — `export ` before the name is allowed, `#` starts
/// a comment line (or a comment after an unquoted value, after a space), a value may be in single
/// quotes (kept as written) or double quotes (`\n`, `\t`, `\"` and `\\` escaped). Lines that are not
/// assignments are skipped but counted, so a name not found can point at them.
package struct DotEnvFile: Sendable, Equatable {
    package static let fileName = ".env"
    /// A `.env` larger than this is refused (it is a handful of lines).
    package static let sizeLimit = 1 << 20

    package var path: String
    package var values: [String: String]
    /// Line numbers of lines that are neither blank, a comment nor `NAME=value`.
    package var unreadableLines: [Int]

    /// Values given as they are (an export standing in for the file: `VariableScope.dotenv`).
    package init(path: String, values: [String: String]) {
        self.path = path
        self.values = values
        unreadableLines = []
    }

    /// The names `{{$dotenv NAME}}` placeholders in `text` read.
    package static func names(readIn text: String) -> Set<String> {
        var names: Set<String> = []
        Template.forEachSegment(of: text) { segment in
            guard case .dynamic(let name, let arguments) = segment, DynamicValues.canonical(name) == "dotenv",
                let variable = arguments.first, !variable.hasPrefix("%")
            else { return }
            names.insert(variable)
        }
        return names
    }

    package init(path: String, text: String) {
        self.path = path
        values = [:]
        unreadableLines = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine)
            line = line.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty || line.first == "#" { continue }
            if line.hasPrefix("export ") { line = line.dropFirst("export ".count).drop { $0 == " " } }
            guard let equals = line.firstIndex(of: "=") else {
                unreadableLines.append(index + 1)
                continue
            }
            let name = String(line[..<equals]).trimmingSpaces
            guard !name.isEmpty, !name.contains(" ") else {
                unreadableLines.append(index + 1)
                continue
            }
            values[name] = Self.value(line[line.index(after: equals)...])
        }
    }

    private static func value(_ raw: Substring) -> String {
        let text = raw.drop { $0 == " " || $0 == "\t" }
        if text.first == "'", let close = text.dropFirst().firstIndex(of: "'") {
            return String(text[text.index(after: text.startIndex)..<close])
        }
        if text.first == "\"" {
            var value = ""
            var rest = text.dropFirst()
            while let character = rest.popFirst() {
                if character == "\"" { return value }
                if character == "\\", let next = rest.popFirst() {
                    switch next {
                    case "n": value.append("\n")
                    case "t": value.append("\t")
                    default: value.append(next)
                    }
                } else {
                    value.append(character)
                }
            }
            return String(text)  // no closing quote: as written
        }
        var unquoted = String(text)
        if let comment = unquoted.range(of: " #") { unquoted = String(unquoted[..<comment.lowerBound]) }
        return unquoted.trimmingSpaces
    }

    /// The `.env` in `folder`, nil when there is none, or why it cannot be read.
    package static func load(folder: String) -> Result<DotEnvFile?, DynamicArguments.Failure> {
        let path = (folder.isEmpty ? "." : folder) + "/" + fileName
        do throws(FileSystemError) {
            guard let bytes = try RegularFile.read(path, limit: sizeLimit) else { return .success(nil) }
            return .success(DotEnvFile(path: path, text: String(decoding: bytes, as: UTF8.self)))
        } catch {
            return .failure(.init(text: error.description))
        }
    }
}
