public import Foundation

/// Turns any error (or a status code) into a ``Translation`` a person can act on.
///
/// Texts come from ``TranslationCatalog`` merged with optional overrides (a JSON file, see
/// ``TranslationOverrides``). Every value put into a text is redacted first (``Redaction``), so
/// translations can be shown, logged and pasted into bug reports safely.
public struct ErrorTranslator: Sendable {
    /// The overrides on top of the built-in catalog.
    public let overrides: [String: TranslationTemplate]

    /// A translator with the built-in texts, plus `overrides`.
    public init(overrides: [String: TranslationTemplate] = [:]) {
        self.overrides = overrides
    }

    /// A translator with the built-in texts plus the overrides in the file at `url`.
    public init(overridesFile url: URL) throws(TranslationFileError) {
        self.init(overrides: try TranslationOverrides.load(from: url))
    }

    /// The built-in texts only.
    public static let standard = ErrorTranslator()

    /// The translation for `error`. `context` adds the method and URL when the error does not carry them.
    public func translate(_ error: any Error, context: TranslationContext = TranslationContext()) -> Translation {
        let parts = ErrorDescription(error)
        var values = placeholderValues(context: context, url: parts.url)
        values.merge(parts.values) { _, new in new }
        return render(
            keys: parts.keys, values: values, detail: technicalDetail(parts.detail, context: context),
            templates: parts.templates)
    }

    /// The translation for a response's status (what `404` means), for any status, not only errors.
    public func translate(statusCode: StatusCode, context: TranslationContext = TranslationContext()) -> Translation {
        let parts = ErrorDescription(statusCode: statusCode)
        var values = placeholderValues(context: context, url: nil)
        values.merge(parts.values) { _, new in new }
        return render(keys: parts.keys, values: values, detail: technicalDetail(parts.detail, context: context))
    }

    /// The translation of a response's status, with its request and URL as context.
    public func translate<Body>(_ response: Response<Body>) -> Translation {
        translate(
            statusCode: response.statusCode,
            context: TranslationContext(method: response.request.method, url: response.url))
    }

    /// The merged template for `key` (built-in then override), or `nil` if neither has it.
    public func template(forKey key: String) -> TranslationTemplate? {
        template(forKey: key, extra: [:])
    }

    private func template(forKey key: String, extra: [String: TranslationTemplate]) -> TranslationTemplate? {
        let builtIn = TranslationCatalog.builtIn[key] ?? extra[key]
        let override = overrides[key]
        switch (builtIn, override) {
        case (nil, nil): return nil
        case (let builtIn?, nil): return builtIn
        case (nil, let override?): return override
        case (let builtIn?, let override?): return builtIn.merged(with: override)
        }
    }

    private func render(
        keys: [String], values: [String: String], detail: String, templates: [String: TranslationTemplate] = [:]
    ) -> Translation {
        var merged = TranslationTemplate()
        for key in (keys + ["unknown"]).reversed() {
            if let template = template(forKey: key, extra: templates) {
                merged = merged.merged(with: template)
            }
        }
        return Translation(
            title: fill(merged.title ?? "Something went wrong", values),
            explanation: fill(merged.explanation ?? "", values),
            hint: fill(merged.hint ?? "", values),
            technicalDetail: detail)
    }

    private func placeholderValues(context: TranslationContext, url: URL?) -> [String: String] {
        let target = url ?? context.url
        var values = ["host": "the server", "url": "the URL", "method": context.method?.rawValue ?? "HTTP"]
        if let target {
            if let host = target.host, !host.isEmpty {
                values["host"] = target.port.map { "\(host):\($0)" } ?? host
            }
            values["url"] = Redaction.redact(target)
        }
        return values
    }

    private func technicalDetail(_ detail: String, context: TranslationContext) -> String {
        var text = Redaction.scrub(detail)
        if let url = context.url {
            text += " — \(context.method?.rawValue ?? "") \(Redaction.redact(url))".replacingOccurrences(
                of: "—  ", with: "— ")
        }
        return text
    }

    /// Replaces `{name}` placeholders with already-redacted values. A sentence that starts with a
    /// fallback phrase ("the server") gets a capital; a host name at the start is left as it is.
    private func fill(_ template: String, _ values: [String: String]) -> String {
        var text = template
        for (name, value) in values {
            text = text.replacingOccurrences(of: "{\(name)}", with: value)
        }
        let startsWithPhrase = Self.fallbackPhrases.contains { phrase in
            values.contains { template.hasPrefix("{\($0.key)}") && $0.value == phrase }
        }
        guard startsWithPhrase, let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// Placeholder values used when the error has no URL or method.
    private static let fallbackPhrases: Set<String> = ["the server", "the URL"]
}
