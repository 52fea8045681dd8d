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
        #expect(store.path(collectionID: "c1") == folder.path + "/s/ui/c1.json")
        try folder.write("{ damaged", to: "s/ui/c1.json")
        #expect(store.load(collectionID: "c1") == UIState())
    }
}
