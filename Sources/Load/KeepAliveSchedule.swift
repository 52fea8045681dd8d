import HTTPCore
import Replay

/// The open model's schedule for the keep-alive engine (`KeepAliveScheduleSink`): request `n`
/// is due when the model says, is the selected requests' `n`-th in turn, and its latency counts
/// from when it was due. Touched only from the driver's event loop, one call at a time (hence
/// `@unchecked Sendable`); the run's task reads `handedBack` after.
final class KeepAliveSchedule: KeepAliveScheduleSink, @unchecked Sendable {
    private var results: RenderedResults
    private let stats: LoadStats
    private let model: LoadModel
    private let origin: ContinuousClock.Instant
    /// A response the engine does not follow came: the rest of the schedule goes through the transport.
    private(set) var handedBack = false

    init(
        renderings: [LoadRendering], names: [String], stats: LoadStats, model: LoadModel,
        origin: ContinuousClock.Instant
    ) {
        results = RenderedResults(renderings, names: names, stats: stats, origin: origin)
        self.stats = stats
        self.model = model
        self.origin = origin
    }

    func planned(_ n: Int) -> ContinuousClock.Instant? {
        guard !handedBack, !stats.isStopRequested, let offset = model.intendedStart(of: n) else { return nil }
        if !results.stillCurrent() {
            // A cookie came or went, or expired: the rest of the schedule sends what the jar says.
            handedBack = true
            return nil
        }
        return origin + offset
    }

    func starting(_ n: Int) -> Int {
        stats.started(at: ContinuousClock.now - origin)
        return n % results.renderings.count
    }

    func connectionOpened() {
        stats.received(bytes: 0, connectionsOpened: 1)
    }

    func received(
        _ response: borrowing RawHTTPResponse, for index: Int, due: ContinuousClock.Instant,
        sentAt: ContinuousClock.Instant, at: ContinuousClock.Instant
    ) {
        // The checks see the exchange's own time; the latency counts from when it was due.
        if !results.record(response, for: index, sentAt: sentAt, from: due, at: at) { handedBack = true }
    }

    func failed(_ error: TransportError, for index: Int, due: ContinuousClock.Instant, at: ContinuousClock.Instant) {
        results.recordFailure(error, for: index, from: due, at: at)
    }
}
