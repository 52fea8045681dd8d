import Foundation
import StateStore
import Testing

/// Drafts per instance: two explorers never overwrite or delete each other's drafts; a left
/// instance's drafts are offered once, and settling the offer removes only what was offered.
@Suite struct DraftInstanceTests {
    static func draft(_ request: String, _ version: Int, collection: String = "c") -> StoredDraft {
        StoredDraft(collectionID: collection, requestID: request, json: "{\"v\":\(version)}")
    }

    /// An instance whose process is not running (a pid that cannot exist).
    static func gone(_ id: String) -> DraftInstance { DraftInstance(id: id, process: "2147483646:1") }

    @Test func twoInstancesKeepTheirOwnDrafts() throws {
        let folder = try TemporaryFolder()
        let store = StateDatabase(path: folder.file("state.sqlite"))
        let first = DraftInstance.current()
        let second = DraftInstance.current()
        try store.replaceDrafts(of: first, with: [Self.draft("a", 1), Self.draft("b", 1)], now: 1)
        try store.replaceDrafts(of: second, with: [Self.draft("a", 2)], now: 2)
        // The second one discards everything it has: the first one's stay.
        try store.replaceDrafts(of: second, with: [], now: 3)
        #expect(try store.allDrafts() == [first.id: [Self.draft("a", 1), Self.draft("b", 1)]])
        // A running instance's drafts are never offered to another.
        #expect(try store.claimLeftDrafts(for: second, now: 4).drafts.isEmpty)
    }

    @Test func aLeftInstancesDraftsAreOfferedOnceAndSettledAlone() throws {
        let folder = try TemporaryFolder()
        let store = StateDatabase(path: folder.file("state.sqlite"))
        let crashed = Self.gone("crashed")
        let running = DraftInstance.current()
        try store.replaceDrafts(of: crashed, with: [Self.draft("a", 1), Self.draft("b", 1)], now: 1)
        try store.replaceDrafts(of: running, with: [Self.draft("z", 1)], now: 1)

        let restarted = DraftInstance.current()
        let offer = try store.claimLeftDrafts(for: restarted, now: 2)
        #expect(offer.instances == ["crashed"])
        #expect(Set(offer.drafts) == [Self.draft("a", 1), Self.draft("b", 1)])
        // Claimed: a third instance starting now is not offered the same drafts.
        #expect(try store.claimLeftDrafts(for: DraftInstance.current(), now: 2).drafts.isEmpty)

        // Only "a" was offered (say "b"'s request is gone): discarding removes "a" alone.
        let offered = DraftOffer(instances: offer.instances, drafts: [Self.draft("a", 1)])
        try store.replaceDrafts(of: restarted, with: [], settling: offered, now: 3)
        #expect(try store.allDrafts() == ["crashed": [Self.draft("b", 1)], running.id: [Self.draft("z", 1)]])
    }

    @Test func restoringMovesTheDraftsToTheNewInstanceInOneWrite() throws {
        let folder = try TemporaryFolder()
        let store = StateDatabase(path: folder.file("state.sqlite"))
        try store.replaceDrafts(of: Self.gone("old"), with: [Self.draft("a", 1)], now: 1)
        let restarted = DraftInstance.current()
        let offer = try store.claimLeftDrafts(for: restarted, now: 2)
        try store.replaceDrafts(of: restarted, with: offer.drafts, settling: offer, now: 3)
        #expect(try store.allDrafts() == [restarted.id: [Self.draft("a", 1)]])
    }

    @Test func importedDraftsAreOfferedAsALeftInstance() throws {
        let folder = try TemporaryFolder()
        let store = StateDatabase(path: folder.file("state.sqlite"))
        #expect(try store.importDraftsOnce(source: "/old/drafts.json", drafts: [Self.draft("a", 1)], now: 1))
        #expect(try !store.importDraftsOnce(source: "/old/drafts.json", drafts: [Self.draft("a", 1)], now: 1))
        let offer = try store.claimLeftDrafts(for: DraftInstance.current(), now: 2)
        #expect(offer.drafts == [Self.draft("a", 1)])
    }

    @Test func capturesAreKeptPerEnvironmentWithoutSecretValues() throws {
        let folder = try TemporaryFolder()
        let store = StateDatabase(path: folder.file("state.sqlite"))
        try store.storeCaptures(
            [
                StoredCapture(name: "id", value: "7", secret: false),
                StoredCapture(name: "token", value: "s3cr3t", secret: true),
            ],
            collectionID: "c", environment: "local", now: 1)
        try store.storeCaptures(
            [StoredCapture(name: "id", value: "9", secret: false)], collectionID: "c", environment: "staging", now: 1)
        #expect(
            try store.captures(collectionID: "c", environment: "local") == [
                StoredCapture(name: "id", value: "7", secret: false),
                StoredCapture(name: "token", value: nil, secret: true),
            ])
        #expect(try store.captures(collectionID: "c", environment: "staging").map(\.value) == ["9"])
        let bytes =
            try Data(contentsOf: URL(fileURLWithPath: folder.file("state.sqlite")))
            + ((try? Data(contentsOf: URL(fileURLWithPath: folder.file("state.sqlite-wal")))) ?? Data())
        #expect(bytes.range(of: Data("s3cr3t".utf8)) == nil)
        try store.clearCaptures(collectionID: "c", environment: "local", names: ["id"])
        #expect(try store.captures(collectionID: "c", environment: "local").map(\.name) == ["token"])
        try store.clearCaptures(collectionID: "c", environment: "local")
        #expect(try store.captures(collectionID: "c", environment: "local").isEmpty)
    }
}
