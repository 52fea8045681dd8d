import Foundation
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

    @Test func entriesRoundTripThroughJSONLines() throws {
        let folder = try TemporaryFolder()
        let store = HistoryStore(folder: folder.path)
        try store.append(entry(1), collectionID: "c1", redactor: .none)
        try store.append(entry(2), collectionID: "c1", redactor: .none)
        try store.append(entry(3), collectionID: "other", redactor: .none)
        #expect(try store.entries(collectionID: "c1") == [entry(1), entry(2)])
        let lines = try folder.read("c1.jsonl").split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("{\"id\":"))
        #expect(lines[0].contains("\"time\":\"2023-11-14T22:13:21.000Z\""))
    }

    @Test func historyIsCappedByCountAndBytes() throws {
        let folder = try TemporaryFolder()
        let byCount = HistoryStore(folder: folder.path, maximumEntries: 3)
        for index in 0..<10 { try byCount.append(entry(index), collectionID: "c", redactor: .none) }
        #expect(try byCount.entries(collectionID: "c").map(\.requestID) == ["req-7", "req-8", "req-9"])

        let byBytes = HistoryStore(folder: folder.path, maximumBytes: 2_000)
        for index in 0..<50 { try byBytes.append(entry(index), collectionID: "b", redactor: .none) }
        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: byBytes.path(collectionID: "b"))[.size] as? NSNumber)
        #expect(size.intValue <= 2_000)
        #expect(try byBytes.entries(collectionID: "b").last?.requestID == "req-49")
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
        let text = try folder.read("c.jsonl")
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

    @Test func aTornLastLineIsSkipped() throws {
        let folder = try TemporaryFolder()
        let store = HistoryStore(folder: folder.path)
        try store.append(entry(1), collectionID: "c", redactor: .none)
        let handle = try #require(FileHandle(forWritingAtPath: store.path(collectionID: "c")))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"id\":\"half".utf8))
        try handle.close()
        #expect(try store.entries(collectionID: "c") == [entry(1)])
    }
}
