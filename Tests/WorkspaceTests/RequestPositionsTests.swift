import Testing
@testable import Workspace

/// `request(id:)` finds requests through a table its copies share: it answers for the collection
/// asked, never from a stale table — after a move, a deletion, an addition or a rename in a copy.
struct RequestPositionsTests {
    private func request(_ id: String, _ url: String = "/x") -> SavedRequest {
        SavedRequest(id: id, name: id.uppercased(), url: url)
    }

    private var collection: RequestCollection {
        RequestCollection(
            id: "c", name: "C",
            folders: [
                Folder(
                    name: "A", folders: [Folder(name: "Deep", requests: [request("deep")])],
                    requests: [request("a1"), request("a2")])
            ],
            requests: [request("top")])
    }

    @Test func findsRequestsAtEveryDepth() {
        let collection = collection
        for id in ["deep", "a1", "a2", "top"] { #expect(collection.request(id: id)?.id == id) }
        #expect(collection.request(id: "nowhere") == nil)
    }

    @Test func aChangedCopyIsAnsweredForItself() {
        let original = collection
        #expect(original.request(id: "a2") != nil)  // the shared table is made
        var changed = original
        // Moved: a2 goes to the top level; a1 renamed in place; top deleted; new added.
        changed.folders[0].requests.removeLast()
        changed.requests = [request("a2", "/moved"), request("new")]
        changed.folders[0].requests[0].url = "/renamed"
        #expect(changed.request(id: "a2")?.url == "/moved")
        #expect(changed.request(id: "a1")?.url == "/renamed")
        #expect(changed.request(id: "top") == nil)
        #expect(changed.request(id: "new")?.id == "new")
        // The original still answers as it was, after the copy remade the table.
        #expect(original.request(id: "a2")?.url == "/x")
        #expect(original.request(id: "top")?.id == "top")
        #expect(original.request(id: "new") == nil)
    }

    @Test func aRepeatedIdIsTheFirstInDisplayOrder() {
        var collection = collection
        collection.requests = [request("a1", "/top-level")]
        #expect(collection.request(id: "a1")?.url == "/x")
    }
}

/// The table keeps a place per hash of an id: ids that share one are still each found, by a walk.
struct RequestPositionsCollisionTests {
    @Test func idsSharingAHashAreEachFound() {
        let positions = RequestPositions(key: { _ in 7 })
        let collection = RequestCollection(
            id: "c", name: "C",
            folders: [Folder(name: "F", requests: [SavedRequest(id: "in-folder", name: "In folder", url: "/f")])],
            requests: (0..<5).map { SavedRequest(id: "r\($0)", name: "R\($0)", url: "/r/\($0)") })
        positions.prepare(collection)
        for id in ["in-folder", "r0", "r3", "r4"] {
            #expect(positions.request(id: id, in: collection)?.id == id)
        }
        #expect(positions.request(id: "missing", in: collection) == nil)
    }
}
