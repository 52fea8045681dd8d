import Foundation
import Glibc
package import RegularFiles

/// Per-collection history as JSON Lines under `$XDG_STATE_HOME/lazer/history/<collection id>.jsonl`.
///
/// Keyed by the collection's stable id, so renaming or moving the collection file keeps its
/// history. Entries are appended one line per exchange; when the file passes `maximumEntries` or
/// `maximumBytes`, the oldest entries are dropped (rewritten atomically). A line torn by a crash
/// is skipped when reading.
package struct HistoryStore: Sendable {
    package var folder: String
    package var maximumEntries: Int
    package var maximumBytes: Int
    /// Bodies longer than this are cut and marked `truncated`.
    package var maximumBodyBytes: Int

    package init(
        folder: String, maximumEntries: Int = 500, maximumBytes: Int = 5_000_000, maximumBodyBytes: Int = 65_536
    ) {
        self.folder = folder
        self.maximumEntries = maximumEntries
        self.maximumBytes = maximumBytes
        self.maximumBodyBytes = maximumBodyBytes
    }

    package init(directories: UserDirectories) {
        self.init(folder: directories.state + "/history")
    }

    package func path(collectionID: String) -> String {
        folder + "/" + PercentEncoding.encodeSegment(collectionID) + ".jsonl"
    }

    /// Records an exchange. `redactor` masks secrets (again: defence in depth for entries built by hand).
    package func append(_ entry: HistoryEntry, collectionID: String, redactor: Redactor) throws(FileSystemError) {
        let line = entry.redacted(with: redactor).stored.compact() + "\n"
        let file = path(collectionID: collectionID)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw FileSystemError(operation: "create", path: folder, reason: error.localizedDescription)
        }
        let existing = try AtomicFile.read(file) ?? []
        let lineCount = existing.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        if lineCount + 1 <= maximumEntries, existing.count + line.utf8.count <= maximumBytes {
            try appendLine(Array(line.utf8), to: file)
            return
        }
        // Over a limit: keep the newest lines that fit, then the new one.
        var kept: [Substring] = []
        var bytes = line.utf8.count
        let lines = String(decoding: existing, as: UTF8.self).split(separator: "\n")
        for old in lines.reversed() {
            guard kept.count + 1 < maximumEntries, bytes + old.utf8.count + 1 <= maximumBytes else { break }
            kept.append(old)
            bytes += old.utf8.count + 1
        }
        let text = kept.reversed().map { $0 + "\n" }.joined() + line
        try AtomicFile.write(Array(text.utf8), to: file, permissions: 0o600, keepBackup: false)
    }

    /// Builds the stored body for `bytes`, truncated to `maximumBodyBytes` and redacted.
    package func body(_ bytes: [UInt8], redactor: Redactor) -> HistoryBody {
        HistoryBody(bytes: bytes, limit: maximumBodyBytes, redactor: redactor)
    }

    /// All entries, oldest first.
    package func entries(collectionID: String) throws(FileSystemError) -> [HistoryEntry] {
        guard let bytes = try AtomicFile.read(path(collectionID: collectionID)) else { return [] }
        return bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
            (try? SourceNode.parse(Array(line))).flatMap { HistoryEntry(stored: $0.stored) }
        }
    }

    package func clear(collectionID: String) {
        unlink(path(collectionID: collectionID))
    }

    private func appendLine(_ bytes: [UInt8], to file: String) throws(FileSystemError) {
        let descriptor = open(file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw FileSystemError.system("open", path: file)
        }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes {
                Glibc.write(descriptor, $0.baseAddress.map { $0 + written }, bytes.count - written)
            }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else {
                throw FileSystemError.system("append to", path: file)
            }
            written += result
        }
    }
}
