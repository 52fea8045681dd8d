import Foundation
import Glibc
import StateStore

/// Imports what earlier versions kept in files: history as JSON Lines per collection and the
/// shared `drafts.json`. Each file is imported once (even by two processes starting together);
/// a line that does not parse (torn by a crash) is skipped, as it was when reading.
enum LegacyStateImport {
    static func importHistory(from folder: String, into database: StateDatabase) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names.sorted() where name.hasSuffix(".jsonl") {
            let path = folder + "/" + name
            let collectionID = String(name.dropLast(".jsonl".count)).removingPercentEncoding ?? String(name.dropLast(6))
            guard let bytes = try? AtomicFile.read(path) else { continue }
            let records = bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
                HistoryEntry(json: String(decoding: line, as: UTF8.self))?.record(collectionID: collectionID)
            }
            _ = try? database.importHistoryOnce(
                source: path, records: records, retention: HistoryRetention(maximumAge: nil),
                now: Date().timeIntervalSince1970)
        }
    }

    /// `drafts.json` held an array of collection-shaped objects, each with its edited requests;
    /// each request becomes one draft (a one-request collection object, as drafts are stored now).
    static func importDrafts(from path: String, into database: StateDatabase) {
        guard let bytes = try? AtomicFile.read(path), let root = try? SourceNode.parse(bytes).stored,
            case .array(let collections) = root
        else { return }
        var drafts: [StoredDraft] = []
        for collection in collections {
            guard case .object(let members) = collection, let id = collection["id"]?.stringValue,
                let index = members.firstIndex(where: { $0.key == "requests" }),
                case .array(let requests) = members[index].value
            else { continue }
            for request in requests {
                guard let requestID = request["id"]?.stringValue else { continue }
                var single = members
                single[index].value = .array([request])
                if !single.contains(where: { $0.key == "formatVersion" }) {
                    single.insert(StoredJSON.Member("formatVersion", .number("1")), at: 0)
                }
                drafts.append(
                    StoredDraft(
                        collectionID: id, requestID: requestID,
                        json: DraftSecrets.withhold(inCollection: .object(single)).prettyPrinted()))
            }
        }
        // The file held credentials in clear: once its drafts are in the store (credentials
        // withheld), it goes.
        if (try? database.importDraftsOnce(source: path, drafts: drafts, now: Date().timeIntervalSince1970)) != nil {
            unlink(path)
        }
    }
}
