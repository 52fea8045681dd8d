/// A collection loaded from (or bound to) a file, with what is needed to save it safely: the
/// fingerprint of the file as last read or written, to detect edits made by other programs.
package struct CollectionDocument: Sendable, Equatable {
    package var path: String
    package var collection: RequestCollection
    /// The file on disk as this document last saw it.
    package private(set) var fingerprint: FileFingerprint
    /// The collection as last loaded or saved, to tell whether there is anything to save.
    package private(set) var savedCollection: RequestCollection
    /// Warnings from loading (errors prevent a document from existing).
    package var diagnostics: [Diagnostic]

    package init(
        path: String, collection: RequestCollection, fingerprint: FileFingerprint, diagnostics: [Diagnostic] = []
    ) {
        self.path = path
        self.collection = collection
        self.fingerprint = fingerprint
        self.savedCollection = collection
        self.diagnostics = diagnostics
    }

    /// True when the collection has edits that are not on disk.
    package var isModified: Bool { collection != savedCollection }

    /// Fills secret variable values from the secrets file and the process environment
    /// (`LAZER_VAR_<name>` wins). They are not edits: the document stays unmodified.
    package mutating func fillSecrets(from values: SecretValues, processEnvironment: [String: String] = [:]) {
        values.apply(to: &collection, processEnvironment: processEnvironment)
        values.apply(to: &savedCollection, processEnvironment: processEnvironment)
    }

    /// Every secret value in memory (variables marked secret), for a `Redactor`.
    package var secretValues: [String] {
        let shared = collection.variables.filter(\.secret).map(\.value)
        let perEnvironment = collection.environments.flatMap { $0.variables.filter(\.secret).map(\.value) }
        return (shared + perEnvironment).filter { !$0.isEmpty }
    }

    /// Records a successful save.
    mutating func markSaved(fingerprint: FileFingerprint) {
        self.fingerprint = fingerprint
        savedCollection = collection
    }
}
