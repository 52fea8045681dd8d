import Foundation
import JSONTree
import Workspace

/// The Checks tab's one-line form of a snapshot expectation:
///
///     snapshot
///     snapshot ignore $..id,$.createdAt key $.items=id headers content-type,etag
///
/// Paths are separated by commas; a path holding a comma or a space is edited in the file.
enum SnapshotSyntax {
    static func format(_ options: SnapshotOptions) -> String {
        var parts = ["snapshot"]
        if !options.ignore.isEmpty { parts += ["ignore", options.ignore.joined(separator: ",")] }
        if !options.keys.isEmpty {
            parts += ["key", options.keys.map { "\($0.path)=\($0.key)" }.joined(separator: ",")]
        }
        if let headers = options.headers {
            parts += ["headers", headers.isEmpty ? "-" : headers.joined(separator: ",")]
        }
        return parts.joined(separator: " ")
    }

    /// Parses what follows `snapshot`.
    static func parse(_ text: Substring) -> Result<SnapshotOptions, CheckSyntaxError> {
        let words = text.split(separator: " ").map(String.init)
        guard words.count % 2 == 0 else {
            return .failure(CheckSyntaxError("Write snapshot [ignore PATHS] [key PATH=KEY] [headers NAMES]"))
        }
        var options = SnapshotOptions()
        for index in stride(from: 0, to: words.count, by: 2) {
            let list = words[index + 1].split(separator: ",").map(String.init)
            switch words[index].lowercased() {
            case "ignore":
                for path in list where (try? JSONPath(path)) == nil {
                    return .failure(CheckSyntaxError("Not a valid JSONPath to ignore: \(path)"))
                }
                options.ignore += list
            case "key", "keys":
                for rule in list {
                    guard let equals = rule.lastIndex(of: "="), case let path = String(rule[..<equals]),
                        case let key = String(rule[rule.index(after: equals)...]), !key.isEmpty,
                        (try? JSONPath(path)) != nil
                    else { return .failure(CheckSyntaxError("Write a keyed array as PATH=KEY, e.g. $.items=id")) }
                    options.keys.append(SnapshotOptions.ArrayKey(path: path, key: key))
                }
            case "headers":
                options.headers = list == ["-"] ? [] : list
            default:
                return .failure(CheckSyntaxError("After snapshot: ignore, key or headers, not \(words[index])"))
            }
        }
        return .success(options)
    }
}
