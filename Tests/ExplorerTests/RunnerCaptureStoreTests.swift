import Explorer
import ExplorerTesting
import Foundation
import Replay
import Testing
import Workspace

/// Values captured by a run in the Runner view are kept as a send's are (issue 34): per
/// collection and environment in the state store, secret ones only in the secrets file. Before,
/// a token captured by a run was gone after a restart, while the same token captured by F5 stayed.
@MainActor
struct RunnerCaptureStoreTests {
    @Test func aTokenCapturedByARunIsThereAfterARestartAndOnlyInTheSecretsFile() async throws {
        let folder = try HarnessFolder()
        do {
            let first = try ExplorerHarness(
                collections: try Shipped.showcase(), folder: folder,
                startup: StartupRequest(environment: "mock", request: "Chaining/2. Who am I"))
            first.press("g")
            first.press("1")
            first.press("R")
            try await first.waitForTheRun()
            #expect(first.state.runner?.summary.passed == 3)
            #expect(first.state.captures[ShippedIDs.showcase]?["token"]?.secret == true)
            first.settle()
        }
        // The secret value is in the secrets file, never in the state store.
        let store =
            try Data(contentsOf: URL(fileURLWithPath: folder.stateStorePath))
            + ((try? Data(contentsOf: URL(fileURLWithPath: folder.stateStorePath + "-wal"))) ?? Data())
        #expect(store.range(of: Data("mock-token-5f2a9c".utf8)) == nil)
        // A restart in the same environment has the run's token, and sends with it.
        let second = try ExplorerHarness(
            folder: folder, startup: StartupRequest(environment: "mock", request: "Chaining/2. Who am I"))
        second.settle()
        #expect(second.state.captures[ShippedIDs.showcase]?["token"]?.text == "mock-token-5f2a9c")
        #expect(second.state.captures[ShippedIDs.showcase]?["token"]?.secret == true)
        second.press("F5")
        #expect(second.shows("name: \"Ada Lovelace\""))
    }

    @Test func aRunKeepsOnlyWhatItTookNotTheValuesItStartedFrom() {
        let token = VariableScope.Value("old", secret: true)
        let started = ["c": ["token": token, "user": VariableScope.Value("ada")]]
        let ended = ["c": ["token": VariableScope.Value("new", secret: true), "user": VariableScope.Value("ada")]]
        let taken = ExplorerProgram.newCaptures(ended, startedFrom: started)
        #expect(taken == ["c": ["token": VariableScope.Value("new", secret: true)]])
        #expect(ExplorerProgram.newCaptures(started, startedFrom: started).isEmpty)
    }
}
