import Foundation
import Testing
import Workspace

/// A request without auth of its own inherits its nearest folder's, else the collection's, as
/// Postman's "inherit auth from parent" (issue 33: a request added to a bearer-protected folder
/// went out with no auth).
@Suite struct AuthInheritanceTests {
    static let text = """
        {
          "formatVersion": 1, "id": "c", "name": "C",
          "auth": {"type": "bearer", "token": "{{token}}"},
          "folders": [
            {"name": "Admin", "auth": {"type": "basic", "username": "admin", "password": "{{pw}}"},
             "folders": [{"name": "Deeper", "requests": [{"id": "deep", "name": "Deep", "method": "GET", "url": "/d"}]},
                         {"name": "Open", "auth": {"type": "none"},
                          "requests": [{"id": "closed", "name": "Closed", "method": "GET", "url": "/o"}]}],
             "requests": [{"id": "admin", "name": "Admin", "method": "GET", "url": "/a"}]}
          ],
          "requests": [
            {"id": "top", "name": "Top", "method": "GET", "url": "/t"},
            {"id": "explicit", "name": "Explicit", "method": "GET", "url": "/e", "auth": {"type": "inherit"}},
            {"id": "none", "name": "None", "method": "GET", "url": "/n", "auth": {"type": "none"}}
          ]
        }
        """

    private func load() throws -> RequestCollection {
        let loaded = CollectionLoader.load(Array(Self.text.utf8), file: "c.json")
        return try #require(loaded.collection, "\(loaded.diagnostics)")
    }

    private func inForce(_ id: String, _ collection: RequestCollection) throws -> RequestCollection.AuthInForce {
        collection.authInForce(for: try #require(collection.request(id: id)))
    }

    @Test func theNearestFolderThatSetsAuthWinsThenTheCollection() throws {
        let collection = try load()
        let basic = SavedAuth(.basic(username: "admin", password: "{{pw}}"))
        #expect(try inForce("deep", collection) == .init(auth: basic, origin: .folder(["Admin"])))
        #expect(try inForce("admin", collection) == .init(auth: basic, origin: .folder(["Admin"])))
        #expect(try inForce("closed", collection) == .init(auth: SavedAuth(.none), origin: .folder(["Admin", "Open"])))
        let bearer = SavedAuth(.bearer(token: "{{token}}"))
        #expect(try inForce("top", collection) == .init(auth: bearer, origin: .collection))
        #expect(try inForce("explicit", collection) == .init(auth: bearer, origin: .collection))
        #expect(try inForce("none", collection) == .init(auth: SavedAuth(.none), origin: .request))
        #expect(try inForce("deep", collection).inheritedFrom == "inherited from folder Admin")
    }

    @Test func withNothingAboveItInheritsNone() throws {
        var collection = try load()
        collection.auth = nil
        #expect(try inForce("top", collection) == .init(auth: SavedAuth(.none), origin: .nowhere))
        // A new request inherits by default.
        #expect(SavedRequest(name: "new", url: "/x").auth == SavedAuth(.inherit))
    }

    @Test func inheritingRequestsAreWrittenWithoutAuthAndNoneIsWrittenOut() throws {
        let collection = try load()
        let text = collection.fileText()
        let reloaded = try #require(CollectionLoader.load(Array(text.utf8), file: "c.json").collection)
        #expect(reloaded == collection)
        #expect(reloaded.folders[0].auth == collection.folders[0].auth)
        #expect(reloaded.auth == collection.auth)
        #expect(reloaded.request(id: "none")?.auth == SavedAuth(.none))
        // "top" has no auth in the file, and none is written for it; "none" keeps its own.
        let top = try #require(text.range(of: #""id": "top""#))
        let topBlock = text[top.lowerBound...].prefix { $0 != "}" }
        #expect(!topBlock.contains("\"auth\""))
        #expect(text.contains("\"type\": \"none\""))
    }
}
