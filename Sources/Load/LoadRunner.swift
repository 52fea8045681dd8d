import Foundation
package import HTTPCore
package import Replay
import Workspace

/// Runs a load test over a `RunPlan`'s requests through Replay's execution — each request
/// prepared, sent, its expectations checked, as `lazer run` does, without history — under the
/// open or the closed model, into `stats`. The open model measures each latency from the
/// request's intended start, so time the generator or the server lost is counted (no
/// coordinated omission). Cancelling the task stops the load; `stats.requestStop()` stops it
/// starting requests and lets those in flight finish (the live view's stop key).
package struct LoadRunner: Sendable {
    package let runner: ReplayRunner
    package let plan: RunPlan
    package let model: LoadModel
    package let stats: LoadStats

    /// The open model's most requests in flight whatever `inFlightLimit` asks: past it, the next
    /// start waits (its latency still counts from its intended start, so the wait shows), instead
    /// of piling up requests without end when the rate is more than the generator or the server
    /// can keep.
    package static let maxInFlight = 1_024

    /// Connections to a host a load opens at most unless told otherwise (`lazer load`'s open model,
    /// the explorer's dispatcher and its Load view): as many as libcurl keeps idle by default.
    package static let defaultConnections = 64

    /// The open model's shortest sleep between starts (see `run`).
    package static let tick = Duration.microseconds(500)

    /// How long requests still in flight when the schedule ends may take before they are
    /// cancelled (k6's `gracefulStop`): a server that never answers ended no run before.
    package static let defaultGrace = Duration.seconds(10)

    /// What a request cancelled at the end of the grace period reports instead of "Cancelled".
    package static let cancelledAtTheEnd = "still in flight at the end: cancelled"

    /// The open model's requests in flight at most: `maxInFlight`, or fewer — the connections the
    /// dispatcher may open (more would only wait in its queue).
    package let inFlightLimit: Int

    /// Sends a virtual user's requests after its first pass over a keep-alive connection of its
    /// own, as the bytes its first pass sent, when nothing in them changes between sends
    /// (`LoadRendering`); nil: every request through the runner's transport.
    package let keepAlive: (any KeepAliveLoadDriving)?

    package init(
        runner: ReplayRunner, plan: RunPlan, model: LoadModel, stats: LoadStats = LoadStats(),
        inFlightLimit: Int = maxInFlight, keepAlive: (any KeepAliveLoadDriving)? = nil
    ) {
        self.runner = runner
        self.plan = plan
        self.model = model
        self.stats = stats
        self.inFlightLimit = min(max(1, inFlightLimit), Self.maxInFlight)
        self.keepAlive = keepAlive
    }

    /// Runs to the end of the model; the elapsed time. Cancelling the task cancels the requests in
    /// flight (counted as "still in flight at the end"): `lazer load` does it `--grace` after the
    /// schedule's end (`run(cancellingAfter:)`), as does the Load view.
    package func run() async -> Duration {
        let items = plan.items
        guard !items.isEmpty else { return .zero }
        let preparers = items.map { item in
            runner.services.preparer(
                for: item.document, environmentName: runner.configuration.environment,
                cookieJar: runner.configuration.cookieJar)
        }
        let names = items.map {
            ([$0.document.collection.name] + $0.folderPath + [$0.request.name]).joined(separator: "/")
        }
        // After the preparers are made: their work is the generator's, not the schedule's.
        let origin = ContinuousClock.now
        switch model {
        case .open:
            let gate = InFlightGate(limit: inFlightLimit)
            let initialValues = items.map { runner.initialValues(for: $0.document) }
            // The first request of each selected one is watched for its rendering: once all are
            // known, the rest of the schedule goes over the keep-alive engine when it can.
            let firsts = keepAlive == nil ? nil : FirstRenderings(count: items.count)
            await withDiscardingTaskGroup { group in
                var index = 0
                var woke = origin
                while let offset = model.intendedStart(of: index), !Task.isCancelled, !stats.isStopRequested {
                    if let firsts, let keepAlive, let rendered = firsts.taken() {
                        let schedule = KeepAliveSchedule(
                            renderings: rendered, names: names, stats: stats, model: model, origin: origin)
                        index = await keepAlive.drive(
                            rendered.map(\.request), to: rendered[0].target, connections: inFlightLimit, from: index,
                            tick: Self.tick, schedule: schedule)
                        guard schedule.handedBack else { break }
                        continue
                    }
                    let intended = origin + offset
                    if intended > .now {
                        // At most one wake-up per `tick`: each cost tens of microseconds of
                        // thread switching, one per request at thousands a second. Requests due
                        // meanwhile start together, their lateness counted in their latency.
                        try? await Task.sleep(until: max(intended, woke + Self.tick), clock: .continuous)
                        woke = .now
                    }
                    await gate.enter()
                    if stats.isStopRequested || Task.isCancelled {
                        gate.leave()
                        break
                    }
                    let slot = index % items.count
                    let watched = firsts != nil && index < items.count
                    index += 1
                    let item = items[slot]
                    let preparer = preparers[slot]
                    let name = names[slot]
                    stats.started(at: ContinuousClock.now - origin)
                    let values = initialValues[slot]
                    group.addTask { [runner, stats] in
                        var result: RequestResult
                        let completedAt: ContinuousClock.Instant?
                        if watched, let firsts {
                            let rendering: LoadRendering?
                            (result, _, completedAt, rendering) = await runner.executeRendering(
                                item, preparer: preparer, captures: values)
                            firsts.set(rendering, at: slot)
                        } else {
                            (result, _, completedAt) = await runner.execute(item, preparer: preparer, captures: values)
                        }
                        Self.markCancelledAtTheEnd(&result)
                        let now = ContinuousClock.now
                        let end = Self.end(completedAt, now: now)
                        stats.finished(name, result, latency: end - intended, at: now - origin)
                        gate.leave()
                    }
                }
            }
        case .closed(let vus, let duration, let iterations):
            let deadline = duration.map { origin + $0 }
            await withDiscardingTaskGroup { group in
                for _ in 0..<max(1, vus) {
                    group.addTask {
                        await runUser(
                            items: items, preparers: preparers, names: names, origin: origin, deadline: deadline,
                            iterations: iterations)
                    }
                }
            }
        }
        // A schedule whose last requests finished early still lasted its length: throughput over
        // the time to the last completion overstated the rate by about one interval.
        let planned = stats.isStopRequested || Task.isCancelled ? .zero : (model.plannedDuration ?? .zero)
        return max(ContinuousClock.now - origin, planned)
    }

    /// Runs the model in a task of its own, cancelled `grace` after the schedule's end (k6's
    /// `gracefulStop`: a server that never answers ended no run) or when `stats.requestCancel()`
    /// asks; the elapsed time.
    package func run(cancellingAfter grace: Duration) async -> Duration {
        let task = Task { await self.run() }
        let end = model.plannedDuration.map { ContinuousClock.now + $0 + grace }
        let watchdog = Task { [stats] in
            while !Task.isCancelled {
                if stats.isCancelRequested { break }
                if let end, ContinuousClock.now >= end { break }
                try? await Task.sleep(for: .milliseconds(100))
            }
            if !Task.isCancelled { task.cancel() }
        }
        let elapsed = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        watchdog.cancel()
        return elapsed
    }

    /// A request the run's end cancelled says so (not "Cancelled", as if the user had).
    static func markCancelledAtTheEnd(_ result: inout RequestResult) {
        guard Task.isCancelled, result.status == .error else { return }
        result.failure?.title = cancelledAtTheEnd
    }

    /// Where a request's latency ends: when the transport saw its exchange end, not when this task
    /// resumed after it (a thread hop later, milliseconds on a busy machine: the generator's time,
    /// not the server's); `now` where the transport does not say (the mock).
    static func end(_ completedAt: ContinuousClock.Instant?, now: ContinuousClock.Instant) -> ContinuousClock.Instant {
        guard let completedAt else { return now }
        return min(completedAt, now)
    }
}
