import Foundation
import Futures
import FuturesTesting
import HTTPCore
import HTTPCoreTesting
import Testing
import Workspace

/// Custom methods (`PURGE`, `PROPFIND`): saved, loaded, validated and sent as written.
@Suite struct CustomMethodTests {
    let scheduler = ManualScheduler()

    private func load(_ text: String) -> CollectionLoader.Result {
        CollectionLoader.load(Array(text.utf8), file: "Collections/x.json")
    }

    private static func collection() throws -> RequestCollection {
        let purge = try #require(RequestMethod(rawValue: "PURGE"))
        return RequestCollection(
            id: "c-purge", name: "Cache", defaultEnvironment: "mock",
            requests: [SavedRequest(id: "r-purge", name: "Purge", method: purge, url: "/cache/a")],
            environments: [
                Environment(
                    name: "mock", kind: .mock, baseURL: "http://cache.mock",
                    routes: [
                        SavedMockRoute(method: purge, path: "/cache/:key", responses: [SavedMockResponse(status: 202)])
                    ])
            ])
    }

    @Test func aCustomMethodSurvivesSavingAndLoading() throws {
        let folder = try TemporaryFolder()
        _ = try CollectionStore.create(try Self.collection(), at: folder.file("cache.json"))
        let text = try folder.read("cache.json")
        #expect(text.contains("\"method\": \"PURGE\""))
        let result = load(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let loaded = try #require(result.collection)
        #expect(loaded == (try Self.collection()))
        #expect(loaded.requests[0].method.rawValue == "PURGE")
        #expect(loaded.environments[0].routes[0].method?.rawValue == "PURGE")
    }

    @Test func aCustomMethodIsSentThroughTheMockDispatcher() throws {
        let state = try TemporaryFolder()
        let services = WorkspaceServices(
            directories: UserDirectories(config: state.path + "/config", state: state.path + "/state"),
            liveDispatcher: RecordingDispatcher(scheduler: scheduler), scheduler: scheduler, delays: ManualClock(),
            processEnvironment: [:])
        let document = try CollectionStore.create(try Self.collection(), at: state.file("cache.json"))
        let preparation = services.prepare(document.collection.requests[0], in: document)
        #expect(preparation.problems.isEmpty, "\(preparation.problems)")
        let outcome = Outcome(try #require(preparation.future()))
        scheduler.runAll()
        let response = try #require(outcome.value)
        #expect(response.statusCode.rawValue == 202)
        #expect(response.request.method.rawValue == "PURGE")

        // The route answers PURGE only: the same path with GET is not matched.
        var get = document.collection.requests[0]
        get.method = .get
        let missed = Outcome(try #require(services.prepare(get, in: document).future()))
        scheduler.runAll()
        #expect(missed.value?.statusCode.rawValue != 202)
    }

    @Test func aMethodThatIsNoTokenIsAPositionedError() throws {
        let result = load(Fixtures.minimal(replacing: "\"method\": \"POST\"", with: "\"method\": \"GE T\""))
        #expect(result.collection == nil)
        #expect(
            result.diagnostics.map(\.description) == [
                "Collections/x.json:48:17: error: requests[1].method: expected a method (GET, POST, PUT, PATCH, "
                    + "DELETE, HEAD, OPTIONS, TRACE, CONNECT or another token); found \"GE T\", which is not a token "
                    + "(letters, digits and !#$%&'*+-.^_`|~ only)"
            ])
    }

    @Test func aMisspeltStandardMethodLoadsWithAWarning() throws {
        let result = load(Fixtures.minimal(replacing: "\"method\": \"POST\"", with: "\"method\": \"GTE\""))
        #expect(result.collection?.requests[1].method.rawValue == "GTE")
        #expect(
            result.diagnostics.map(\.description) == [
                "Collections/x.json:48:17: warning: requests[1].method: custom method \"GTE\" is sent as written "
                    + "(did you mean \"GET\"?)"
            ])
        let lower = load(Fixtures.minimal(replacing: "\"method\": \"POST\"", with: "\"method\": \"post\""))
        #expect(
            lower.diagnostics.map(\.message) == ["custom method \"post\" is sent as written (did you mean \"POST\"?)"])
        let custom = load(Fixtures.minimal(replacing: "\"method\": \"POST\"", with: "\"method\": \"PROPFIND\""))
        #expect(custom.diagnostics.isEmpty)
    }
}
