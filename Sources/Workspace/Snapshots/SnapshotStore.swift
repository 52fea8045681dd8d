import Foundation
import RegularFiles

/// Where a collection's snapshots live and how they are read and written: one file per request,
/// `<collection>.snapshots/<request-id>.json` beside `<collection>.json`, written atomically
/// (`AtomicFile`) like the collection itself, so it is reviewed and committed with it.
package struct SnapshotStore: Sendable {
    /// What writing a snapshot did.
    package enum WriteOutcome: String, Sendable, Equatable {
        case created, updated, unchanged
    }

    /// Snapshot files are small; a larger one is refused rather than read.
    static let sizeLimit = 256 << 20

    /// The folder of the snapshots: the collection file's name with `.snapshots` for `.json`.
    package let folder: String

    package init(collectionFile: String) {
        let url = URL(fileURLWithPath: collectionFile)
        let name =
            url.lastPathComponent.hasSuffix(".json")
            ? String(url.lastPathComponent.dropLast(5)) : url.lastPathComponent
        let parent = collectionFile.contains("/") ? url.deletingLastPathComponent().relativePath : "."
        folder = (parent == "." ? "" : parent + "/") + name + ".snapshots"
    }

    /// The file of one request. An id is used as the name when it is a plain one (letters, digits,
    /// `-`, `_`, `.`, not starting with `.`); any other byte is written `%XX`, so no id can name a
    /// path outside the folder.
    package func path(requestID: String) -> String {
        var name = ""
        for (index, byte) in requestID.utf8.enumerated() {
            let plain =
                (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x2D
                || byte == 0x5F || (byte == 0x2E && index > 0)
            name += plain ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
        }
        return folder + "/" + (name.isEmpty ? "%" : name) + ".json"
    }

    /// The stored snapshot of a request, its body made canonical under `options`; nil when there
    /// is none yet.
    package func read(requestID: String, options: SnapshotOptions = SnapshotOptions()) throws(SnapshotError)
        -> Snapshot?
    {
        let path = path(requestID: requestID)
        let bytes: [UInt8]?
        do throws(FileSystemError) {
            bytes = try RegularFile.read(path, limit: Self.sizeLimit)
        } catch {
            throw SnapshotError(error.description)
        }
        guard let bytes else { return nil }
        do throws(SnapshotError) {
            return try Snapshot(fileBytes: bytes, options: options)
        } catch {
            throw SnapshotError("\(path): \(error.message)")
        }
    }

    /// Writes `snapshot` as its request's file (making the folder), unless the file already holds
    /// exactly that text.
    @discardableResult
    package func write(_ snapshot: Snapshot) throws(SnapshotError) -> WriteOutcome {
        let path = path(requestID: snapshot.requestID)
        let text = snapshot.fileBytes
        let existing = try? RegularFile.read(path, limit: Self.sizeLimit)
        if let existing, existing == text { return .unchanged }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw SnapshotError("\(folder): cannot make the snapshots folder (\(error.localizedDescription))")
        }
        do throws(FileSystemError) {
            try AtomicFile.write(text, to: path, keepBackup: false)
        } catch {
            throw SnapshotError(error.description)
        }
        return existing == nil ? .created : .updated
    }
}
