import Foundation

/// `--format auto`: guesses a source's format from its first meaningful bytes and, failing that,
/// its file name. JSON documents are told apart by their top-level keys (Postman's `info` +
/// `item`, HAR's `log`, OpenAPI's `openapi` / `swagger`), YAML by `openapi:` / `swagger:` at the
/// start of a line, curl by a line starting with `curl`; anything else text-like is a `.http` file.
package enum FormatDetection {
    package static func detect(_ source: ImportSource) -> ImportFormat {
        let text = source.text
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.first == "{" {
            let head = String(trimmed.prefix(1 << 16))
            if containsKey(head, "log") && (containsKey(head, "entries") || containsKey(head, "creator")) {
                return .har
            }
            if containsKey(head, "openapi") || containsKey(head, "swagger") { return .openapi }
            if containsKey(head, "info") || containsKey(head, "item") { return .postman }
        }
        for line in text.split(whereSeparator: \.isNewline).prefix(200) {
            let line = line.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("openapi:") || line.hasPrefix("swagger:") || line.hasPrefix("\"openapi\":") {
                return .openapi
            }
        }
        let firstCommand = text.split(whereSeparator: \.isNewline).lazy
            .map { $0.drop { $0 == " " || $0 == "\t" || $0 == "$" } }
            .first { !$0.isEmpty && !$0.hasPrefix("#") }
        if let firstCommand, firstCommand.hasPrefix("curl ") || firstCommand == "curl" { return .curl }
        let name = source.name.lowercased()
        if name.hasSuffix(".har") { return .har }
        if name.hasSuffix(".yaml") || name.hasSuffix(".yml") { return .openapi }
        if name.hasSuffix(".postman_collection.json") { return .postman }
        if name.hasSuffix(".sh") || name.hasSuffix(".curl") { return .curl }
        return .http
    }

    /// Whether the source is a Postman environment export (`--env-from`): a JSON object with a
    /// `values` array, and Postman's `_postman_variable_scope` or no `item`.
    package static func isPostmanEnvironment(_ source: ImportSource) -> Bool {
        let head = String(source.text.prefix(1 << 16))
        guard head.drop(while: { $0.isWhitespace }).first == "{", containsKey(head, "values") else { return false }
        return containsKey(head, "_postman_variable_scope") || !containsKey(head, "item")
    }

    /// Whether `"key"` appears as an object key (followed by a colon) in `text`.
    private static func containsKey(_ text: String, _ key: String) -> Bool {
        var rest = text[...]
        while let range = rest.range(of: "\"\(key)\"") {
            let after = rest[range.upperBound...].drop { $0 == " " || $0 == "\t" || $0.isNewline }
            if after.first == ":" { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }
}
