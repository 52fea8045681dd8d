package import Workspace

/// One collection file as the explorer holds it: loaded (the document, with the collection as
/// last saved), or broken (the positioned problems that kept it from loading).
package struct CollectionSlot: Sendable, Equatable {
    package var path: String
    package var document: CollectionDocument?
    /// Errors of a broken file, warnings of a loaded one.
    package var diagnostics: [Diagnostic]
    /// What the user had selected and open in this collection last time (per-user UI state).
    package var remembered: UIState?
    /// The collection id this file shares with another file already open (a copied file): it is
    /// listed as broken, and read again once that other file is gone.
    package var duplicateOf: String?
    /// The schema its GraphQL requests are checked against as they are typed, when the collection
    /// names a schema file (issue 28); read with the file.
    package var graphqlSchema: GraphQLSchemaSlot?
    /// A first look at a big file (its first folders and requests) shown while the rest is read:
    /// nothing made from it is saved, exported or run, since it is not the whole collection.
    package var isPartial = false

    package init(entry: CollectionEntry) {
        path = entry.path
        document = entry.document
        diagnostics = entry.diagnostics
    }

    package init(document: CollectionDocument) {
        path = document.path
        self.document = document
        diagnostics = document.diagnostics
    }

    package var collectionID: String? { document?.collection.id }

    /// `slot`, whose collection id `other` (another file) already uses, as a broken file saying so:
    /// drafts, history and the selection are keyed by that id, so two files with one id would be
    /// one collection on screen (and one of them unreachable).
    package static func duplicate(_ slot: CollectionSlot, of other: CollectionSlot) -> CollectionSlot {
        var broken = slot
        let id = slot.collectionID ?? ""
        broken.document = nil
        broken.duplicateOf = id
        broken.diagnostics = [
            Diagnostic(
                severity: .error, file: slot.path, line: 1, column: 1, path: "id",
                message: "the collection id \"\(id)\" is already used by \(other.fileName) (a copied file?); "
                    + "give this collection an id of its own")
        ]
        return broken
    }

    /// The file name without its folder, for rows and messages.
    package var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }
}
