import Foundation
import HTTPCore
import Replay

/// The results of responses read by the keep-alive engine, each checked with its request's
/// expectations (`LoadResponseChecker`). A response whose bytes are those of the same request's
/// previous one shares its result: the checks read nothing else (unless one reads the response
/// time), and a load repeats its responses. One caller at a time (a driver's event loop).
struct RenderedResults {
    let renderings: [LoadRendering]
    /// Each request's last response (up to `remembered` bytes), its result and its body's length.
    private var lastBytes: [[UInt8]]
    private var lastResult: [RequestResult?]
    private var lastBodyLength: [Int]

    /// Responses longer than this are checked each time rather than kept for comparison: each
    /// virtual user keeps its own (10,000 users' 16 KB responses: 160 MB).
    static let remembered = 16 * 1024

    init(_ renderings: [LoadRendering]) {
        self.renderings = renderings
        lastBytes = Array(repeating: [], count: renderings.count)
        lastResult = Array(repeating: nil, count: renderings.count)
        lastBodyLength = Array(repeating: 0, count: renderings.count)
    }

    /// The result of `response` to request `index`, the length of its body as the transport counts
    /// it (without chunk framing), and whether the engine may go on sending (see `LoadResponseChecker`).
    mutating func result(
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

    /// The result of request `index` without a response; a cancellation is the run's end's.
    func failure(_ error: TransportError, for index: Int) -> RequestResult {
        var result = renderings[index].checker.failure(error)
        // Only the run's end cancels the engine's connections (`LoadRunner.run(cancellingAfter:)`).
        if error.reason == .cancelled { result.failure?.title = LoadRunner.cancelledAtTheEnd }
        return result
    }

    private static func equal(_ bytes: UnsafeRawBufferPointer, _ kept: [UInt8]) -> Bool {
        guard bytes.count == kept.count, !kept.isEmpty, let other = bytes.baseAddress else { return false }
        return kept.withUnsafeBytes { own in own.baseAddress.map { memcmp($0, other, kept.count) == 0 } ?? false }
    }
}
