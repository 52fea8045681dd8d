import Foundation
import Glibc
import RegularFiles

/// Loads and saves collection files safely.
package enum CollectionStore {
    /// Loads the file at `path`: a document, or the diagnostics explaining why not. `read` sees
    /// the file's bytes before they are parsed; `firstLook` a big file's first part before the
    /// whole is read (see `CollectionLoader.FirstLook`).
    package static func load(
        path: String, read: (([UInt8]) -> Void)? = nil, firstLook: CollectionLoader.FirstLook? = nil
    ) -> CollectionEntry {
        let bytes: [UInt8]
        do {
            guard let contents = try AtomicFile.read(path) else {
                return .failed(
                    path: path, diagnostics: [fileDiagnostic(path, RegularFile.notFoundReason(path, "file not found"))])
            }
            bytes = contents
        } catch {
            return .failed(path: path, diagnostics: [fileDiagnostic(path, error.description)])
        }
        read?(bytes)
        let result = CollectionLoader.load(bytes, file: path, firstLook: firstLook)
        guard let collection = result.collection else { return .failed(path: path, diagnostics: result.diagnostics) }
        return .loaded(
            CollectionDocument(
                path: path, collection: collection, fingerprint: FileFingerprint(of: bytes),
                diagnostics: result.diagnostics))
    }

    /// Saves `document` atomically, keeping the previous version as `.<name>.bak`.
    ///
    /// Secret variable values held in memory go to `secrets` first (they are never written to
    /// the collection file). Throws `.conflict` without writing anything when the file changed
    /// on disk since it was loaded, unless `overwrite` is true. Another lazer saving into the same
    /// folder is waited for (at most `lockPatience`, then `.fileSystem` and nothing written).
    /// A read-only file (mode 444 in a writable folder: the rename would replace it) throws
    /// `.readOnly` unless `replacingReadOnly`.
    package static func save(
        _ document: inout CollectionDocument, secrets: SecretStore? = nil, overwrite: Bool = false,
        replacingReadOnly: Bool = false, lockPatience: Duration = .seconds(5)
    ) throws(SaveError) {
        // The check and the write happen under the folder's lock (see `FolderLock`).
        let lock: FolderLock
        do {
            lock = try FolderLock(
                folder: URL(fileURLWithPath: document.path).deletingLastPathComponent().path, patience: lockPatience)
        } catch {
            throw .fileSystem(error)
        }
        defer { lock.unlock() }
        if !overwrite {
            let current: FileFingerprint
            do {
                current = try AtomicFile.read(document.path).map { FileFingerprint(of: $0) } ?? .missing
            } catch {
                throw .fileSystem(error)
            }
            guard current == document.fingerprint else { throw .conflict(path: document.path) }
        }
        var status = stat()
        if !replacingReadOnly, stat(document.path, &status) == 0, status.st_mode & 0o222 == 0 {
            throw .readOnly(path: document.path)
        }
        if let secrets {
            do {
                try secrets.store(secretsOf: document.collection, saved: document.savedCollection)
            } catch {
                throw .secrets(error)
            }
        }
        let bytes = Array(document.collection.fileText().utf8)
        AtomicFile.removeStaleTemporaries(for: document.path)
        do {
            try AtomicFile.write(bytes, to: document.path)
        } catch {
            throw .fileSystem(error)
        }
        document.markSaved(fingerprint: FileFingerprint(of: bytes))
    }

    /// Writes a new collection file; fails with `.conflict` when a file already exists at `path`.
    package static func create(_ collection: RequestCollection, at path: String) throws(SaveError) -> CollectionDocument
    {
        var document = CollectionDocument(path: path, collection: collection, fingerprint: .missing)
        try save(&document)
        return document
    }

    /// Whether the file changed on disk since `document` last read or wrote it.
    package static func hasOutsideChange(_ document: CollectionDocument) -> Bool {
        let current = (try? AtomicFile.read(document.path)).flatMap { $0.map { FileFingerprint(of: $0) } } ?? .missing
        return current != document.fingerprint
    }

    private static func fileDiagnostic(_ path: String, _ message: String) -> Diagnostic {
        Diagnostic(severity: .error, file: path, line: 1, column: 1, path: "", message: message)
    }
}
