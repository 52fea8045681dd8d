import Explorer
import ExplorerTesting
import Foundation
import Replay
import Scripting
import Testing
import Workspace

/// The Runner view and scripts (issue 32): a run of a collection whose scripts are not trusted
/// asks the question a send asks before anything runs; "Trust and run" runs the scripts (their
/// tests are the run's checks), "Cancel" runs the requests without scripts and does not send
/// those that have some.
@MainActor
struct RunnerScriptTrustTests {
    static let collection = FixtureFile.text(
        "scripted.json",
        """
        {
          "formatVersion": 1, "id": "scripted", "name": "Scripted", "defaultEnvironment": "dev",
          "environments": [{"name": "dev", "kind": "mock", "baseURL": "http://dev.mock",
            "routes": [{"method": "GET", "path": "/me", "response": {"status": 200, "json": {"name": "ada"}}}]}],
          "requests": [
            {"id": "one", "name": "One", "method": "GET", "url": "/me",
             "scripts": {"test": "pm.test('name', () => pm.expect(pm.response.json().name).to.eql('ada'));\\npm.test('fails', () => pm.expect(1).to.eql(2));"}},
            {"id": "two", "name": "Two", "method": "GET", "url": "/me",
             "expectations": [{"subject": "status", "op": "equals", "value": 200}]}
          ]
        }
        """)

    static let engine = JavaScriptEngine()

    @Test func aRunAsksToTrustTheScriptsAndTrustRunsThem() async throws {
        let harness = try ExplorerHarness(
            collections: [Self.collection], startup: StartupRequest(request: "one"), scripts: Self.engine)
        harness.press("g", "1", "R")
        #expect(harness.shows("Run scripts of Scripted?"))
        #expect(harness.shows("Trust and run (Alt+T)"))
        harness.advance(by: .seconds(1))
        harness.press("alt+t")
        try await harness.waitForTheRun()
        let summary = try #require(harness.state.runner?.summary)
        #expect(summary.passed == 1)
        #expect(summary.failed == 1)
        #expect(summary.checks == 3)
        #expect(summary.checksFailed == 1)
        #expect(FileManager.default.fileExists(atPath: harness.folder.state + "/trusted-scripts.json"))
    }

    @Test func cancelSendsOnlyTheRequestsWithoutScripts() async throws {
        let harness = try ExplorerHarness(
            collections: [Self.collection], startup: StartupRequest(request: "one"), scripts: Self.engine)
        harness.press("g", "1", "R")
        #expect(harness.shows("Run scripts of Scripted?"))
        harness.advance(by: .seconds(1))
        harness.press("escape")
        try await harness.waitForTheRun()
        let summary = try #require(harness.state.runner?.summary)
        #expect(summary.passed == 1)
        #expect(summary.notSent == 1)
        #expect(!FileManager.default.fileExists(atPath: harness.folder.state + "/trusted-scripts.json"))
    }
}
