/// One `*.json` file of a workspace folder: loaded, or failed with the reasons.
package enum CollectionEntry: Sendable {
    case loaded(CollectionDocument)
    case failed(path: String, diagnostics: [Diagnostic])

    package var path: String {
        switch self {
        case .loaded(let document): document.path
        case .failed(let path, _): path
        }
    }

    package var document: CollectionDocument? {
        if case .loaded(let document) = self { return document }
        return nil
    }

    /// Errors for a failed file; warnings for a loaded one.
    package var diagnostics: [Diagnostic] {
        switch self {
        case .loaded(let document): document.diagnostics
        case .failed(_, let diagnostics): diagnostics
        }
    }
}
