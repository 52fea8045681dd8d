import Foundation
package import HTTPCore

/// The error card's texts for a save that did not happen: a conflict (`workspace.saveConflict`),
/// a failed write (`workspace.saveFailed`), secrets that could not be stored
/// (`workspace.secretsNotStored`) or a read-only file (`workspace.saveReadOnly`). A write failure's hint is the one for its cause (permission,
/// disk full, …). Placeholders: `{path}`, `{file}`, and for failures `{operation}` and `{reason}`.
extension SaveError: TranslatableError {
    package var translationKey: String {
        switch self {
        case .conflict: "workspace.saveConflict"
        case .fileSystem: "workspace.saveFailed"
        case .secrets: "workspace.secretsNotStored"
        case .readOnly: "workspace.saveReadOnly"
        }
    }

    package var translationTemplate: TranslationTemplate {
        switch self {
        case .conflict:
            TranslationTemplate(
                title: "{file} changed on disk",
                explanation:
                    "Another program (an editor, git) changed {path} after Lazer read it. Lazer saved nothing, so that change is not lost.",
                hint: "Reload the file to see it as it is now, or save again and choose to overwrite it.")
        case .fileSystem(let error):
            TranslationTemplate(
                title: "Collection not saved",
                explanation: "Lazer could not {operation} {path}: {reason}. The file on disk is unchanged.",
                hint: error.hint)
        case .secrets(let error):
            TranslationTemplate(
                title: "Collection not saved: its secrets could not be stored",
                explanation:
                    "Secret values are kept in {path}, never in the collection file. Lazer could not {operation} it ({reason}), so it did not save the collection either: that would have lost them.",
                hint: error.hint)
        case .readOnly:
            TranslationTemplate(
                title: "{file} is read-only",
                explanation: "{path} has no write permission (someone made it read-only). Lazer saved nothing.",
                hint: "Save again and choose to replace it (it stays read-only), or make it writable first.")
        }
    }

    package var translationValues: [String: String] {
        switch self {
        case .conflict(let path), .readOnly(let path):
            ["path": path, "file": (path as NSString).lastPathComponent]
        case .fileSystem(let error), .secrets(let error):
            error.translationValues
        }
    }
}
