import HTTPCore
import Replay

/// One virtual user's requests after its first pass, on a keep-alive connection
/// (`KeepAliveLoadDriving`): it says which request goes next, as the closed model's loop does
/// (passes until the deadline, the iterations or a stop), and records each outcome into the stats.
///
/// Touched only from the connection's event loop, one call at a time, until `drive` returns
/// (hence `@unchecked Sendable`); the run's task reads `pass`, `next` and `handedBack` after.
final class KeepAliveUser: KeepAliveLoadSink, @unchecked Sendable {
    private var results: RenderedResults
    private let stats: LoadStats
    private let origin: ContinuousClock.Instant
    private let deadline: ContinuousClock.Instant?
    private let iterations: Int?
    /// Passes started, the first (sent by the transport) included.
    private(set) var pass: Int
    /// The request the next send takes (0: a new pass).
    private(set) var next = 0
    /// A response the engine does not follow came: the user goes on with the transport.
    private(set) var handedBack = false

    init(
        renderings: [LoadRendering], names: [String], stats: LoadStats, origin: ContinuousClock.Instant,
        deadline: ContinuousClock.Instant?, iterations: Int?, pass: Int
    ) {
        results = RenderedResults(renderings, names: names, stats: stats, origin: origin)
        self.stats = stats
        self.origin = origin
        self.deadline = deadline
        self.iterations = iterations
        self.pass = pass
    }

    func nextRequest() -> Int? {
        if handedBack || stats.isStopRequested { return nil }
        if !results.stillCurrent() {
            // A cookie came or went (another user's, an expiry): the transport sends what the jar says.
            handedBack = true
            return nil
        }
        let now = ContinuousClock.now
        if next == 0 {
            if let iterations, pass >= iterations { return nil }
            if let deadline, now >= deadline { return nil }
            if deadline == nil, iterations == nil { return nil }
            pass += 1
        }
        let index = next
        next = index + 1 == results.renderings.count ? 0 : index + 1
        stats.started(at: now - origin)
        return index
    }

    func connectionOpened() {
        stats.received(bytes: 0, connectionsOpened: 1)
    }

    func received(
        _ response: borrowing RawHTTPResponse, for index: Int, sentAt: ContinuousClock.Instant,
        at: ContinuousClock.Instant
    ) {
        if !results.record(response, for: index, sentAt: sentAt, from: sentAt, at: at) { handedBack = true }
    }

    func failed(_ error: TransportError, for index: Int, sentAt: ContinuousClock.Instant, at: ContinuousClock.Instant) {
        results.recordFailure(error, for: index, from: sentAt, at: at)
    }
}
