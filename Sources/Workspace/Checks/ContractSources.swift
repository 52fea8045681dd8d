import Foundation

/// How contract documents that are not a JSON file are read: YAML through a reader the
/// application gives (Interop's, which `Workspace` does not link), so a collection can name the
/// original `openapi.yaml`; an `https://` document through the transport (`WorkspaceServices`
/// gives its live dispatcher). Without a reader, such a document is a finding that says so.
package struct ContractSources: Sendable {
    /// YAML text to JSON bytes, or what is wrong with it (the document's name is the second argument).
    package typealias YAMLReader = @Sendable (_ text: String, _ name: String) -> Result<[UInt8], ContractDocumentError>
    /// The body at an `http(s)://` address, waited for (the caller is never the dispatcher's
    /// delivery queue: checks run on the work queue or a task).
    package typealias Fetcher = @Sendable (_ address: String) -> Result<[UInt8], ContractDocumentError>

    package var yaml: YAMLReader?
    package var fetch: Fetcher?

    package init(yaml: YAMLReader? = nil, fetch: Fetcher? = nil) {
        self.yaml = yaml
        self.fetch = fetch
    }

    /// Whether a contract's `document` is an address to fetch rather than a file.
    static func isURL(_ document: String) -> Bool {
        let lower = document.prefix(8).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// Whether `path` names a YAML document (by its extension).
    static func isYAML(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml")
    }
}
