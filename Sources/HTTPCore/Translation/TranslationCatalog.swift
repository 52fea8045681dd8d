/// The built-in translations, keyed as an override file keys them:
/// `http.<code>`, `http.4xx` (class fallbacks), `transport.<reason>`, `webSocket.<close>`,
/// `request.<case>`, `response.<case>`, `serialization.<case>`, `cancelled`, `unknown`.
public enum TranslationCatalog {
    /// Every built-in entry.
    public static let builtIn: [String: TranslationTemplate] = {
        var all = httpStatus
        all.merge(httpClasses) { first, _ in first }
        all.merge(transport) { first, _ in first }
        all.merge(errors) { first, _ in first }
        all.merge(webSocket) { first, _ in first }
        return all
    }()

    /// Namespaces whose keys must be built-in (a typo there is reported, not ignored).
    public static let reservedNamespaces: Set<String> = [
        "http", "transport", "webSocket", "request", "response", "serialization", "translationFile",
    ]

    /// Whether an override file may use `key`: any built-in key; `http.` and three digits (to add a
    /// non-standard status such as `http.499`); or `namespace.name` in a namespace HTTPCore does not
    /// reserve, for ``TranslatableError``s of other modules (`workspace.saveFailed`).
    public static func isValidKey(_ key: String) -> Bool {
        if builtIn[key] != nil { return true }
        let parts = key.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return false }
        if parts[0] == "http" {
            return parts[1].count == 3 && parts[1].allSatisfy(\.isNumber)
        }
        return !reservedNamespaces.contains(String(parts[0]))
    }
}
