import Explorer
import ExplorerTesting
import Foundation
import Load
import Replay
import TUI
import TUITesting
import Testing
import Workspace

/// The Load view (issue 29) in the reducer: `L` opens its form for what is under the cursor,
/// Enter starts the `Load` module's run as an effect with the form's model, snapshots tick in (a
/// stale run's are dropped), Esc stops a running test and closes a finished one, the thresholds'
/// verdicts show at the end; screens at 120×40 and 80×24 are snapshots. Then on a real program:
/// a test of a mock request runs to its end and its numbers arrive.
struct LoadViewTests {
    func fixture(_ request: String = "a-users", size: Size = ExplorerHarness.standardSize) throws -> ReducerFixture {
        var fixture = try ReducerFixture(size: size, startup: StartupRequest(request: request))
        fixture.driver.state.focus = .collections
        return fixture
    }

    static func loadJobs(_ effects: [ExplorerEffect]) -> [LoadJob] {
        effects.compactMap { if case .startLoad(let job) = $0 { job } else { nil } }
    }

    /// A run's numbers a second in: fixed, so the screens are the same each time.
    static let snapshot = LoadSnapshot(
        elapsed: .seconds(4), started: 80, finished: 78, targetRate: 20, achievedRate: 19.9, lastSecond: 20,
        p50Ms: 10.2, p90Ms: 11.5, p99Ms: 51, maxMs: 203,
        timeline: [
            LoadSecond(count: 19, p99Ms: 12), LoadSecond(count: 20, p99Ms: 11),
            LoadSecond(count: 20, errors: 1, p99Ms: 203),
            LoadSecond(count: 19, p99Ms: 14),
        ],
        bars: [
            .init(lowerMs: 9, upperMs: 12, count: 60), .init(lowerMs: 12.01, upperMs: 50, count: 10),
            .init(lowerMs: 50.01, upperMs: 60, count: 6), .init(lowerMs: 60.01, upperMs: 199, count: 0),
            .init(lowerMs: 199.01, upperMs: 210, count: 2),
        ],
        errors: [.init("Connection refused", 1)], statuses: [.init("200", 77)], checksPassed: 150, checksTotal: 154)

    @Test func lOpensTheFormForTheRequestUnderTheCursor() throws {
        var fixture = try fixture()
        #expect(Self.loadJobs(fixture.driver.press("L")).isEmpty)
        let view = try #require(fixture.driver.state.load)
        #expect(view.phase == .form && view.isShown)
        #expect(view.requestID == "a-users" && view.title == "Users/List users · Alpha")
        let screen = fixture.driver.render()
        #expect(screen.contains("Load test · Users/List users · Alpha"))
        #expect(screen.contains("Rate") && screen.contains("20/s") && screen.contains("Thresholds"))
    }

    @Test func enterStartsTheTestWithTheFormsModelInTheSelectedEnvironment() throws {
        var fixture = try fixture()
        fixture.driver.press("L")
        fixture.driver.press("backspace", "backspace", "backspace", "backspace")
        fixture.driver.type("50/s")
        fixture.driver.press("tab")
        fixture.driver.press("backspace", "backspace", "backspace")
        fixture.driver.type("2s")
        let job = try #require(Self.loadJobs(fixture.driver.press("enter")).first)
        #expect(job.model == .open(startRate: 50, stages: [.init(duration: .seconds(2), rate: 50)]))
        #expect(job.plan.items.map(\.request.id) == ["a-users"])
        #expect(job.environment == "dev")
        #expect(job.thresholds.map(\.text) == ["p99<500ms", "errors<1%"])
        #expect(fixture.driver.state.load?.phase == .running && fixture.driver.state.load?.run == job.run)
    }

    @Test func virtualUsersOnAFolderAndAFormThatSaysWhatIsWrong() throws {
        var fixture = try fixture()
        fixture.driver.press("L")
        fixture.driver.type("x")
        #expect(Self.loadJobs(fixture.driver.press("enter")).isEmpty)
        #expect(fixture.driver.state.load?.form.problem?.contains("is not a rate") == true)
        #expect(fixture.driver.render().contains("is not a rate"))
        // Virtual users instead: the rate is not read.
        fixture.driver.press("tab", "tab")
        fixture.driver.type("4")
        let job = try #require(Self.loadJobs(fixture.driver.press("enter")).first)
        #expect(job.model == .closed(vus: 4, duration: .seconds(10), iterations: nil))
    }

    /// The form's fields are editors: the cursor moves (←, Home, End), Delete takes the character
    /// after it, and a text longer than its box scrolls so the cursor stays in view — they only
    /// appended before.
    @Test func theFieldsEditAnywhereAndALongOneScrolls() throws {
        var fixture = try fixture(size: Size(width: 80, height: 24))
        fixture.driver.press("L")
        fixture.driver.press("home")
        fixture.driver.type("1")
        #expect(fixture.driver.state.load?.form.rate == "120/s")
        fixture.driver.press("end", "left", "left", "delete")
        fixture.driver.type("m")
        #expect(fixture.driver.state.load?.form.rate == "120ms")
        fixture.driver.press("tab", "tab", "tab")
        #expect(fixture.driver.state.load?.form.field == .thresholds)
        fixture.driver.type(", p90<300ms, p99.9<2s, max<5s, checks>=99%, rate>=10, END")
        let screen = fixture.driver.render()
        #expect(screen.contains("rate>=10, END"), "\(screen)")
        #expect(fixture.driver.state.load?.form.thresholds.hasPrefix("p99<500ms, errors<1%, p90<300ms") == true)
        fixture.driver.press("home")
        #expect(fixture.driver.render().contains("Thresholds      p99<500ms, errors<1%"))
    }

