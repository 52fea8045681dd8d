/// The built-in translations, keyed as an override file keys them:
/// `http.<code>`, `http.4xx` (class fallbacks), `transport.<reason>`, `request.<case>`,
/// `response.<case>`, `serialization.<case>`, `cancelled`, `unknown`.
public enum TranslationCatalog {
    /// Every built-in entry.
    public static let builtIn: [String: TranslationTemplate] = {
        var all = httpStatus
        all.merge(httpClasses) { first, _ in first }
        all.merge(transport) { first, _ in first }
        all.merge(errors) { first, _ in first }
        return all
    }()

    /// Whether an override file may use `key`: any built-in key, or `http.` and three digits (to add a
    /// non-standard status such as `http.499`).
    public static func isValidKey(_ key: String) -> Bool {
        if builtIn[key] != nil { return true }
        guard key.hasPrefix("http.") else { return false }
        let code = key.dropFirst("http.".count)
        return code.count == 3 && code.allSatisfy(\.isASCII) && code.allSatisfy(\.isNumber)
    }
}
