import Foundation
import Testing
import Workspace

@Suite struct UIStateTests {
    @Test func uiStateRoundTripsOutsideTheCollectionFile() throws {
        let folder = try TemporaryFolder()
        let store = UIStateStore(directories: UserDirectories(config: folder.path + "/c", state: folder.path + "/s"))
        #expect(store.load(collectionID: "c1") == UIState())
        let state = UIState(
            selectedEnvironment: "mock", selectedRequestID: "req-get", expandedFolders: ["Posts", "Posts/Drafts"])
        try store.save(state, collectionID: "c1")
        #expect(store.load(collectionID: "c1") == state)
        // Earlier versions' files are read when the store has nothing for a collection.
        try FileManager.default.createDirectory(atPath: folder.path + "/s/ui", withIntermediateDirectories: true)
        try folder.write(#"{"selectedRequestId": "old"}"#, to: "s/ui/c2.json")
        #expect(store.load(collectionID: "c2") == UIState(selectedRequestID: "old"))
        try folder.write("{ damaged", to: "s/ui/c3.json")
        #expect(store.load(collectionID: "c3") == UIState())
    }
}
