import Foundation
package import HTTPCore

/// The error card's texts for a source that could not be imported (`interop.importFailed`).
/// Placeholders: `{file}`, `{place}` (line and column or JSON path) and `{reason}`.
extension ImportError: TranslatableError {
    package var translationKey: String { "interop.importFailed" }

    package var translationTemplate: TranslationTemplate {
        TranslationTemplate(
            title: "{file} could not be imported",
            explanation: "At {place}: {reason}. Nothing was written.",
            hint: "Fix the spot shown, or pick the format with --format if it was guessed wrong.")
    }

    package var translationValues: [String: String] {
        var place: [String] = []
        if let line = location.line {
            place.append("line \(line)" + (location.column.map { ", column \($0)" } ?? ""))
        }
        if let path = location.path, !path.isEmpty { place.append(path) }
        return [
            "file": (location.file as NSString).lastPathComponent,
            "place": place.isEmpty ? "the start" : place.joined(separator: ", "),
            "reason": message,
        ]
    }

    package var technicalDetail: String { description }
}
