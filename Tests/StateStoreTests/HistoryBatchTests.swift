import Foundation
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
