import AnnotatedLocks
import Foundation
import JSONTree

/// Contract documents by path (relative to the collection file, absolute, `~/`), read once per
/// change of the file (size and modification time), and by URL (fetched once: `+Remote`).
extension ResponseContracts {
    /// The contract document at `path` (relative to the collection file), read once per change.
    package func document(_ path: String, collectionPath: String?) -> Result<ContractDocument, ContractDocumentError> {
        if ContractSources.isURL(path) { return remoteDocument(path) }
        let absolute = ContractFiles.absolute(path, besides: collectionPath)
        var status = stat()
        let stamp =
            stat(absolute, &status) == 0
            ? "\(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)" : "missing"
        if let cached = cache.withLock(ownedBy: self, { $0.documents[absolute] }), cached.stamp == stamp {
            return cached.result
        }
        let result: Result<ContractDocument, ContractDocumentError>
        do throws(ContractDocumentError) {
            let json =
                ContractSources.isYAML(path)
                ? try ContractFiles.readYAML(absolute, shownAs: path, reader: sources.yaml)
                : try ContractFiles.readJSON(absolute, shownAs: path)
            result = .success(try ContractDocument(document: json, uri: ContractFiles.uri(absolute), name: path))
        } catch {
            result = .failure(error)
        }
        cache.withLock(ownedBy: self) { cache in
            cache.documents[absolute] = (stamp, result)
            // Schemas compiled from the file's previous contents must not be used again.
            let prefix = ContractFiles.uri(absolute) + "#"
            cache.schemas = cache.schemas.filter { !$0.key.hasPrefix(prefix) }
        }
        return result
    }

    /// A document kept by address (a URL's, fetched once).
    func cachedDocument(_ address: String) -> Result<ContractDocument, ContractDocumentError>? {
        cache.withLock(ownedBy: self) { $0.documents[address]?.result }
    }

    func storeDocument(_ address: String, _ result: Result<ContractDocument, ContractDocumentError>) {
        cache.withLock(ownedBy: self) { $0.documents[address] = ("url", result) }
    }
}
