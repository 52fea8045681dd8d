import HTTPCore
import Load
import Replay
import Workspace

/// A load test of the Load view in progress: the stats its ticks read, and when it started on
/// the program's clock.
struct LoadInProgress {
    var run: Int
    var stats: LoadStats
    var model: LoadModel
    var startedAt: Duration
}

/// The Load view's effect: the same `LoadRunner` as `lazer load` (requests prepared, sent and
/// checked as `lazer run` does them, without history, a cookie jar of its own), off the main
/// actor; each second a tick on the program's clock reads the stats into a snapshot for the view.
/// Stopping asks the runner to start no more requests: those in flight finish and count.
extension ExplorerProgram {
    /// How many histogram bars a snapshot carries (the view draws as many as fit).
    nonisolated static let loadBars = 24

    func startLoad(_ job: LoadJob) {
        var configuration = RunConfiguration(environment: job.environment, recordHistory: false, captured: job.captures)
        configuration.answers = job.answers
        configuration.cookieJar = CookieJar()
        // The scripts of the files the user trusted (a send's trust question) run here too: the
        // view sent none of their requests before.
        let scriptTrust = dependencies.workspace.scriptTrust
        var files: [String: CollectionDocument] = [:]
        for item in job.plan.items where item.hasScripts { files[item.document.path] = item.document }
        // Asked once per file (each answer fingerprints the collection's scripts and reads the store).
        configuration.trustedScriptFiles = Set(files.values.filter { scriptTrust.isTrusted($0) }.map(\.path))
        let stats = LoadStats()
        let runner = ReplayRunner(services: dependencies.workspace, configuration: configuration) { exchange in
            stats.received(bytes: exchange.body.count, connectionsOpened: exchange.connectionsOpened)
        }
        // As many in flight as the explorer's dispatcher opens connections to a host; after the
        // first request of each, the keep-alive engine where the requests allow (docs/load.md).
        let keepAlive = dependencies.keepAliveLoad
        let load = LoadRunner(
            runner: runner, plan: job.plan, model: job.model, stats: stats,
            inFlightLimit: LoadRunner.defaultConnections,
            keepAlive: keepAlive)
        let deliver: @Sendable (ExplorerAction) -> Void = { [weak self] action in self?.deliver(action) }
        let run = job.run
        let model = job.model
        let thresholds = job.thresholds
        Task.detached {
            let elapsed = await load.run(cancellingAfter: LoadRunner.defaultGrace)
            let summary = stats.summary(model: model, elapsed: elapsed)
            let verdicts = thresholds.map { $0.judge(summary) }
            deliver(.load(.finished(run: run, summary.snapshot(bars: Self.loadBars), verdicts)))
        }
        currentLoad = LoadInProgress(run: run, stats: stats, model: model, startedAt: clock.now())
        scheduleLoadTick(run)
    }

    func stopLoad(_ run: Int, cancelInFlight: Bool) {
        guard currentLoad?.run == run else { return }
        if cancelInFlight { currentLoad?.stats.requestCancel() } else { currentLoad?.stats.requestStop() }
    }

    /// Every second while the test runs: its numbers so far.
    private func scheduleLoadTick(_ run: Int) {
        clock.schedule(after: .seconds(1)) { [weak self] in
            guard let self, let current = self.currentLoad, current.run == run else { return }
            guard self.state.load?.run == run, self.state.load?.phase == .running else {
                // Over (or replaced): its statistics need not stay in memory until the next test.
                self.currentLoad = nil
                return
            }
            // The percentiles and bars are worked out off the main thread; a snapshot that arrives
            // after the run ended is dropped by the reducer.
            let elapsed = self.clock.now() - current.startedAt
            let (stats, model) = (current.stats, current.model)
            let deliver: @Sendable (ExplorerAction) -> Void = { [weak self] action in self?.deliver(action) }
            Task.detached {
                deliver(
                    .load(
                        .progress(run: run, stats.summary(model: model, elapsed: elapsed).snapshot(bars: Self.loadBars))
                    ))
            }
            self.scheduleLoadTick(run)
        }
    }
}