    /// `rate>=0.99*target` with virtual users could never fail: the form says why instead.
    @Test func aShareOfTheTargetRateNeedsARate() throws {
        var fixture = try fixture()
        fixture.driver.press("L")
        fixture.driver.press("tab", "tab")
        fixture.driver.type("4")
        fixture.driver.press("tab")
        fixture.driver.type(", rate>=0.99*target")
        #expect(Self.loadJobs(fixture.driver.press("enter")).isEmpty)
        #expect(fixture.driver.render().contains("needs a target rate"))
        // A problem longer than the view is wrapped, not cut.
        #expect(fixture.driver.render().contains("requests started per second"))
    }

    @Test func snapshotsTickInAndTheEndShowsTheThresholds() throws {
        var fixture = try fixture()
        fixture.driver.press("L")
        let job = try #require(Self.loadJobs(fixture.driver.press("enter")).first)
        fixture.driver.reduce(.load(.progress(run: job.run - 1, Self.snapshot)))
        #expect(fixture.driver.state.load?.snapshot == LoadSnapshot())
        fixture.driver.reduce(.load(.progress(run: job.run, Self.snapshot)))
        var screen = fixture.driver.render()
        #expect(screen.contains("target 20.0/s · achieved 19.9/s · in flight 2"))
        #expect(screen.contains("p50 10.2 ms") && screen.contains("p99 51.0 ms") && screen.contains("max 203 ms"))
        #expect(screen.contains("✗ Connection refused × 1"))
        #expect(screen.contains("▁▁█▁"))
        #expect(!screen.contains("keep-alive engine"), "nothing went over it: not said")
        var kept = Self.snapshot
        kept.keptAlive = 70
        fixture.driver.reduce(.load(.progress(run: job.run, kept)))
        #expect(fixture.driver.render().contains("sent by keep-alive engine 70 · libcurl 8"))
        let summary = try LoadThreshold.parse("p99<500ms")
        let verdicts = [
            LoadThreshold.Verdict(threshold: summary, passed: true, actual: 51),
            LoadThreshold.Verdict(threshold: try LoadThreshold.parse("errors<1%"), passed: false, actual: 0.0125),
        ]
        fixture.driver.reduce(.load(.finished(run: job.run, Self.snapshot, verdicts)))
        screen = fixture.driver.render()
        #expect(fixture.driver.state.load?.phase == .finished)
        #expect(screen.contains("✓ threshold p99<500ms: passed (51.00 ms)"))
        #expect(screen.contains("✗ threshold errors<1%: FAILED (1.25 %)"))
        #expect(screen.contains("Load test: 1 of 2 thresholds failed"))
    }

    @Test func escStopsARunningTestThenClosesTheView() throws {
        var fixture = try fixture()
        fixture.driver.press("L")
        let job = try #require(Self.loadJobs(fixture.driver.press("enter")).first)
        let stop = fixture.driver.press("esc")
        #expect(stop.contains(.stopLoad(run: job.run, cancelInFlight: false)))
        #expect(fixture.driver.state.load?.isStopping == true && fixture.driver.state.load?.isShown == true)
        // Stopping again cancels what is still in flight (a server that never answers).
        #expect(fixture.driver.press("s").contains(.stopLoad(run: job.run, cancelInFlight: true)))
        fixture.driver.reduce(.load(.finished(run: job.run, Self.snapshot, [])))
        #expect(fixture.driver.render().contains("Load test stopped: 78 requests"))
        fixture.driver.press("r")
        #expect(fixture.driver.state.load?.phase == .form)
        fixture.driver.press("esc")
        #expect(fixture.driver.state.load?.isShown == false)
    }

    @Test(arguments: [Size(width: 120, height: 40), Size(width: 80, height: 24)])
    func screens(_ size: Size) throws {
        var fixture = try fixture(size: size)
        fixture.driver.press("L")
        expectScreen(&fixture, "load-form-\(size.width)x\(size.height)")
        let job = try #require(Self.loadJobs(fixture.driver.press("enter")).first)
        fixture.driver.reduce(.load(.progress(run: job.run, Self.snapshot)))
        expectScreen(&fixture, "load-running-\(size.width)x\(size.height)")
    }

    private func expectScreen(
        _ fixture: inout ReducerFixture, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let buffer = fixture.driver.renderBuffer()
        Snapshot.assert(
            buffer.textDump() + "\n\n" + StyleDump.render(buffer), named: name, filePath: #filePath,
            sourceLocation: sourceLocation)
    }

    /// On a real program: the load runs through `Load` against the mock environment, ticks bring
    /// its numbers each (virtual) second, and its end keeps them.
    @MainActor @Test func aTestOfAMockRequestRunsToItsEnd() async throws {
        let harness = try ExplorerHarness(
            collections: [TestCollections.alpha], startup: StartupRequest(request: "a-user"))
        harness.dispatch(.command(.runner(.load)))
        #expect(harness.state.load?.phase == .form && harness.state.load?.requestID == "a-user")
        harness.press(.tab)
        harness.press(.backspace)
        harness.press(.backspace)
        harness.press(.backspace)
        harness.type("500ms")
        harness.press(.enter)
        #expect(harness.state.load?.phase == .running)
        for _ in 0..<5_000 where harness.state.load?.phase == .running {
            harness.advance(by: .milliseconds(100))
            try await Task.sleep(for: .milliseconds(1))
        }
        let view = try #require(harness.state.load)
        #expect(view.phase == .finished)
        #expect(view.snapshot?.finished == 10)
        #expect(view.snapshot?.errors == [])
        #expect(harness.shows("threshold errors<1%: passed"))
    }
}
