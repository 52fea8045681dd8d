import Explorer
import ExplorerTesting
import Foundation
import Testing
import Workspace

/// The reducer's side of snapshots: H asks the program to re-check the opened (else the newest)
/// history entry and shows the checks that come back only for that entry; A without a response
/// or a snapshot says why; an accepted snapshot marks the shown check passed.
struct SnapshotReducerTests {
    private let entries = [
        HistoryEntry(
            id: "old", date: Date(timeIntervalSince1970: 1_700_000_000), requestID: "a-users", method: "GET",
            url: "http://dev.mock/users", status: 200,
            responseBody: HistoryBody(text: "[1]", encoding: .utf8, size: 3, truncated: false)),
        HistoryEntry(
            id: "new", date: Date(timeIntervalSince1970: 1_700_000_100), requestID: "a-users", method: "GET",
            url: "http://dev.mock/users", status: 200,
            responseBody: HistoryBody(text: "[2]", encoding: .utf8, size: 3, truncated: false)),
    ]

    @Test func reCheckAsksForTheShownEntryAndShowsOnlyItsAnswer() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        let users = TestCollections.key("a-users")
        fixture.driver.press("g", "3", "H")
        #expect(fixture.driver.render().contains("No history entry to re-check"))

        fixture.driver.reduce(.historyLoaded(users, entries))
        let effects = fixture.driver.press("H")
        guard case .snapshot(.recheck(let job))? = effects.first else {
            Issue.record("H asks for a re-check: \(effects)")
            return
        }
        #expect(job.entry.id == "new")
        #expect(job.key == users)
        #expect(job.request.id == "a-users")

        let checks = [CheckResult(label: "status", passed: false, expected: "201", actual: "200")]
        let result = RecheckResult(checks: checks, snapshot: nil)
        // An answer for another entry (the user opened another meanwhile) is dropped.
        fixture.driver.reduce(.snapshot(.rechecked(users, entryID: "old", .success(result))))
        #expect(fixture.driver.state.response.openedHistoryResult?.response?.checks != checks)
        fixture.driver.reduce(.snapshot(.rechecked(users, entryID: "new", .success(result))))
        #expect(fixture.driver.state.response.openedHistoryResult?.response?.checks == checks)
        #expect(fixture.driver.state.response.tab == .checks)
        #expect(fixture.driver.render().contains("0 of 1 checks pass"))

        fixture.driver.reduce(
            .snapshot(.rechecked(users, entryID: "new", .failure(HistoryRecheckError("history kept only the start")))))
        #expect(fixture.driver.render().contains("Not re-checked: history kept only the start"))
    }

    /// H while the request is being sent would open an entry that the send's end closes again,
    /// dropping the re-check's answer unseen: it says so and asks for nothing.
    @Test func reCheckWaitsForTheSendInFlight() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        let users = TestCollections.key("a-users")
        fixture.driver.reduce(.historyLoaded(users, entries))
        fixture.driver.press("F5")
        #expect(fixture.driver.state.exchanges[users]?.inFlight != nil)
        let shown = fixture.driver.state.response.openedHistory
        let effects = fixture.driver.press("g", "3", "H")
        #expect(!effects.contains { if case .snapshot = $0 { true } else { false } })
        #expect(fixture.driver.render().contains("A send is in flight: press H again when it ends"))
        #expect(fixture.driver.state.response.openedHistory == shown)
    }

    @Test func acceptWithoutAProposalSaysWhyAndAnAcceptedSnapshotPasses() throws {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        let users = TestCollections.key("a-users")
        fixture.driver.press("g", "3", "A")
        #expect(fixture.driver.render().contains("No response to accept as a snapshot"))
        fixture.driver.reduce(.historyLoaded(users, entries))
        fixture.driver.press("A")
        #expect(fixture.driver.render().contains("No snapshot check: add one in the Checks tab"))
        #expect(fixture.driver.state.overlay == nil)

        let snapshot = Snapshot(
            requestID: "a-users", status: 200, headers: [], body: .json(SnapshotJSON(.array([.integer(2)]))))
        let proposal = SnapshotProposal(
            key: users, collectionFile: "c/alpha.json", snapshot: snapshot, file: "c/alpha.snapshots/a-users.json",
            changes: [SnapshotChange(kind: .changed, path: "$[0]", old: "1", new: "2")])
        let checks = [CheckResult(label: "snapshot", passed: false, expected: "matches", actual: "1 change")]
        fixture.driver.reduce(
            .snapshot(.rechecked(users, entryID: "new", .success(RecheckResult(checks: checks, snapshot: proposal)))))
        fixture.driver.press("A")
        #expect(fixture.driver.state.overlay == .acceptSnapshot(proposal, selected: -1))
        #expect(fixture.driver.render().contains("$[0]: 1 → 2"))
        fixture.driver.advance(by: Questions.armDelay)
        let effects = fixture.driver.press("alt+a")
        #expect(effects == [.snapshot(.write(proposal))])
        fixture.driver.reduce(.snapshot(.written(proposal, .success(.updated))))
        #expect(fixture.driver.render().contains("Snapshot updated: alpha.snapshots/a-users.json"))
        let shown = fixture.driver.state.response.openedHistoryResult?.response
        #expect(shown?.checks.first?.passed == true)
        #expect(shown?.snapshot?.changes == [])
    }
}
