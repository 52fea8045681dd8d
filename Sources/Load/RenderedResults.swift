import Foundation
import HTTPCore
import Replay

/// The results of responses read by the keep-alive engine, each checked with its request's
/// expectations (`LoadResponseChecker`) and recorded into the run's stats. A response whose bytes
/// are those of the same request's previous one shares its result: the checks read nothing else
/// (unless one reads the response time), and a load repeats its responses. One caller at a time
/// (a driver's event loop).
struct RenderedResults {
    let renderings: [LoadRendering]
    private let names: [String]
    private let stats: LoadStats
    private let origin: ContinuousClock.Instant
    /// The cookies the heads carry, as one state (worked out once, read before each send).
    private let cookies: LoadRendering.Cookies?
    /// Each request's last response (up to `remembered` bytes), its result and its body's length.
    private var lastBytes: [[UInt8]]
    private var lastResult: [RequestResult?]
    private var lastBodyLength: [Int]

    /// Responses longer than this are checked each time rather than kept for comparison: each
    /// virtual user keeps its own (10,000 users' 16 KB responses: 160 MB).
    static let remembered = 16 * 1024

    init(_ renderings: [LoadRendering], names: [String], stats: LoadStats, origin: ContinuousClock.Instant) {
        self.renderings = renderings
        self.names = names
        self.stats = stats
        self.origin = origin
        cookies = LoadRendering.Cookies.together(renderings)
        lastBytes = Array(repeating: [], count: renderings.count)
        lastResult = Array(repeating: nil, count: renderings.count)
        lastBodyLength = Array(repeating: 0, count: renderings.count)
    }

    /// The result of `response` to request `index`, the length of its body as the transport counts
    /// it (without chunk framing), and whether the engine may go on sending (see `LoadResponseChecker`).
    private mutating func result(
        of response: borrowing RawHTTPResponse, for index: Int, duration: Duration
    ) -> (result: RequestResult, bodyLength: Int, keepsUp: Bool) {
        let bytes = response.bytes
        if let cached = lastResult[index], Self.equal(bytes, lastBytes[index]) {
            return (cached, lastBodyLength[index], true)
        }
        let bodyLength = response.frame.isChunked ? response.body().count : bytes.count - response.frame.headLength
        let checked = renderings[index].checker.check(response, duration: duration)
        let remembers = !renderings[index].checker.readsDuration && bytes.count <= Self.remembered
        lastBytes[index] = remembers ? Array(bytes) : []
        lastResult[index] = remembers ? checked.result : nil
        lastBodyLength[index] = bodyLength
        return (checked.result, bodyLength, checked.keepsUp)
    }

    /// Whether the rendered heads still hold: their cookies are the jar's (`LoadRendering.Cookies`).
    func stillCurrent() -> Bool {
        cookies?.isCurrent() ?? true
    }

    /// Records the response to request `index`, sent at `sentAt`, its latency counted from `start`
    /// (when it was sent, or due); whether the engine may go on sending it.
    mutating func record(
        _ response: borrowing RawHTTPResponse, for index: Int, sentAt: ContinuousClock.Instant,
        from start: ContinuousClock.Instant, at: ContinuousClock.Instant
    ) -> Bool {
        let outcome = result(of: response, for: index, duration: at - sentAt)
        stats.finished(names[index], outcome.result, latency: at - start, at: at - origin, keptAlive: true)
        stats.received(bytes: outcome.bodyLength)
        return outcome.keepsUp
    }

    /// Records request `index` without a response; a cancellation is the run's end's.
    func recordFailure(
        _ error: TransportError, for index: Int, from start: ContinuousClock.Instant, at: ContinuousClock.Instant
    ) {
        var result = renderings[index].checker.failure(error)
        // Only the run's end cancels the engine's connections (`LoadRunner.run(cancellingAfter:)`).
        if error.reason == .cancelled { result.failure?.title = LoadRunner.cancelledAtTheEnd }
        stats.finished(names[index], result, latency: at - start, at: at - origin, keptAlive: true)
    }

    private static func equal(_ bytes: UnsafeRawBufferPointer, _ kept: [UInt8]) -> Bool {
        guard bytes.count == kept.count, !kept.isEmpty, let other = bytes.baseAddress else { return false }
        return kept.withUnsafeBytes { own in own.baseAddress.map { memcmp($0, other, kept.count) == 0 } ?? false }
    }
}
