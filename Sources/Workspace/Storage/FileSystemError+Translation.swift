import Foundation
package import HTTPCore
package import RegularFiles

/// The error card's texts for a failed file operation, by cause: the system's error number picks
/// the key (`workspace.permissionDenied`, `workspace.diskFull`, …), so an override file can change
/// one cause's texts. Placeholders: `{operation}`, `{path}`, `{file}` (the last path component),
/// `{reason}` (the system's words).
extension FileSystemError: TranslatableError {
    /// What went wrong, as far as the reader can act on it.
    enum Cause {
        case permissionDenied
        case diskFull
        case notFound
        case readOnly
        /// Another lazer holds the folder's save lock.
        case folderBusy
        case other
    }

    var cause: Cause {
        switch errorNumber {
        case .some(EACCES), .some(EPERM): .permissionDenied
        case .some(ENOSPC), .some(EDQUOT): .diskFull
        case .some(ENOENT), .some(ENOTDIR): .notFound
        case .some(EROFS): .readOnly
        case .some(EWOULDBLOCK) where operation == "lock": .folderBusy
        default: .other
        }
    }

    package var translationKey: String {
        switch cause {
        case .permissionDenied: "workspace.permissionDenied"
        case .diskFull: "workspace.diskFull"
        case .notFound: "workspace.fileNotFound"
        case .readOnly: "workspace.readOnlyDisk"
        case .folderBusy: "workspace.folderBusy"
        case .other: "workspace.fileSystem"
        }
    }

    package var translationTemplate: TranslationTemplate {
        switch cause {
        case .permissionDenied:
            TranslationTemplate(
                title: "No permission to {operation} {file}",
                explanation: "The system did not let Lazer {operation} {path}: permission denied.", hint: hint)
        case .diskFull:
            TranslationTemplate(
                title: "The disk is full",
                explanation:
                    "Lazer could not {operation} {path}: no space is left on the disk, or your disk quota is used up.",
                hint: hint)
        case .notFound:
            TranslationTemplate(
                title: "{file} does not exist",
                explanation:
                    "Lazer could not {operation} {path}: there is no such file or folder. It may have been moved, renamed or deleted.",
                hint: hint)
        case .readOnly:
            TranslationTemplate(
                title: "The disk is read-only",
                explanation: "Lazer could not {operation} {path}: the disk it is on only allows reading.", hint: hint)
        case .folderBusy:
            TranslationTemplate(
                title: "Another Lazer is saving into this folder",
                explanation: "Lazer could not lock {path} to save into it: {reason}.", hint: hint)
        case .other:
            TranslationTemplate(
                title: "Could not {operation} {file}", explanation: "Lazer could not {operation} {path}: {reason}.",
                hint: hint)
        }
    }

    package var translationValues: [String: String] {
        ["operation": operation, "path": path, "file": (path as NSString).lastPathComponent, "reason": reason]
    }

    /// What to do about it, by cause (a failed save says the same).
    var hint: String {
        switch cause {
        case .permissionDenied:
            "Check who owns the file and its folder and what they allow (ls -l), or work on a copy in a folder you own."
        case .diskFull: "Free some space (df -h shows how full each disk is), then try again."
        case .notFound: "Check the path, or open the folder where the file is now."
        case .readOnly: "Copy the collections to a folder on a writable disk and open them there."
        case .folderBusy: "Wait until the other Lazer has finished saving, then try again."
        case .other: "Check that the path exists, is what Lazer expects there, and that you may use it; then try again."
        }
    }

}
