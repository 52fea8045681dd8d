import Foundation
import JSONTree

extension ObjectFields {
    /// Reports a JSONPath that is not valid RFC 9535, pointing at the offending character.
    /// An optional JSONPath under `key`: `.some(nil)` when absent, nil when it does not parse
    /// (reported).
    func optionalJSONPath(_ key: String) -> String?? {
        guard let path = string(key) else { return .some(nil) }
        return checkJSONPath(key, path) ? .some(path) : nil
    }

    /// An `event` subject's or capture's `index` (required; negative counts from the end) and
    /// optional `path`; nil when either is wrong (reported).
    func eventIndexAndPath() -> (index: Int, path: String?)? {
        guard let index = int("index", in: -1_000_000...1_000_000, required: true), let path = optionalJSONPath("path")
        else { return nil }
        return (index, path)
    }

    /// Reports `name` (the value of `key`) when it is not a variable name; false then.
    func checkVariableName(_ key: String, _ name: String) -> Bool {
        guard !VariableName.isValid(name) else { return true }
        reader.report(
            .error, "\"\(name)\" is not a valid variable name (\(VariableName.rule))", at: offset,
            path: path.appending(key))
        return false
    }

    func checkJSONPath(_ key: String, _ text: String) -> Bool {
        if reader.validJSONPaths.contains(text) { return true }
        do {
            _ = try JSONPath(text)
            reader.validJSONPaths.insert(text)
            return true
        } catch {
            let start = node(key)?.offset ?? offset
            // +1 for the opening quote; exact when the string has no escapes before the problem.
            reader.report(
                .error, error.summary,
                at: start + 1 + String(text.prefix(error.offset)).utf8.count, path: path.appending(key))
            return false
        }
    }

    /// Reports a `matches` value that is not a string holding a valid regular expression.
    func checkRegularExpression(_ key: String, _ value: StoredJSON?) -> Bool {
        guard case .string(let pattern)? = value else {
            reader.report(
                .error, "\"matches\" needs a regular expression as a string", at: node(key)?.offset ?? offset,
                path: path.appending(key))
            return false
        }
        do {
            _ = try NSRegularExpression(pattern: pattern)
            return true
        } catch {
            reader.report(
                .error, "not a valid regular expression: \(pattern)", at: node(key)?.offset ?? offset,
                path: path.appending(key))
            return false
        }
    }
}
