package import RegularFiles

/// Why a collection was not saved.
package enum SaveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file changed on disk since it was loaded (another editor, `git pull`): nothing was
    /// written. Reload, or save again with `overwrite: true` after asking the user.
    case conflict(path: String)
    /// The file could not be written; the old version is intact.
    case fileSystem(FileSystemError)
    /// Secret values could not be stored, so the collection was not saved (it would lose them).
    case secrets(FileSystemError)
    /// The file is read-only (no write permission bit, e.g. mode 444): nothing was written. Save
    /// again with `replacingReadOnly: true` after asking the user (the file keeps its mode).
    case readOnly(path: String)

    package var description: String {
        switch self {
        case .conflict(let path): "\(path) was changed by another program since it was opened; not saved"
        case .fileSystem(let error): error.description
        case .secrets(let error): "secrets not stored, collection not saved: \(error.description)"
        case .readOnly(let path): "\(path) is read-only; not saved"
        }
    }
}
