import Foundation
import StateStore
import Testing

/// History in the state store: retention by count, age and size, search, one-time import.
@Suite struct StateHistoryTests {
    static func record(_ index: Int, collection: String = "c", time: Double? = nil, url: String? = nil) -> HistoryRecord
    {
        HistoryRecord(
            id: "e\(index)", collectionID: collection, requestID: "r", time: time ?? 1_700_000_000 + Double(index),
            json: "{\"n\":\(index)}",
            search: HistorySearchText(
                requestName: "Entry \(index)", method: "GET", url: url ?? "http://h/users/\(index)", status: "200"))
    }

    @Test func entriesComeBackOldestFirstPerCollection() throws {
        let folder = try TemporaryFolder()
        let store = StateDatabase(path: folder.file("state.sqlite"))
        for index in 0..<3 { try store.appendHistory(Self.record(index), retention: HistoryRetention()) }
        try store.appendHistory(Self.record(9, collection: "other"), retention: HistoryRetention())
        #expect(try store.history(collectionID: "c") == ["{\"n\":0}", "{\"n\":1}", "{\"n\":2}"])
        #expect(try store.history(collectionID: "other", requestID: "r") == ["{\"n\":9}"])
        #expect(try store.history(collectionID: "c", requestID: "nobody").isEmpty)
    }

    @Test func retentionKeepsTheNewestByCountAgeAndSize() throws {
        let folder = try TemporaryFolder()
        let store = StateDatabase(path: folder.file("state.sqlite"))
        let byCount = HistoryRetention(maximumEntries: 3, maximumAge: nil)
        for index in 0..<10 { try store.appendHistory(Self.record(index), retention: byCount) }
        #expect(try store.history(collectionID: "c") == ["{\"n\":7}", "{\"n\":8}", "{\"n\":9}"])

        let byAge = HistoryRetention(maximumEntries: 100, maximumAge: 60)
        try store.appendHistory(Self.record(20, collection: "aged", time: 1_000), retention: byAge)
        try store.appendHistory(Self.record(21, collection: "aged", time: 1_030), retention: byAge)
        try store.appendHistory(Self.record(22, collection: "aged", time: 1_070), retention: byAge)
        #expect(try store.history(collectionID: "aged") == ["{\"n\":21}", "{\"n\":22}"])

        // Each entry is 8 bytes: 20 bytes keep two; the newest stays even when alone it is too big.
        let bySize = HistoryRetention(maximumEntries: 100, maximumAge: nil, maximumBytes: 20)
        for index in 30..<35 { try store.appendHistory(Self.record(index, collection: "sized"), retention: bySize) }
        #expect(try store.history(collectionID: "sized") == ["{\"n\":33}", "{\"n\":34}"])
        let tiny = HistoryRetention(maximumEntries: 100, maximumAge: nil, maximumBytes: 1)
        try store.appendHistory(Self.record(40, collection: "sized"), retention: tiny)
        #expect(try store.history(collectionID: "sized") == ["{\"n\":40}"])
    }

    @Test func searchFindsEveryWordAsAPrefixNewestFirst() throws {
        let folder = try TemporaryFolder()
        let store = StateDatabase(path: folder.file("state.sqlite"))
        try store.appendHistory(Self.record(1, url: "http://h/users/1"), retention: HistoryRetention())
        try store.appendHistory(Self.record(2, url: "http://h/posts/2"), retention: HistoryRetention())
        try store.appendHistory(
            Self.record(3, collection: "other", url: "http://h/users/3"), retention: HistoryRetention())
        #expect(try store.searchHistory("users").map(\.json) == ["{\"n\":3}", "{\"n\":1}"])
        #expect(try store.searchHistory("use GET", collectionID: "c").map(\.json) == ["{\"n\":1}"])
        #expect(try store.searchHistory("posts").map(\.collectionID) == ["c"])
        // FTS5 syntax typed by a user is plain text, never a query error.
        #expect(try store.searchHistory("\"users OR -posts:(").isEmpty)
        #expect(try store.searchHistory("   ").isEmpty)
        // Entries dropped by retention leave the index too.
        try store.appendHistory(Self.record(4, url: "http://h/x"), retention: HistoryRetention(maximumEntries: 1))
        #expect(try store.searchHistory("users", collectionID: "c").isEmpty)
    }

    @Test func anImportRunsOnceEvenFromTwoStores() throws {
        let folder = try TemporaryFolder()
        let first = StateDatabase(path: folder.file("state.sqlite"))
        let second = StateDatabase(path: folder.file("state.sqlite"))
        let records = (0..<3).map { Self.record($0) }
        #expect(try first.importHistoryOnce(source: "/old/c.jsonl", records: records, retention: .init(), now: 0))
        #expect(try !second.importHistoryOnce(source: "/old/c.jsonl", records: records, retention: .init(), now: 0))
        #expect(try second.history(collectionID: "c").count == 3)
    }

    @Test func theFileIsPrivateAndInWALMode() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("deeper/state.sqlite")
        let store = StateDatabase(path: path)
        try store.appendHistory(Self.record(1), retention: HistoryRetention())
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode & 0o077 == 0)
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
    }
}
