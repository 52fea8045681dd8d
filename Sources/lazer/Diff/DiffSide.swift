import Foundation
import JSONTree
import RegularFiles
import StateStore
import Workspace

/// One side of a diff: its bytes, the name the output shows for it, and notes worth a line
/// above the diff (a different status, a cut body). A file of a megabyte or more is mapped, not
/// read (`RegularFile.load`): two 40 MB bodies are compared holding their indexes and a window
/// of each, not both bodies.
struct DiffSide {
    var name: String
    var bytes: JSONBytes
    var notes: [String] = []
    /// The mapped file the bytes are borrowed from, to check it did not change under the diff.
    var file: MappedFile?

    init(name: String, bytes: [UInt8], notes: [String] = []) {
        self.name = name
        self.bytes = JSONBytes(bytes)
        self.notes = notes
    }

    init(name: String, contents: RegularFileContents) {
        self.name = name
        self.bytes = JSONBytes(contents)
        if case .mapped(let file) = contents { self.file = file }
    }

    /// Throws when a mapped file was truncated or rewritten while it was read: what was read
    /// from it cannot be trusted (a read past a truncated end gave quotes, not a crash).
    func checkUnchanged() throws(DiffSourceError) {
        do {
            try file?.check()
        } catch {
            throw DiffSourceError(message: "\(name): \(error.reason)")
        }
    }

    /// A JSON file (`-`: stdin), or else the history entry with that id.
    static func load(_ source: String) throws(DiffSourceError) -> DiffSide {
        if source == "-" {
            do {
                return DiffSide(name: "(stdin)", bytes: try FileBytes.read(nil))
            } catch {
                throw DiffSourceError(message: "stdin: \(error.description)")
            }
        }
        let contents: RegularFileContents?
        do {
            contents = try RegularFile.load(source, limit: FileBytes.limit)
        } catch {
            throw DiffSourceError(message: "\(source): \(error.reason)")
        }
        if let contents { return DiffSide(name: source, contents: contents) }
        if let entry = try historyEntry(source) { return try DiffSide(history: entry) }
        throw DiffSourceError(
            message: "\(source): \(RegularFile.notFoundReason(source)), and no history entry has that id")
    }

    /// The entry with that id in any collection's history; nil when there is none.
    private static func historyEntry(_ id: String) throws(DiffSourceError) -> HistoryEntry? {
        guard !id.isEmpty, !id.contains("/") else { return nil }
        let environment = ProcessInfo.processInfo.environment
        let store = HistoryStore(
            directories: UserDirectories(environment: environment), processEnvironment: environment)
        do {
            guard let summary = try store.browse("", collectionIDs: nil, limit: 1_000_000).first(where: { $0.id == id })
            else { return nil }
            return try store.entry(collectionID: summary.collectionID, id: id)
        } catch {
            throw DiffSourceError(message: "history: \(error.description)")
        }
    }
}

extension DiffSide {
    /// The recorded response body of a history entry; an entry without one, or whose body was
    /// cut to the history limit, cannot be compared.
    init(history entry: HistoryEntry) throws(DiffSourceError) {
        let status = entry.status.map(String.init) ?? "no response"
        let name = "\(entry.id) (\(entry.method) \(entry.url) · \(status))"
        guard let body = entry.responseBody else {
            throw DiffSourceError(
                message: "history entry \(entry.id) has no response body" + (entry.error.map { ": \($0)" } ?? ""))
        }
        guard body.encoding == .utf8 else {
            throw DiffSourceError(message: "history entry \(entry.id): the response body is binary, not JSON")
        }
        guard !body.truncated else {
            throw DiffSourceError(
                message: "history entry \(entry.id): only the first \(body.text.utf8.count) of \(body.size) bytes of "
                    + "the body were kept (LAZER_HISTORY_MAX_BYTES), so it cannot be compared")
        }
        self.init(name: name, bytes: Array(body.text.utf8))
    }
}
