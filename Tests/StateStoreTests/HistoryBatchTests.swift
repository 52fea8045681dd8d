import Foundation
import GRDB
import StateStore
import Synchronization
import Testing

/// History written in batches (`lazer run`): a batch keeps exactly the entries appending them one
/// by one keeps, and the background writer loses, reorders and hides nothing once finished.
@Suite struct HistoryBatchTests {
    private typealias Generator = HistoryRetentionModelTests.Generator

    private static func record(_ index: Int, collection: String = "c", time: Double, pad: Int) -> HistoryRecord {
        HistoryRecord(
            id: "e\(index)", collectionID: collection, requestID: "r", time: time,
            json: "{\"n\":\(index),\"pad\":\"" + String(repeating: "x", count: pad) + "\"}",
            search: HistorySearchText(requestName: "E", method: "GET", url: "http://h/\(index)", status: "200"))
    }

    @Test(arguments: [
        HistoryRetention(maximumEntries: 5, maximumAge: nil, maximumBytes: 1_000_000),
        HistoryRetention(maximumEntries: 100, maximumAge: nil, maximumBytes: 120),
        HistoryRetention(maximumEntries: 100, maximumAge: 30, maximumBytes: 1_000_000),
        HistoryRetention(maximumEntries: 7, maximumAge: 40, maximumBytes: 150),
    ])
    func aBatchKeepsWhatAppendingOneByOneKeeps(_ retention: HistoryRetention) throws {
        let folder = try TemporaryFolder()
        let single = StateDatabase(path: folder.file("single.sqlite"))
        let batched = StateDatabase(path: folder.file("batched.sqlite"))
        var generator = Generator(state: 7)
        var time = 1_700_000_000.0
        var index = 0
        for _ in 0..<25 {
            // Batches of 1 to 8, two collections mixed, times that now and then go back.
            var batch: [HistoryRecord] = []
            for _ in 0...generator.next(8) {
                time += Double(generator.next(20)) - (generator.next(10) == 0 ? 60 : 0)
                let collection = generator.next(3) == 0 ? "d" : "c"
                batch.append(Self.record(index, collection: collection, time: time, pad: generator.next(40)))
                index += 1
            }
            for record in batch { try single.appendHistory(record, retention: retention) }
            try batched.appendHistory(batch, retention: retention)
            for collection in ["c", "d"] {
                #expect(try batched.history(collectionID: collection) == single.history(collectionID: collection))
            }
        }
        #expect(try !batched.history(collectionID: "c").isEmpty)
    }

    @Test func theWriterKeepsEveryRecordInTheOrderEachCallerAppendedIt() async throws {
        let folder = try TemporaryFolder()
        let database = StateDatabase(path: folder.file("state.sqlite"))
        let writer = HistoryBatchWriter(
            database: database, retention: HistoryRetention(maximumEntries: 10_000, maximumBytes: 100_000_000))
        await withTaskGroup(of: Void.self) { group in
            for caller in 0..<4 {
                group.addTask {
                    for index in 0..<150 {
                        writer.append(
                            Self.record(caller * 1_000 + index, collection: "c\(caller)", time: 1e9, pad: 0))
                    }
                }
            }
        }
        try writer.finish()
        for caller in 0..<4 {
            let entries = try database.history(collectionID: "c\(caller)")
            #expect(entries.count == 150)
            #expect(entries == (0..<150).map { "{\"n\":\(caller * 1_000 + $0),\"pad\":\"\"}" })
        }
        // Nothing appended since: finishing again writes nothing and fails nothing.
        try writer.finish()
    }

    @Test func aFailedWriteIsReportedByFinishOnceAndTheWriterGoesOn() throws {
        let folder = try TemporaryFolder()
        // A regular file where the state folder should be: every write fails.
        try Data().write(to: URL(fileURLWithPath: folder.file("state")))
        let database = StateDatabase(path: folder.file("state/lazer/state.sqlite"))
        let writer = HistoryBatchWriter(database: database, retention: HistoryRetention())
        writer.append(Self.record(1, time: 1e9, pad: 0))
        #expect(throws: StateStoreError.self) { try writer.finish() }
        try writer.finish()
        // Fixed while running: later records are written.
        try FileManager.default.removeItem(atPath: folder.file("state"))
        writer.append(Self.record(2, time: 1e9, pad: 0))
        try writer.finish()
        #expect(try database.history(collectionID: "c") == ["{\"n\":2,\"pad\":\"\"}"])
    }
}

/// A store an older Lazer left (schema v1, no size totals) gets its totals from the entries it
/// holds, and retention goes on from there as if it had always kept them.
@Suite struct HistoryTotalsMigrationTests {
    @Test func aVersion1StoreGetsItsTotalsAndRetentionCarriesOn() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("state.sqlite")
        // The v1 schema made by the store itself, then rows written as the v1 code wrote them.
        _ = try StateDatabase(path: path, schemaVersion: "v1").history(collectionID: "c")
        var records: [HistoryRecord] = []
        let queue = try DatabaseQueue(path: path)
        for index in 0..<30 {
            let record = HistoryRecord(
                id: "e\(index)", collectionID: index % 3 == 0 ? "d" : "c", requestID: "r", time: 1e9 + Double(index),
                json: "{\"n\":\(index),\"pad\":\"" + String(repeating: "x", count: index) + "\"}",
                search: HistorySearchText(requestName: "E", method: "GET", url: "http://h/\(index)", status: "200"))
            records.append(record)
            try queue.write { db in
                try db.execute(
                    sql:
                        "INSERT INTO history (id, collection_id, request_id, time, bytes, entry) VALUES (?, ?, ?, ?, ?, ?)",
                    arguments: [
                        record.id, record.collectionID, record.requestID, record.time, record.json.utf8.count,
                        record.json,
                    ])
            }
        }
        try queue.close()
        // Opened by this Lazer: a size limit now counts the entries written before.
        let current = StateDatabase(path: path)
        let sizes = records.filter { $0.collectionID == "c" }.map(\.json.utf8.count)
        let limit = sizes.suffix(5).reduce(0, +)
        let next = HistoryRecord(
            id: "e30", collectionID: "c", requestID: "r", time: 1e9 + 30, json: "{}",
            search: HistorySearchText(requestName: "E", method: "GET", url: "http://h/30", status: "200"))
        try current.appendHistory(
            next, retention: HistoryRetention(maximumEntries: 1_000, maximumAge: nil, maximumBytes: limit + 2))
        let kept = records.filter { $0.collectionID == "c" }.suffix(5).map(\.json) + ["{}"]
        #expect(try current.history(collectionID: "c") == Array(kept))
        #expect(try current.history(collectionID: "d").count == 10)
    }
}
