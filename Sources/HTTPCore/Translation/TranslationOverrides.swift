public import Foundation
import RegularFiles

/// Reads a translations override file:
///
/// ```json
/// { "version": 1,
///   "translations": {
///     "http.404": { "hint": "Check the ID; staging is reset every night." },
///     "http.499": { "title": "Client closed request", "explanation": "…", "hint": "…" } } }
/// ```
///
/// Every problem (bad JSON, unknown key, unknown field, wrong type) is a ``TranslationFileError``
/// naming the entry, so a typo never silently does nothing.
public enum TranslationOverrides {
    static let fields: Set<String> = ["title", "explanation", "hint"]

    /// The largest translations file read: 1 MiB.
    public static let maximumFileSize = 1 << 20

    /// Loads and checks the file at `url`: a regular file of at most `maximumFileSize` bytes (a FIFO
    /// or a device is refused, never waited for; see `RegularFile`).
    public static func load(from url: URL) throws(TranslationFileError) -> [String: TranslationTemplate] {
        let bytes: [UInt8]?
        do {
            bytes = try RegularFile.read(url.path, limit: maximumFileSize)
        } catch {
            throw TranslationFileError(path: url.path, problem: "the file cannot be read (\(error.reason))")
        }
        guard let bytes else {
            throw TranslationFileError(path: url.path, problem: "the file cannot be read (no such file)")
        }
        return try parse(Data(bytes), path: url.path)
    }

    /// Checks and parses the file's bytes; `path` is only used in messages.
    public static func parse(_ data: Data, path: String) throws(TranslationFileError) -> [String: TranslationTemplate] {
        func fail(_ problem: String) -> TranslationFileError {
            TranslationFileError(path: path, problem: problem)
        }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw fail("the file is not valid JSON")
        }
        guard let object = root as? [String: Any] else { throw fail("the top level must be an object") }
        for key in object.keys where key != "version" && key != "translations" {
            throw fail("unknown top-level field \"\(key)\" (expected \"version\" and \"translations\")")
        }
        if let version = object["version"] {
            guard let number = version as? Int, number == 1 else { throw fail("\"version\" must be 1") }
        }
        guard let translations = object["translations"] as? [String: Any] else {
            throw fail("\"translations\" must be an object of entries keyed like \"http.404\"")
        }
        var result: [String: TranslationTemplate] = [:]
        for key in translations.keys.sorted() {
            guard TranslationCatalog.isValidKey(key) else {
                throw fail(
                    "unknown translation key \"\(key)\" (keys look like http.404, transport.dnsFailure, request.invalidURL)"
                )
            }
            guard let entry = translations[key] as? [String: Any] else {
                throw fail("\"\(key)\" must be an object with title, explanation and/or hint")
            }
            var template = TranslationTemplate()
            for (field, value) in entry {
                guard fields.contains(field) else {
                    throw fail("unknown field \"\(field)\" in \"\(key)\" (expected title, explanation, hint)")
                }
                guard let text = value as? String, !text.trimmingASCIIWhitespace().isEmpty else {
                    throw fail("\"\(key)\".\(field) must be a non-empty string")
                }
                switch field {
                case "title": template.title = text
                case "explanation": template.explanation = text
                default: template.hint = text
                }
            }
            guard template != TranslationTemplate() else { throw fail("\"\(key)\" sets no field") }
            result[key] = template
        }
        return result
    }
}
