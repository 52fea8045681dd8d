import Foundation
import StateStore
import Testing

/// The history browser's queries: summaries across collections newest first, filtered by words,
/// status classes and time ranges; one entry by id; counting and clearing.
@Suite struct StateHistoryBrowseTests {
    static func record(
        _ index: Int, collection: String = "c", status: String = "200", url: String? = nil, time: Double? = nil
    ) -> HistoryRecord {
        HistoryRecord(
            id: "e\(index)", collectionID: collection, requestID: "r\(index)",
            time: time ?? 1_700_000_000 + Double(index), json: "{\"n\":\(index),\"durationMilliseconds\":\(index)}",
            search: HistorySearchText(
                requestName: "Entry \(index)", method: index % 2 == 0 ? "GET" : "POST",
                url: url ?? "http://h/users/\(index)", status: status))
    }

    @Test func summariesComeNewestFirstAcrossTheCollectionsAsked() throws {
        let folder = try TemporaryFolder()
        let store = StateDatabase(path: folder.file("state.sqlite"))
        try store.appendHistory(Self.record(1), retention: HistoryRetention())
        try store.appendHistory(Self.record(2, collection: "d"), retention: HistoryRetention())
        try store.appendHistory(Self.record(3, collection: "closed"), retention: HistoryRetention())
        let rows = try store.historySummaries(collectionIDs: ["c", "d"])
        #expect(rows.map(\.id) == ["e2", "e1"])
        #expect(rows.first?.method == "GET" && rows.first?.url == "http://h/users/2" && rows.first?.status == "200")
        #expect(rows.first?.requestName == "Entry 2" && rows.first?.durationMilliseconds == 2)
        #expect(try store.historySummaries(collectionIDs: nil).count == 3)
        #expect(try store.historySummaries(collectionIDs: []).isEmpty)
    }

    @Test func filtersByWordsStatusClassAndTime() throws {
        let folder = try TemporaryFolder()
        let store = StateDatabase(path: folder.file("state.sqlite"))
        let keep = HistoryRetention(maximumAge: nil)
        try store.appendHistory(Self.record(1, status: "404", url: "http://h/orders/1"), retention: keep)
        try store.appendHistory(Self.record(2, status: "503", time: 1_000), retention: keep)
        try store.appendHistory(Self.record(3, status: "200"), retention: keep)
        func ids(_ filter: HistoryFilter) throws -> [String] {
            try store.historySummaries(collectionIDs: ["c"], filter: filter).map(\.id)
        }
        #expect(try ids(HistoryFilter(words: ["ord"])) == ["e1"])
        #expect(try ids(HistoryFilter(words: ["404"])) == ["e1"])
        #expect(try ids(HistoryFilter(statusPrefixes: ["5"])) == ["e2"])
        #expect(try ids(HistoryFilter(statusPrefixes: ["2"])) == ["e3"])
        #expect(try ids(HistoryFilter(words: ["users"], statusPrefixes: ["5"])) == ["e2"])
        #expect(try ids(HistoryFilter(timeRanges: [0..<2_000])) == ["e2"])
        #expect(try ids(HistoryFilter(words: ["\"(zz"])).isEmpty)
    }

    @Test func oneEntryCountsAndClearing() throws {
        let folder = try TemporaryFolder()
        let store = StateDatabase(path: folder.file("state.sqlite"))
        for index in 0..<3 { try store.appendHistory(Self.record(index), retention: HistoryRetention()) }
        try store.appendHistory(Self.record(9, collection: "d"), retention: HistoryRetention())
        #expect(try store.historyEntry(collectionID: "c", id: "e1") == "{\"n\":1,\"durationMilliseconds\":1}")
        #expect(try store.historyEntry(collectionID: "d", id: "e1") == nil)
        #expect(try store.historyCount(collectionIDs: ["c"]) == 3)
        #expect(try store.historyCount(collectionIDs: nil) == 4)
        #expect(try store.clearHistory(collectionIDs: ["c"]) == 3)
        #expect(try store.historyCount(collectionIDs: nil) == 1)
        // Search rows of cleared entries go with them.
        #expect(try store.historySummaries(collectionIDs: nil, filter: HistoryFilter(words: ["users"])).count == 1)
        #expect(try store.clearHistory(collectionIDs: nil) == 1)
        #expect(try store.historyCount(collectionIDs: nil) == 0)
    }

    @Test func tenThousandRowsComeBackWhole() throws {
        let folder = try TemporaryFolder()
        let store = StateDatabase(path: folder.file("state.sqlite"))
        let retention = HistoryRetention(maximumEntries: 20_000, maximumAge: nil, maximumBytes: 100_000_000)
        _ = try store.importHistoryOnce(
            source: "bulk", records: (0..<10_000).map { Self.record($0) }, retention: retention, now: 1_700_010_000)
        let rows = try store.historySummaries(collectionIDs: ["c"])
        #expect(rows.count == 10_000)
        #expect(rows.first?.id == "e9999" && rows.last?.id == "e0")
        #expect(try store.historySummaries(collectionIDs: ["c"], limit: 50).count == 50)
    }
}
