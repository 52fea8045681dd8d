/// The text of a translation before placeholders are filled: `{host}`, `{url}`, `{method}`,
/// `{status}`, `{reason}`, `{path}`, `{type}`, `{charset}`, `{scheme}`, `{header}`, `{code}`, `{detail}`.
///
/// Fields are optional so an override file can replace only the hint of a built-in entry.
public struct TranslationTemplate: Hashable, Sendable, Codable {
    public var title: String?
    public var explanation: String?
    public var hint: String?

    public init(title: String? = nil, explanation: String? = nil, hint: String? = nil) {
        self.title = title
        self.explanation = explanation
        self.hint = hint
    }

    /// This template with the fields `override` sets replaced.
    public func merged(with override: TranslationTemplate) -> TranslationTemplate {
        TranslationTemplate(
            title: override.title ?? title, explanation: override.explanation ?? explanation,
            hint: override.hint ?? hint)
    }
}
