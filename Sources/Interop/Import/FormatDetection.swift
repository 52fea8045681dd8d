import Foundation

/// `--format auto`: guesses a source's format from its content and, failing that, its file name.
/// JSON documents are told apart by their top-level keys wherever they sit (HAR's `log`,
/// OpenAPI's `openapi` / `swagger`, Postman's `info` / `item`; `TopLevelKeys` reads them in one
/// pass, so neither key order nor a key's distance from the start matters), YAML by a top-level
/// `openapi:` / `swagger:` line anywhere in the file, curl by a first command starting with
/// `curl`; anything else text-like is a `.http` file.
package enum FormatDetection {
    package static func detect(_ source: ImportSource) -> ImportFormat {
        let text = source.text
        if let keys = TopLevelKeys.scan(source.bytes) {
            // By the top-level keys, wherever they sit in the document and in whatever order.
            if keys.contains("log") { return .har }
            if keys.contains("openapi") || keys.contains("swagger") { return .openapi }
            if keys.contains("info") || keys.contains("item") { return .postman }
        }
        // YAML: a top-level `openapi:` or `swagger:` key, however far down the file it sits.
        for line in text.split(whereSeparator: \.isNewline) {
            if line.hasPrefix("openapi:") || line.hasPrefix("swagger:") || line.hasPrefix("\"openapi\":")
                || line.hasPrefix("'openapi':") || line.hasPrefix("\"swagger\":")
            {
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
        guard let keys = TopLevelKeys.scan(source.bytes), keys.contains("values") else { return false }
        return keys.contains("_postman_variable_scope") || !keys.contains("item")
    }
}
