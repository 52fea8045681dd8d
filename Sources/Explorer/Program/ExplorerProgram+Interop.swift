import Foundation
import Futures
import Interop
import RegularFiles
import Workspace

/// The palette's "Import…": reads and converts the file (or fetches the URL through the live
/// dispatcher) on the work queue, writes a new collection file beside the others (never over
/// one) — or, when a collection in that folder was imported from the same file or URL, updates
/// it (`ImportUpdate`) — and reports what was not carried as the collection's warnings
/// ("Collection problems").
extension ExplorerProgram {
    func importFile(_ path: String, into folder: String) {
        let secrets = dependencies.workspace.secrets
        guard RemoteImport.isURL(path) else {
            dependencies.work.schedule { [weak self] in
                self?.deliverImport(Self.importedDocument(path, into: folder, secrets: secrets))
            }
            return
        }
        let work = dependencies.work
        _ = RemoteImport.fetch(path, dispatcher: dependencies.workspace.dispatchers.live).result { [weak self] result in
            switch result {
            case .success(let source):
                work.schedule { [weak self] in
                    self?.deliverImport(
                        Self.importedDocument(source, origin: path, into: folder, secrets: secrets))
                }
            case .failure(let error):
                let text = (error as? ImportError)?.description ?? "\(path): \(error)"
                self?.deliver(.notice("Not imported: \(text)", isError: true))
            }
        }.send()
    }

    /// A new collection arrives as saved; an updated one as a file changed on disk (another
    /// program's change, as far as the open collection is concerned: drafts get the usual question).
    private nonisolated func deliverImport(_ result: Result<(CollectionDocument, String, updated: Bool), ImportFailure>)
    {
        switch result {
        case .success(let (document, message, updated)):
            if updated {
                deliver(.fileChanged(CollectionSlot(document: document)))
            } else {
                deliver(.saved(collectionID: document.collection.id, .success(document)))
            }
            deliver(.notice(message, isError: false))
        case .failure(let failure):
            deliver(.notice("Not imported: \(failure.message)", isError: true))
        }
    }

    /// A pasted curl command again, with the files it names for content read (regular files
    /// only, within the importer's size limit): a file that cannot be read is reported, and the
    /// reducer's notice names it.
    func readPastedCurl(_ pasted: PastedCurl) {
        dependencies.work.schedule { [weak self] in
            let source = ImportSource(
                name: "pasted command", bytes: Array(pasted.text.utf8), baseFolder: pasted.workingDirectory)
            do throws(ImportError) {
                let imported = try CurlImport.requests(
                    from: source, options: ImportOptions(targetFolder: pasted.collectionFolder))
                self?.deliver(.curlPasted(pasted.key, requests: imported.requests, report: imported.report))
            } catch {
                self?.deliver(.notice("Not a curl command Lazer can read: \(error.description)", isError: true))
            }
        }
    }

    struct ImportFailure: Error {
        var message: String
    }

    nonisolated static func importedDocument(_ path: String, into folder: String, secrets: SecretStore) -> Result<
        (CollectionDocument, String, updated: Bool), ImportFailure
    > {
        let bytes: [UInt8]
        do {
            guard let read = try RegularFile.read(path, limit: 64 << 20) else {
                return .failure(ImportFailure(message: "\(path): no such file"))
            }
            bytes = read
        } catch {
            return .failure(ImportFailure(message: "\(path): \(error.reason)"))
        }
        let source = ImportSource(
            name: path, bytes: bytes, baseFolder: (path as NSString).deletingLastPathComponent)
        let origin = URL(fileURLWithPath: path).standardizedFileURL.path
        return importedDocument(source, origin: origin, into: folder, secrets: secrets)
    }

    /// `source` imported into `folder`: a new collection file, or the one imported from `origin`
    /// updated; a credential written as itself goes to `secrets`, as `lazer import` does (the
    /// explorer wrote it in clear into the collection file).
    nonisolated static func importedDocument(
        _ source: ImportSource, origin: String, into folder: String, secrets: SecretStore
    ) -> Result<(CollectionDocument, String, updated: Bool), ImportFailure> {
        var imported: ImportResult
        do {
            imported = try Importer.importSource(source, options: ImportOptions(targetFolder: folder))
        } catch {
            return .failure(ImportFailure(message: error.description))
        }
        ImportedCredentials.keepAsSecrets(in: &imported, file: source.name)
        var collection = ImportUpdate.recording(imported.collection, from: origin)
        let notCarried = imported.report.items.count
        let carriedNote = notCarried > 0 ? "; \(notCarried) not carried (see Collection problems)" : ""
        var document: CollectionDocument
        var message: String
        let previous = importedBefore(collection, from: origin, in: folder)
        let isUpdate = previous != nil
        if var existing = previous {
            let updated = ImportUpdate.update(existing.collection, with: collection, from: origin)
            existing.collection = updated.collection
            document = existing
            do throws(FileSystemError) {
                if let contract = imported.contractDocument {
                    try OpenAPIContractCopy.attach(contract, to: &document.collection, collectionPath: document.path)
                }
            } catch {
                return .failure(ImportFailure(message: error.description))
            }
            do {
                try CollectionStore.save(&document, secrets: secrets)
            } catch {
                return .failure(ImportFailure(message: error.description))
            }
            message =
                "Updated \((document.path as NSString).lastPathComponent): "
                + (updated.summary.lines.first ?? "") + carriedNote
        } else {
            let base = WorkspaceReducer.fileName(for: collection.name)
            var target = (folder as NSString).appendingPathComponent(base)
            var number = 2
            while FileManager.default.fileExists(atPath: target) {
                target = (folder as NSString).appendingPathComponent(
                    (base as NSString).deletingPathExtension + "-\(number).json")
                number += 1
            }
            // A collection id already in the workspace (the same file imported twice) gets a new one.
            collection.id = StableID.make(collection.id, target)
            do throws(FileSystemError) {
                if let contract = imported.contractDocument {
                    try OpenAPIContractCopy.attach(contract, to: &collection, collectionPath: target)
                }
            } catch {
                return .failure(ImportFailure(message: error.description))
            }
            do {
                document = CollectionDocument(path: target, collection: collection, fingerprint: .missing)
                try CollectionStore.save(&document, secrets: secrets)
            } catch {
                return .failure(ImportFailure(message: error.description))
            }
            let count = document.collection.requestCount
            message =
                "Imported \(count) request\(count == 1 ? "" : "s") into \((document.path as NSString).lastPathComponent)"
                + carriedNote
        }
        document.diagnostics = imported.report.items.map { item in
            Diagnostic(
                severity: .warning, file: item.location.file, line: item.location.line ?? 1,
                column: item.location.column ?? 1, path: item.location.path ?? "",
                message: "not carried: \(item.what)" + (item.kept.map { " (\($0))" } ?? ""))
        }
        return .success((document, message, updated: isUpdate))
    }

    /// The collection file in `folder` that `collection` (imported from `origin`) updates, if any.
    private nonisolated static func importedBefore(
        _ collection: RequestCollection, from origin: String, in folder: String
    ) -> CollectionDocument? {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        let documents = names.filter { $0.hasSuffix(".json") }.compactMap {
            CollectionStore.load(path: (folder as NSString).appendingPathComponent($0)).document
        }
        return ImportUpdate.target(for: collection, from: origin, among: documents.map(\.collection)).map {
            documents[$0]
        }
    }
}
