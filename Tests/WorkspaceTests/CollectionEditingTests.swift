import HTTPCore
import Testing
import Workspace

/// Structural edits the explorer makes: each changes exactly its target and refuses what would
/// make the collection ambiguous.
@Suite struct CollectionEditingTests {
    private func collection() -> RequestCollection {
        RequestCollection(
            id: "c", name: "C",
            folders: [
                Folder(
                    name: "Posts",
                    folders: [Folder(name: "Drafts", requests: [SavedRequest(id: "d1", name: "D", url: "/d")])],
                    requests: [
                        SavedRequest(id: "p1", name: "P1", url: "/1"), SavedRequest(id: "p2", name: "P2", url: "/2"),
                    ])
            ],
            requests: [SavedRequest(id: "t1", name: "Top", url: "/t")])
    }

    @Test func requestsAreFoundByIdAtAnyDepth() {
        let collection = collection()
        #expect(collection.request(id: "d1")?.name == "D")
        #expect(collection.request(id: "t1")?.name == "Top")
        #expect(collection.request(id: "missing") == nil)
        #expect(collection.folderPath(ofRequest: "d1") == ["Posts", "Drafts"])
        #expect(collection.folder(at: ["Posts", "Drafts"])?.requests.map(\.id) == ["d1"])
    }

    @Test func addingRequestsAndFolders() {
        var collection = collection()
        var changed = collection.addRequest(
            SavedRequest(id: "n", name: "New", url: "/n"), inFolder: ["Posts", "Drafts"])
        #expect(changed)
        #expect(collection.folder(at: ["Posts", "Drafts"])?.requests.map(\.id) == ["d1", "n"])
        changed = collection.addFolder(named: "Archive", inFolder: ["Posts"])
        #expect(changed)
        changed = collection.addFolder(named: "Archive", inFolder: ["Posts"])
        #expect(!changed, "a second folder of the same name")
        changed = collection.addRequest(SavedRequest(id: "x", name: "X", url: "/"), inFolder: ["Nope"])
        #expect(!changed)
        #expect(collection.request(id: "x") == nil)
    }

    @Test func renamingAFolderKeepsItsContentsAndRefusesATakenName() {
        var collection = collection()
        _ = collection.addFolder(named: "Other", inFolder: ["Posts"])
        var changed = collection.renameFolder(at: ["Posts", "Drafts"], to: "Other")
        #expect(!changed)
        changed = collection.renameFolder(at: ["Posts", "Drafts"], to: "Work")
        #expect(changed)
        #expect(collection.folder(at: ["Posts", "Work"])?.requests.map(\.id) == ["d1"])
        #expect(collection.folder(at: ["Posts", "Drafts"]) == nil)
    }

    @Test func duplicatingAFolderRenumbersEveryRequestInIt() {
        var collection = collection()
        var next = 0
        let ids = collection.duplicateFolder(at: ["Posts"], name: "Posts copy") {
            next += 1
            return "new\(next)"
        }
        #expect(ids == ["p1": "new1", "p2": "new2", "d1": "new3"])
        #expect(collection.folders.map(\.name) == ["Posts", "Posts copy"])
        #expect(collection.folder(at: ["Posts copy"])?.requests.map(\.id) == ["new1", "new2"])
        #expect(collection.folder(at: ["Posts copy", "Drafts"])?.requests.map(\.url) == ["/d"])
        #expect(collection.folder(at: ["Posts"])?.requests.map(\.id) == ["p1", "p2"])
        // A name a sibling has, or no such folder: nothing changes.
        let before = collection
        #expect(collection.duplicateFolder(at: ["Posts"], name: "Posts copy") { "x" } == nil)
        #expect(collection.duplicateFolder(at: ["Nope"], name: "Nope copy") { "x" } == nil)
        #expect(collection == before)
    }

