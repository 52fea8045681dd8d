import Foundation
import Workspace

/// Environment files of the HTTP clients for `--env-from`: JetBrains `http-client.env.json`
/// (and `http-client.private.env.json`, whose values become secret variables) — an object of
/// environments, each an object of variables, `$shared` shared by all — and VS Code's
/// `settings.json` with `rest-client.environmentVariables` in the same shape.
package enum HTTPClientEnvironmentImport {
    package static func importEnvironments(_ source: ImportSource) throws(ImportError) -> EnvironmentImport {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(source.bytesWithoutBOM))
        } catch {
            throw ImportError("not valid JSON: \(error.localizedDescription)", file: source.name, line: 1, column: 1)
        }
        guard var environments = object as? [String: Any] else {
            throw ImportError("expected a JSON object of environments", file: source.name, path: "")
        }
        if let nested = environments["rest-client.environmentVariables"] as? [String: Any] { environments = nested }
        let secret = source.name.contains(".private.")
        var report = ImportReport()
        func variables(_ value: Any, path: String) -> [Variable] {
            guard let members = value as? [String: Any] else {
                report.add(
                    "environment \(path) (not an object)", at: ImportLocation(file: source.name, path: path),
                    kept: "skipped")
                return []
            }
            return members.keys.sorted().compactMap { key in
                guard VariableName.isValid(key) else {
                    report.add(
                        "variable \(key) (not a valid name)",
                        at: ImportLocation(file: source.name, path: "\(path).\(key)"), kept: "skipped")
                    return nil
                }
                let member = members[key]
                let text: String
                switch member {
                case let string as String: text = string
                case let number as NSNumber: text = number.stringValue
                default:
                    report.add(
                        "variable \(key) (an object: JetBrains auth or SSL settings)",
                        at: ImportLocation(file: source.name, path: "\(path).\(key)"), kept: "skipped")
                    return nil
                }
                return Variable(name: key, value: text, secret: secret)
            }
        }
        let shared = environments["$shared"].map { variables($0, path: "$shared") } ?? []
        let result = environments.keys.filter { $0 != "$shared" }.sorted().map { name in
            Environment(name: name, baseURL: "", variables: variables(environments[name] as Any, path: name))
        }
        return EnvironmentImport(environments: result, sharedVariables: shared, report: report)
    }
}
