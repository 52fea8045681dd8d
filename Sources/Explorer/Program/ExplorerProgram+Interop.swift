import Foundation
import Futures
import Interop
import RegularFiles
import Workspace

/// The palette's "Import…": reads and converts the file on the work queue, writes a new
/// collection file beside the others (never over one), and reports what was not carried as the
/// new collection's warnings ("Collection problems").
extension ExplorerProgram {
    func importFile(_ path: String, into folder: String) {
        dependencies.work.schedule { [weak self] in
            let result = Self.importedDocument(path, into: folder)
            switch result {
            case .success(let (document, notCarried)):
                self?.deliver(.saved(collectionID: document.collection.id, .success(document)))
                let count = document.collection.allRequests.count
                var message =
                    "Imported \(count) request\(count == 1 ? "" : "s") into \((document.path as NSString).lastPathComponent)"
                if notCarried > 0 { message += "; \(notCarried) not carried (see Collection problems)" }
                self?.deliver(.notice(message, isError: false))
            case .failure(let failure):
                self?.deliver(.notice("Not imported: \(failure.message)", isError: true))
            }
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

    nonisolated static func importedDocument(_ path: String, into folder: String) -> Result<
        (CollectionDocument, Int), ImportFailure
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
        let imported: ImportResult
        do {
            imported = try Importer.importSource(source, options: ImportOptions(targetFolder: folder))
        } catch {
            return .failure(ImportFailure(message: error.description))
        }
        var collection = imported.collection
        let base = ExplorerReducer.fileName(for: collection.name)
        var target = (folder as NSString).appendingPathComponent(base)
        var number = 2
        while FileManager.default.fileExists(atPath: target) {
            target = (folder as NSString).appendingPathComponent(
                (base as NSString).deletingPathExtension + "-\(number).json")
            number += 1
        }
        // A collection id already in the workspace (the same file imported twice) gets a new one.
        collection.id = StableID.make(collection.id, target)
        var document: CollectionDocument
        do {
            document = try CollectionStore.create(collection, at: target)
        } catch {
            return .failure(ImportFailure(message: error.description))
        }
        document.diagnostics = imported.report.items.map { item in
            Diagnostic(
                severity: .warning, file: item.location.file, line: item.location.line ?? 1,
                column: item.location.column ?? 1, path: item.location.path ?? "",
                message: "not carried: \(item.what)" + (item.kept.map { " (\($0))" } ?? ""))
        }
        return .success((document, imported.report.items.count))
    }
}
