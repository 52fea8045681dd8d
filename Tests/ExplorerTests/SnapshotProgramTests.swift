import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// Snapshots in the explorer, the whole program against a mock environment: the snapshot check in
/// the Checks tab, "accept as snapshot" (A) showing the changes before it writes the file, and
/// "re-check" (H) running the checks against a history entry without sending.
@MainActor
struct SnapshotProgramTests {
    static let collection = FixtureFile.text(
        "snap.json",
        """
        {
          "formatVersion": 1,
          "id": "snap-0000-4000-8000-000000000001",
          "name": "Snap",
          "defaultEnvironment": "dev",
          "environments": [
            {
              "name": "dev",
              "kind": "mock",
              "baseURL": "http://dev.mock",
              "routes": [
                { "method": "GET", "path": "/user", "response": { "status": 200,
                  "json": { "id": 7, "name": "Linus", "seen": "2026-12-01T18:00:00Z" } } }
              ]
            }
          ],
          "requests": [
            {
              "id": "s-user", "name": "User", "method": "GET", "url": "/user",
              "expectations": [
                { "subject": "status", "op": "equals", "value": 200 },
                { "subject": "snapshot", "ignore": ["$.seen"] }
              ]
            }
          ]
        }

        """)

    private func snapshotCheck(_ harness: ExplorerHarness) -> CheckResult? {
        let shown = harness.state.response.openedHistoryResult ?? harness.state.exchange?.result
        return shown?.response?.checks.first { $0.label == "snapshot" }
    }

    @Test func acceptShowsTheChangesThenWritesAndReCheckReadsHistory() throws {
        let harness = try ExplorerHarness(
            collections: [Self.collection], startup: StartupRequest(request: "s-user"))
        let file = harness.folder.collections + "/snap.snapshots/s-user.json"
        harness.press("F5")
        #expect(snapshotCheck(harness)?.passed == false)
        #expect(snapshotCheck(harness)?.actual == "no snapshot yet: run with --update-snapshots")
        #expect(harness.shows("Checks ✗1"), "\(harness.screen)")

        harness.press("g", "3", "A")
        #expect(harness.shows("Accept as snapshot?"), "\(harness.screen)")
        #expect(harness.shows("No snapshot yet: snap.snapshots/s-user.json will be created"), "\(harness.screen)")
        #expect(!FileManager.default.fileExists(atPath: file))
        harness.advance(by: Questions.armDelay)
        harness.press(.character("a"), modifiers: .alt)
        #expect(FileManager.default.fileExists(atPath: file))
        let stored = try String(contentsOfFile: file, encoding: .utf8)
        #expect(stored.contains(#""seen": "<ignored>""#), "\(stored)")
        #expect(harness.shows("Snapshot created: snap.snapshots/s-user.json"), "\(harness.screen)")
        #expect(snapshotCheck(harness)?.passed == true)

        // Sent again, the snapshot holds.
        harness.press("F5")
        #expect(snapshotCheck(harness)?.passed == true, "\(String(describing: snapshotCheck(harness)))")

        // The file changes behind the explorer's back: the re-check of the latest history entry fails,
        // and accepting shows the change before writing.
        try stored.replacingOccurrences(of: "Linus", with: "Ada").write(toFile: file, atomically: true, encoding: .utf8)
        harness.press("H")
        #expect(harness.state.response.openedHistory != nil)
        #expect(harness.state.response.tab == .checks)
        #expect(snapshotCheck(harness)?.passed == false)
        #expect(
            snapshotCheck(harness)?.actual == #"1 change: $.name: "Ada" → "Linus""#,
            "\(String(describing: snapshotCheck(harness)))")
        #expect(harness.shows("Re-checked the history entry"), "\(harness.screen)")
        harness.press("A")
        #expect(harness.shows(#"$.name: "Ada" → "Linus""#), "\(harness.screen)")
        harness.assertScreen(
            named: "snapshot-accept-changes", styles: false,
            scrubbing: [
                ScreenScrub(pattern: "/tmp/lazer-explorer-tests/[0-9A-F-]+", replacement: "/tmp/T"),
                ScreenScrub(pattern: "[0-9]{2}:[0-9]{2}:[0-9]{2}", replacement: "hh:mm:ss"),
            ])
        harness.press("escape")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("Ada"))
    }

    @Test func withoutASnapshotCheckAcceptSaysHowToAddOne() throws {
        let harness = try ExplorerHarness(
            collections: [TestCollections.alpha], startup: StartupRequest(request: "a-users"),
            processEnvironment: TestCollections.environment)
        harness.press("F5")
        harness.press("g", "3", "A")
        #expect(harness.shows("No snapshot check: add one in the Checks tab"), "\(harness.screen)")
        #expect(harness.state.overlay == nil)
    }
}

/// A request with two snapshot checks: they share the request's one file, and A says that the
/// first one's options make it (`lazer validate` warns too).
@MainActor
struct SeveralSnapshotChecksTests {
    @Test func acceptSaysWhichOfSeveralSnapshotChecksMakesTheFile() throws {
        let twice = String(decoding: SnapshotProgramTests.collection.bytes, as: UTF8.self).replacingOccurrences(
            of: #"{ "subject": "snapshot", "ignore": ["$.seen"] }"#,
            with: #"{ "subject": "snapshot", "ignore": ["$.seen"] }, { "subject": "snapshot", "ignore": ["$.id"] }"#)
        let harness = try ExplorerHarness(
            collections: [.text("snap.json", twice)], startup: StartupRequest(request: "s-user"))
        harness.press("F5")
        harness.press("g", "3", "A")
        guard case .acceptSnapshot(let proposal, _)? = harness.state.overlay else {
            Issue.record("A asks first")
            return
        }
        #expect(proposal.checkCount == 2)
        #expect(
            proposal.message.hasPrefix(
                "This request has 2 snapshot checks sharing one file: the first one's ignore, keys and headers make it."
            ))
        #expect(harness.shows("This request has 2 snapshot checks"), "\(harness.screen)")
        harness.advance(by: Questions.armDelay)
        harness.press(.character("a"), modifiers: .alt)
        let stored = try String(
            contentsOfFile: harness.folder.collections + "/snap.snapshots/s-user.json", encoding: .utf8)
        #expect(stored.contains(#""seen": "<ignored>""#) && stored.contains(#""id": 7"#), "\(stored)")
    }
}
