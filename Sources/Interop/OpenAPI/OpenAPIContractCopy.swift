import Foundation
package import RegularFiles
package import Workspace

/// The contract an OpenAPI import leaves beside its collection: the document as OpenAPI 3 JSON in
/// `contracts/NAME.openapi.json` next to `NAME.json` (a folder of its own: every `*.json` directly
/// in a collections folder is read as a collection), named by the collection's `contract`, so
/// every response can be checked against it (issue 27) without the original file or URL.
package enum OpenAPIContractCopy {
    /// `contracts/petstore.openapi.json` for `Collections/petstore.json`.
    package static func fileName(for collectionPath: String) -> String {
        let name = (collectionPath as NSString).lastPathComponent
        let stem = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
        return "contracts/" + stem + ".openapi.json"
    }

    /// Writes `document` beside the collection file at `collectionPath` and makes it the
    /// collection's contract, unless the collection already names another document (the user's
    /// choice stays; the copy is still refreshed when it is the one named).
    package static func attach(
        _ document: [UInt8], to collection: inout RequestCollection, collectionPath: String
    ) throws(FileSystemError) {
        let name = fileName(for: collectionPath)
        if let existing = collection.contract, existing.document != name { return }
        let folder = (collectionPath as NSString).deletingLastPathComponent
        let path = folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try AtomicFile.write(document, to: path, keepBackup: false)
        if collection.contract == nil { collection.contract = CollectionContract(document: name) }
    }
}
