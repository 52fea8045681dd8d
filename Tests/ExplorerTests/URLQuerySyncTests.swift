import Explorer
import Testing
import Workspace

/// The URL field and the Params rows: what follows `?` becomes rows, and a fragment stays out.
@Suite struct URLQuerySyncTests {
    @Test func aFragmentIsNotPartOfTheLastQueryValue() {
        var request = SavedRequest(id: "r", name: "r", url: "/echo")
        URLQuerySync.apply("/echo?a=1&b=2#top", to: &request)
        #expect(request.url == "/echo")
        #expect(request.query.map(\.name) == ["a", "b"])
        #expect(request.query.map(\.value) == ["1", "2"])
        // An escaped `#` is a value's own character, kept.
        URLQuerySync.apply("/echo?a=1%23top", to: &request)
        #expect(request.query.map(\.value) == ["1#top"])
    }
}
