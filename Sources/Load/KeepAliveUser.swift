import Foundation
import HTTPCore
import Replay

/// One virtual user's requests after its first pass, on a keep-alive connection
/// (`KeepAliveLoadDriving`): it says which request goes next, as the closed model's loop does
/// (passes until the deadline, the iterations or a stop), and records each outcome into the stats.
/// A response whose bytes are those of the request's previous response shares its result: the
/// checks read nothing else (unless one reads the response time), and a load repeats responses.
///
/// Touched only from the connection's event loop, one call at a time, until `drive` returns
/// (hence `@unchecked Sendable`); the run's task reads `pass`, `next` and `handedBack` after.
final class KeepAliveUser: KeepAliveLoadSink, @unchecked Sendable {
    private let renderings: [LoadRendering]
    private let names: [String]
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
    /// Each request's last response (up to `remembered` bytes) and its result.
    private var lastBytes: [[UInt8]]
    private var lastResult: [RequestResult?]
    /// The body's length in that response (its chunk framing taken away).
    private var lastBodyLength: [Int]

    /// Responses longer than this are checked each time rather than kept for comparison.
    static let remembered = 64 * 1024

    init(
        renderings: [LoadRendering], names: [String], stats: LoadStats, origin: ContinuousClock.Instant,
        deadline: ContinuousClock.Instant?, iterations: Int?, pass: Int
    ) {
        self.renderings = renderings
        self.names = names
        self.stats = stats
        self.origin = origin
        self.deadline = deadline
        self.iterations = iterations
        self.pass = pass
        lastBytes = Array(repeating: [], count: renderings.count)
        lastResult = Array(repeating: nil, count: renderings.count)
        lastBodyLength = Array(repeating: 0, count: renderings.count)
    }

    func nextRequest() -> Int? {
        if handedBack || stats.isStopRequested { return nil }
        let now = ContinuousClock.now
        if next == 0 {
            if let iterations, pass >= iterations { return nil }
            if let deadline, now >= deadline { return nil }
            if deadline == nil, iterations == nil { return nil }
            pass += 1
        }
        let index = next
        next = index + 1 == renderings.count ? 0 : index + 1
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
        let bytes = response.bytes
        let result: RequestResult
        let bodyLength: Int
        if let cached = lastResult[index], Self.equal(bytes, lastBytes[index]) {
            result = cached
            bodyLength = lastBodyLength[index]
        } else {
            // As the transport counts it: the body without its chunk framing.
            bodyLength = response.frame.isChunked ? response.body().count : bytes.count - response.frame.headLength
            let checked = renderings[index].checker.check(response, duration: at - sentAt)
            result = checked.result
            if !checked.keepsUp { handedBack = true }
            let remembers = !renderings[index].checker.readsDuration && bytes.count <= Self.remembered
            lastBytes[index] = remembers ? Array(bytes) : []
            lastResult[index] = remembers ? result : nil
            lastBodyLength[index] = bodyLength
        }
        stats.finished(names[index], result, latency: at - sentAt, at: at - origin, keptAlive: true)
        stats.received(bytes: bodyLength)
    }

    func failed(_ error: TransportError, for index: Int, sentAt: ContinuousClock.Instant, at: ContinuousClock.Instant) {
        var result = renderings[index].checker.failure(error)
        // Only the run's end cancels a user's connection (`LoadRunner.run(cancellingAfter:)`).
        if error.reason == .cancelled { result.failure?.title = LoadRunner.cancelledAtTheEnd }
        stats.finished(names[index], result, latency: at - sentAt, at: at - origin, keptAlive: true)
    }

    private static func equal(_ bytes: UnsafeRawBufferPointer, _ kept: [UInt8]) -> Bool {
        guard bytes.count == kept.count, !kept.isEmpty, let other = bytes.baseAddress else { return false }
        return kept.withUnsafeBytes { own in own.baseAddress.map { memcmp($0, other, kept.count) == 0 } ?? false }
    }
}
