import Foundation
import Futures

/// A mock answer whose body is sent at a set rate (`MockResponse.bytesPerSecond`): what a slow
/// network looks like, offline — the body's progress, a body preview growing, a total timeout
/// that passes while the body arrives.
extension MockDispatcher {
    /// The head after the answer's delay, then a slice of the body every `MockResponse.pace`
    /// interval, each handed to the request's `BodyPreview` and reported as body progress; the
    /// response completes after the last slice. A total timeout that passes first fails it as the
    /// live transport would; a cancelled exchange stops being paced.
    func pacedAnswer(
        _ response: MockResponse, rate: Int, prepared: PreparedRequest, handle: ExchangeHandle, download: URL??
    ) {
        let slices: PacedSlices
        do {
            slices = try PacedSlices(response.body)
        } catch {
            handle.complete(with: .failure(error))
            return
        }
        let delays = delays
        let (slice, interval) = MockResponse.pace(rate)
        let start = response.delay ?? .zero
        let limit = prepared.request.options.totalTimeout
        let ticks = (slices.count + slice - 1) / slice
        let total = start + interval * max(0, ticks - 1)
        let preview = prepared.request.bodyPreview
        @Sendable func send(from sent: Int, at elapsed: Duration) {
            // A cancel, or the total timeout (which fails it on its own), ends the pacing.
            guard !handle.isCancelled, elapsed <= limit ?? elapsed else { return }
            let end = min(slices.count, sent + slice)
            if let preview { slices.read(sent..<end) { preview.receive($0) } }
            handle.update(
                with: TransferProgress(
                    bytesSent: 0, totalBytesToSend: 0, bytesReceived: Int64(end),
                    totalBytesToReceive: Int64(slices.count)))
            if handle.isObserved {
                handle.report(
                    .bodyProgress(
                        .init(bytes: Int64(end), expected: Int64(slices.count), bytesPerSecond: Double(rate))),
                    offset: elapsed)
            }
            guard end < slices.count else {
                preview?.finish()
                var answered = response
                answered.delay = elapsed
                handle.complete(
                    with: Self.result(
                        for: answered, prepared: prepared, handle: handle, download: download, reporting: false))
                return
            }
            delays.schedule(after: interval) { send(from: end, at: elapsed + interval) }
        }
        @Sendable func head() {
            preview?.open(status: response.status.rawValue, headers: response.headers)
            if handle.isObserved { handle.report(.responseHead(Self.head(of: response)), offset: start) }
            send(from: 0, at: start)
        }
        if let limit, limit < total {
            // Like the live transport, a request's total timeout cuts a slower answer short.
            delays.schedule(after: limit) {
                preview?.finish()
                handle.complete(with: .failure(Self.timedOut(after: limit, answerDelay: total, url: prepared.url)))
            }
        }
        if start > .zero { delays.schedule(after: start, head) } else { head() }
    }
}

/// The bytes of a paced body, read a slice at a time (a file's from the file, not all at once).
private struct PacedSlices: Sendable {
    let count: Int
    private let data: Data?
    private let path: String?

    init(_ body: MockBody) throws(ResponseError) {
        switch body {
        case .empty:
            (count, data, path) = (0, Data(), nil)
        case .data(let bytes):
            (count, data, path) = (bytes.count, bytes, nil)
        case .file(let file):
            let size = try MockMatcher.responseBody(body).byteCount
            (count, data, path) = (Int(size), nil, file)
        }
    }

    /// Hands the bytes of `range` to `body` (nothing when the file cannot be read any more).
    func read(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> Void) {
        if let data {
            data[data.startIndex + range.lowerBound..<data.startIndex + range.upperBound].withUnsafeBytes(body)
            return
        }
        guard let path, let file = FileHandle(forReadingAtPath: path) else { return }
        defer { try? file.close() }
        guard (try? file.seek(toOffset: UInt64(range.lowerBound))) != nil,
            let bytes = try? file.read(upToCount: range.count)
        else { return }
        bytes.withUnsafeBytes(body)
    }
}