    @Test func removingDuplicatingAndMoving() {
        var collection = collection()
        var changed = collection.duplicateRequest(id: "p1", newID: "p1b", name: "P1 copy")
        #expect(changed)
        #expect(collection.folder(at: ["Posts"])?.requests.map(\.id) == ["p1", "p1b", "p2"])
        #expect(collection.request(id: "p1b")?.url == "/1")
        changed = collection.moveRequest(id: "p2", by: -1)
        #expect(changed)
        #expect(collection.folder(at: ["Posts"])?.requests.map(\.id) == ["p1", "p2", "p1b"])
        changed = collection.moveRequest(id: "p1", by: -1)
        #expect(!changed, "already first")
        changed = collection.removeRequest(id: "p1b")
        #expect(changed)
        #expect(collection.request(id: "p1b") == nil)
        changed = collection.removeFolder(at: ["Posts", "Drafts"])
        #expect(changed)
        #expect(collection.request(id: "d1") == nil)
        _ = collection.addFolder(named: "B", inFolder: [])
        changed = collection.moveFolder(at: ["B"], by: -1)
        #expect(changed)
        #expect(collection.folders.map(\.name) == ["B", "Posts"])
    }

    @Test func textParsesIntoStoredJSONKeepingOrderAndNumberText() throws {
        let json = try StoredJSON(parsing: #"{"b": 1.50, "a": [true, null, "x"], "n": 12345678901234567890}"#)
        #expect(json.compact() == #"{"b":1.50,"a":[true,null,"x"],"n":12345678901234567890}"#)
        #expect(throws: (any Error).self) { try StoredJSON(parsing: "{\"a\": }") }
    }

    @Test func proxyAndHTTPVersionOptionsRoundTripAndReachTheRequest() throws {
        var collection = collection()
        collection.updateRequest(id: "p1") {
            $0.options.proxy = "socks5h://{{proxyHost}}:1080"
            $0.options.httpVersion = .http2
        }
        collection.variables = [Variable(name: "proxyHost", value: "127.0.0.1")]
        let text = collection.fileText()
        #expect(text.contains(#""proxy": "socks5h://{{proxyHost}}:1080""#))
        #expect(text.contains(#""httpVersion": "2""#))
        let loaded = try #require(CollectionLoader.load(Array(text.utf8), file: "c.json").collection)
        #expect(loaded == collection)
        let resolved = RequestResolver(scope: VariableScope(collection: loaded, environment: nil), baseFolder: "/")
            .resolve(try #require(loaded.request(id: "p1")))
        #expect(resolved.problems.isEmpty)
        #expect(resolved.request.options.proxy == "socks5h://127.0.0.1:1080")
        let request = try resolved.request.httpRequest(serverProvider: nil)
        #expect(request.options.proxy == "socks5h://127.0.0.1:1080")
        #expect(request.options.httpVersion == .http2)
    }

    @Test func movingIntoOtherFolders() {
        var collection = collection()
        var changed = collection.moveRequest(id: "t1", toFolder: ["Posts", "Drafts"])
        #expect(changed)
        #expect(collection.folderPath(ofRequest: "t1") == ["Posts", "Drafts"])
        changed = collection.moveRequest(id: "t1", toFolder: ["Missing"])
        #expect(!changed)
        #expect(collection.folderPath(ofRequest: "t1") == ["Posts", "Drafts"], "unchanged when refused")
        changed = collection.moveFolder(at: ["Posts", "Drafts"], toFolder: [])
        #expect(changed)
        #expect(collection.folder(at: ["Drafts"])?.requests.map(\.id) == ["d1", "t1"])
        changed = collection.moveFolder(at: ["Posts"], toFolder: ["Posts"])
        #expect(!changed, "not into itself")
        _ = collection.addFolder(named: "Inner", inFolder: ["Posts"])
        changed = collection.moveFolder(at: ["Posts"], toFolder: ["Posts", "Inner"])
        #expect(!changed, "not into its own subfolder")
    }
}
