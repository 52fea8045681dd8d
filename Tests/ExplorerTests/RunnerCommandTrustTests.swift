import Explorer
import ExplorerTesting
import Foundation
import Replay
import TUI
import Testing
import Workspace

/// The Runner view and `command` auth (issue 26): a run of a collection whose auth commands are
/// not trusted asks the same question a send asks, before anything runs; "Trust and run" runs
/// the command and sends the requests with its token, "Cancel" runs without it (those requests
/// not sent, nothing run).
@MainActor
struct RunnerCommandTrustTests {
    static func collection(marker: String) -> FixtureFile {
        FixtureFile.text(
            "cmd.json",
            """
            {
              "formatVersion": 1, "id": "cmd", "name": "Cmd", "defaultEnvironment": "dev",
              "auth": {"type": "command", "command": "touch \(marker); echo tok-runner"},
              "environments": [{"name": "dev", "kind": "mock", "baseURL": "http://dev.mock",
                "routes": [{"method": "GET", "path": "/me", "response": {"status": 200, "json": {"ok": true}}}]}],
              "requests": [
                {"id": "one", "name": "One", "method": "GET", "url": "/me",
                 "expectations": [{"subject": "status", "op": "equals", "value": 200}]},
                {"id": "two", "name": "Two", "method": "GET", "url": "/me",
                 "expectations": [{"subject": "status", "op": "equals", "value": 200}]}
              ]
            }
            """)
    }

    @Test func aRunAsksTheTrustQuestionAndTrustRunsTheCommand() async throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-ran-\(UUID())").path
        let harness = try ExplorerHarness(
            collections: [Self.collection(marker: marker)], startup: StartupRequest(request: "one"))
        harness.press("g", "1", "R")
        #expect(harness.shows("Run commands of Cmd?"))
        #expect(harness.shows("Trust and run (Alt+T)"))
        #expect(!FileManager.default.fileExists(atPath: marker))
        // A question takes keys once it has been on screen a moment (no answer typed ahead).
        harness.advance(by: .seconds(1))
        harness.press("alt+t")
        try await harness.waitForTheRun()
        #expect(harness.state.runner?.summary.passed == 2)
        #expect(FileManager.default.fileExists(atPath: marker))
        try? FileManager.default.removeItem(atPath: marker)
    }

    @Test func cancelRunsNothingAndTheRequestsAreNotSent() async throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-ran-\(UUID())").path
        let harness = try ExplorerHarness(
            collections: [Self.collection(marker: marker)], startup: StartupRequest(request: "one"))
        harness.press("g", "1", "R")
        #expect(harness.shows("Run commands of Cmd?"))
        harness.advance(by: .seconds(1))
        harness.press("escape")
        try await harness.waitForTheRun()
        #expect(harness.state.runner?.summary.passed == 0)
        #expect(!FileManager.default.fileExists(atPath: marker))
    }
}

/// The trust question shows every command whole — a command cut at 160 characters ran what came
/// after the cut unseen — and when they do not fit the screen, nothing is trusted: the dialog says
/// so and Alt+T cancels.
@MainActor
struct TrustQuestionShowsAllTests {
    static func collection(command: String) -> FixtureFile {
        FixtureFile.text(
            "cmd.json",
            """
            {
              "formatVersion": 1, "id": "cmd", "name": "Cmd", "defaultEnvironment": "dev",
              "auth": {"type": "command", "command": "\(command)"},
              "environments": [{"name": "dev", "kind": "mock", "baseURL": "http://dev.mock",
                "routes": [{"method": "GET", "path": "/me", "response": {"status": 200, "json": {"ok": true}}}]}],
              "requests": [{"id": "one", "name": "One", "method": "GET", "url": "/me"}]
            }
            """)
    }

    @Test func aLongCommandIsShownWhole() throws {
        let padding = String(repeating: " x", count: 100)
        let harness = try ExplorerHarness(
            collections: [Self.collection(command: "echo tok\(padding); touch /tmp/lazer-never-\(UUID())")],
            size: Size(width: 80, height: 24), startup: StartupRequest(request: "one"))
        harness.press("F5")
        #expect(harness.shows("Run commands of Cmd?"))
        #expect(harness.shows("touch /tmp/lazer-never-"), "\(harness.screen)")
        #expect(harness.shows("Trust and send"))
    }

    @Test func commandsTooLongForTheScreenAreNotTrusted() async throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-ran-\(UUID())").path
        let padding = String(repeating: " x", count: 900)
        let harness = try ExplorerHarness(
            collections: [Self.collection(command: "echo tok\(padding); touch \(marker)")],
            size: Size(width: 80, height: 24), startup: StartupRequest(request: "one"))
        harness.press("F5")
        #expect(harness.shows("too long to show whole in a 80×24"), "\(harness.screen)")
        #expect(!harness.shows("Trust and send"))
        harness.advance(by: .seconds(1))
        harness.press("alt+t")
        #expect(!harness.shows("Run commands of Cmd?"))
        for _ in 0..<300 where harness.state.exchange?.inFlight != nil {
            try? await Task.sleep(for: .milliseconds(10))
            harness.settle()
        }
        #expect(harness.state.exchange?.inFlight == nil)
        #expect(harness.state.exchange?.result?.response == nil)
        #expect(!FileManager.default.fileExists(atPath: marker))
        // Its environment is a mock: the status line said "live".
        #expect(harness.state.exchange?.result?.isMock == true)
        #expect(harness.shows("mock (dev)"), "\(harness.screen)")
    }
}

/// Esc on a send waiting for its auth command stops the command and its children at once: it ran
/// on to its timeout (up to a day) and a second send started a second one beside it.
@MainActor
struct CommandAuthCancelTests {
    @Test func cancellingTheSendStopsTheCommand() async throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-late-\(UUID())").path
        let harness = try ExplorerHarness(
            collections: [TrustQuestionShowsAllTests.collection(command: "sleep 1.5; touch \(marker); echo tok")],
            startup: StartupRequest(request: "one"))
        harness.press("F5")
        harness.advance(by: .seconds(1))
        harness.press("alt+t")
        for _ in 0..<300 where !harness.shows("running the auth command") {
            try? await Task.sleep(for: .milliseconds(10))
            harness.settle()
        }
        #expect(harness.shows("running the auth command"), "\(harness.screen)")
        harness.press("escape")
        #expect(harness.state.exchange?.inFlight == nil)
        try? await Task.sleep(for: .seconds(2.5))
        #expect(!FileManager.default.fileExists(atPath: marker), "the command ran on after the send was cancelled")
        try? FileManager.default.removeItem(atPath: marker)
    }
}
