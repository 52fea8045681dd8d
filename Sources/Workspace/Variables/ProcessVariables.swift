/// Which process environment variables `{{name}}` can see: only those named `LAZER_VAR_<name>`,
/// so a collection cannot read arbitrary environment (and leak `$AWS_SECRET_ACCESS_KEY` into a request).
package enum ProcessVariables {
    package static let prefix = "LAZER_VAR_"

    /// The exposed variables, by name without the prefix.
    package static func exposed(from environment: [String: String]) -> [String: String] {
        var result: [String: String] = [:]
        for (key, value) in environment where key.hasPrefix(prefix) && key.count > prefix.count {
            result[String(key.dropFirst(prefix.count))] = value
        }
        return result
    }
}
