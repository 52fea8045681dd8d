import Foundation
import StateStore
import Testing
import Workspace

@Suite struct HistoryTests {
    private func entry(_ index: Int, body: String = "{}") -> HistoryEntry {
        HistoryEntry(
            id: "entry-\(index)", date: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)),
            requestID: "req-\(index)", method: "GET",
            url: "http://h/\(index)", status: 200,
            responseBody: HistoryBody(bytes: Array(body.utf8), limit: 1_000, redactor: .none),
            durationMilliseconds: 12.5)
    }

    @Test func entriesRoundTripThroughTheStateStore() throws {
        let folder = try TemporaryFolder()
        let store = HistoryStore(folder: folder.path)
        try store.append(entry(1), collectionID: "c1", redactor: .none)
        try store.append(entry(2), collectionID: "c1", redactor: .none)
        try store.append(entry(3), collectionID: "other", redactor: .none)
        #expect(try store.entries(collectionID: "c1") == [entry(1), entry(2)])
        #expect(try store.entries(collectionID: "c1", requestID: "req-2") == [entry(2)])
        #expect(FileManager.default.fileExists(atPath: folder.path + "/state.sqlite"))
        #expect(try store.search("h/2").map(\.entry) == [entry(2)])
    }

    @Test func historyIsCappedByCountAndBytes() throws {
        let folder = try TemporaryFolder()
        let byCount = HistoryStore(folder: folder.path, maximumEntries: 3)
        for index in 0..<10 { try byCount.append(entry(index), collectionID: "c", redactor: .none) }
        #expect(try byCount.entries(collectionID: "c").map(\.requestID) == ["req-7", "req-8", "req-9"])

        let byBytes = HistoryStore(folder: folder.path, maximumBytes: 2_000)
        for index in 0..<50 { try byBytes.append(entry(index), collectionID: "b", redactor: .none) }
        let kept = try byBytes.entries(collectionID: "b")
        #expect(kept.count < 50 && kept.count > 1)
        #expect(kept.last?.requestID == "req-49")
    }

    @Test func largeBodiesAreTruncatedAndMarked() throws {
        let store = HistoryStore(folder: "/unused", maximumBodyBytes: 10)
        let body = store.body(Array("ééééééééééé".utf8), redactor: .none)
        #expect(body.truncated)
        #expect(body.size == 22)
        #expect(body.text == "ééééé")
        let binary = store.body([0xFF, 0xFE, 0x00, 0x01], redactor: .none)
        #expect(binary.encoding == .base64)
        #expect(!binary.truncated)
    }

    @Test func secretsAreRedactedInHistory() throws {
        let folder = try TemporaryFolder()
        let store = HistoryStore(folder: folder.path)
        let redactor = Redactor(secrets: ["tok-123456"])
        let entry = HistoryEntry(
            method: "POST", url: "http://h/x?key=tok-123456",
            requestHeaders: [.init("Authorization", "Basic YWJjOmRlZg=="), .init("X-Token", "tok-123456")],
            requestBody: store.body(Array(#"{"token":"tok-123456"}"#.utf8), redactor: redactor), status: 200,
            responseBody: store.body(Array("echo tok-123456".utf8), redactor: redactor))
        try store.append(entry, collectionID: "c", redactor: redactor)
        let text = try store.database.history(collectionID: "c").joined()
        #expect(!text.contains("tok-123456"))
        #expect(!text.contains("YWJjOmRlZg=="))
        let stored = try #require(try store.entries(collectionID: "c").first)
        #expect(stored.url == "http://h/x?key=••••••")
        #expect(stored.requestHeaders.map(\.value) == ["••••••", "••••••"])
        #expect(stored.responseBody?.text == "echo ••••••")
    }

    @Test func historySurvivesRenamingTheCollectionFile() throws {
        let folder = try TemporaryFolder()
        try folder.write(Fixtures.minimal, to: "x.json")
        let store = HistoryStore(folder: folder.path + "/state")
        let before = try #require(CollectionStore.load(path: folder.file("x.json")).document)
        try store.append(entry(1), collectionID: before.collection.id, redactor: .none)
        try FileManager.default.moveItem(atPath: folder.file("x.json"), toPath: folder.file("renamed.json"))
        let after = try #require(CollectionStore.load(path: folder.file("renamed.json")).document)
        #expect(try store.entries(collectionID: after.collection.id) == [entry(1)])
    }

    /// Earlier versions' JSON Lines files are imported on first start, once; a line torn by a
    /// crash is skipped.
    @Test func jsonLinesHistoryIsImportedOnceWithATornLineSkipped() throws {
        let folder = try TemporaryFolder()
        let lines = [1, 2].map { index in
            #"{"id":"old-\#(index)","time":"2023-11-14T22:13:2\#(index).000Z","requestId":"req-\#(index)","#
                + #""method":"GET","url":"http://h/\#(index)","status":200}"#
        }
        try folder.write(lines.joined(separator: "\n") + "\n{\"id\":\"half", to: "c%2Fd.jsonl")
        let store = HistoryStore(folder: folder.path)
        #expect(try store.entries(collectionID: "c/d").map(\.id) == ["old-1", "old-2"])
        #expect(try store.entries(collectionID: "c/d").map(\.url) == ["http://h/1", "http://h/2"])
        try store.append(entry(3), collectionID: "c/d", redactor: .none)
        // A second process (or the next start) does not import the file again.
        let again = HistoryStore(folder: folder.path)
        #expect(try again.entries(collectionID: "c/d").map(\.id) == ["old-1", "old-2", "entry-3"])
    }

    @Test func retentionIsReadFromTheEnvironment() {
        let retention = HistoryRetention(processEnvironment: [
            "LAZER_HISTORY_MAX_ENTRIES": "20", "LAZER_HISTORY_MAX_DAYS": "0", "LAZER_HISTORY_MAX_BYTES": "x",
        ])
        #expect(retention.maximumEntries == 20)
        #expect(retention.maximumAge == nil)
        #expect(retention.maximumBytes == HistoryRetention().maximumBytes)
        #expect(HistoryRetention(processEnvironment: [:]) == HistoryRetention())
        #expect(HistoryRetention(processEnvironment: ["LAZER_HISTORY_MAX_DAYS": "7"]).maximumAge == Double(7 * 86_400))
    }
}
