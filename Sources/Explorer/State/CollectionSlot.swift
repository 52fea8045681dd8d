public import Workspace

/// One collection file as the explorer holds it: loaded (the document, with the collection as
/// last saved), or broken (the positioned problems that kept it from loading).
public struct CollectionSlot: Sendable {
    public var path: String
    public var document: CollectionDocument?
    /// Errors of a broken file, warnings of a loaded one.
    public var diagnostics: [Diagnostic]
    /// What the user had selected and open in this collection last time (per-user UI state).
    public var remembered: UIState?

    public init(entry: CollectionEntry) {
        path = entry.path
        document = entry.document
        diagnostics = entry.diagnostics
    }

    public init(document: CollectionDocument) {
        path = document.path
        self.document = document
        diagnostics = document.diagnostics
    }

    public var collectionID: String? { document?.collection.id }

    /// The file name without its folder, for rows and messages.
    public var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }
}
