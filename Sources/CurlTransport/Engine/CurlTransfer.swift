import CCurl
import Foundation
import HTTPCore
import Synchronization

/// One exchange on a `CurlEngine`: an easy handle, its callbacks and what they collect.
///
/// Threading contract: a transfer is created on any thread and handed to the engine once with
/// `CurlEngine.submit`; from then on only the engine's network thread touches its mutable state
/// (the easy handle, buffers, files). `cancel()` only flips an atomic flag and asks the engine to
/// remove the handle. Once finished, the result waits in the loop's `CurlCompletionBatch` until the
/// end of the round, which tells the observer on the network thread. Those hand-overs are why the
/// class is `@unchecked Sendable`. The handle set-up lives in `CurlTransfer+Configuration.swift`
/// and the body file and results in `CurlTransfer+Results.swift`; the state they share is
/// internal rather than private for that reason, and is still the network thread's alone.
final class CurlTransfer: @unchecked Sendable {
    let spec: TransferSpec
    /// What this transfer leaves configured on its handle, when a later one may keep it (see
    /// `CurlHandleShape`); made here, on the submitting thread.
    let handleShape: CurlHandleShape?
    /// Who hears about progress and completion. One object rather than two closures: it is made
    /// per request, and the future's `ExchangeHandle` serves as it without further allocations.
    private let observer: any CurlTransferObserver
    /// Set by `cancel()` from any thread; read by the progress callback to abort quickly.
    let cancelled = Atomic<Bool>(false)

    /// The easy handle while the transfer runs; the loop owns it (see `CurlHandlePool`).
    private(set) var easy: UnsafeMutableRawPointer?
    /// The loop's shared strings (the remote address).
    var strings: CurlStringCache?
    /// The URL as libcurl parsed it (`CURLOPT_CURLU`), kept alive while the handle may read it.
    var parsedURL: CurlParsedURL?
    /// Where `finish` leaves the transfer for delivery; nil tells the observer at once.
    var batch: CurlCompletionBatch?
    /// The result between `finish` and `deliver`.
    private var result: Result<TransferOutcome, CurlFailure>?
    var headerList: UnsafeMutablePointer<curl_slist>?
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    private var finished = false

    // Response state, reset at every status line (redirects, 100 Continue).
    var head = ResponseHead()
    private var declaredLength: Int64?
    var memoryBody = Data()
    /// The most body bytes ever held in memory at once (what "memory stays flat" is checked against).
    var peakMemoryBytes = 0
    var bodyFile: Int32 = -1
    var bodyFileURL: URL?
    var bodyFileIsTemporary = false
    var bodyFileSize: Int64 = 0
    var localFailure: CurlFailure?
    /// The response being received is a stream (`spec.responseStream` said so at its head).
    var streaming = false
    /// The stream ended the transfer (stopped, a limit): the response so far is the result.
    var streamEnded = false

    // Upload state for streamed bodies.
    var upload: UploadStream?
    /// When progress was last reported (coarse monotonic milliseconds), nil before the first report.
    private var lastProgressReport: Int64?

    /// The engine the transfer is submitted to, for `cancel()`; nil for transfers submitted by hand (tests).
    private let engine: CurlEngine?
    /// Finds out and reports exchange events, for an observed transfer only (see `CurlEventTracker`).
    let tracker: CurlEventTracker?

    /// - Parameter chainHop: the transfer is one hop of a `RedirectChain` (which reports its redirects).
    init(
        spec: consuming TransferSpec, observer: any CurlTransferObserver, engine: CurlEngine? = nil,
        chainHop: Bool = false
    ) {
        self.engine = engine
        self.spec = spec
        self.observer = observer
        if observer.observesEvents {
            tracker = CurlEventTracker(spec: self.spec, observer: observer, chainHop: chainHop)
            // Verbose text and the extra callbacks must not stay on a pooled handle: reset it after.
            handleShape = nil
        } else {
            tracker = nil
            handleShape = CurlHandleShape(self.spec)
        }
        wantsProgress = observer.wantsProgress
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    /// A transfer reporting to closures (engine tests).
    convenience init(
        spec: TransferSpec,
        onProgress: (@Sendable (TransferCounts) -> Void)? = nil,
        onComplete: @escaping @Sendable (Result<TransferOutcome, CurlFailure>) -> Void
    ) {
        self.init(spec: spec, observer: ClosureTransferObserver(onProgress: onProgress, onComplete: onComplete))
    }

    deinit {
        releaseHandle()
        errorBuffer.deallocate()
    }

    // MARK: - Network thread

    /// Configures `handle` (owned by the loop) for this transfer: fully when it is new or reset, or —
    /// when it is still `configured` by a transfer of the same `handleShape` — only the URL and the
    /// pointers to this transfer. Network thread only. On failure the transfer is finished and the
    /// loop frees the handle.
    func prepare(
        _ handle: UnsafeMutableRawPointer, share: UnsafeMutableRawPointer?, strings: CurlStringCache,
        urls: CurlURLCache? = nil, configured: Bool = false
    ) -> Bool {
        easy = handle
        self.strings = strings
        parsedURL = urls?.parsedURL(spec.url)
        let context = Unmanaged.passUnretained(self).toOpaque()
        do {
            if configured {
                try configurePerTransfer(handle, context: context)
            } else {
                try configure(handle, context: context, share: share)
            }
            return true
        } catch {
            finish(.failure(error))
            return false
        }
    }

    /// Asks the engine to abort this transfer (any thread): see `CurlEngine.cancel`.
    func cancel() {
        if let engine {
            engine.cancel(self)
        } else {
            cancelled.store(true, ordering: .releasing)
        }
    }

    /// Whether the loop may reset this transfer's handle and give it to a later one: every transfer
    /// but file downloads, which use a bigger receive buffer. A transfer with a caller's cookie jar
    /// takes pooled handles too: `configure` detaches the handle from the loop's share, which turns
    /// libcurl's cookie engine off on it (`curl_easy_reset` alone leaves it on, sharing the jar);
    /// the loop keeps such transfers off the pool only when it has no share (see `CurlLoop`).
    var recyclesHandle: Bool { spec.destination == nil }

    /// Finishes after libcurl reported the transfer done. Network thread only.
    func complete(code: CURLcode) {
        guard let handle = easy else { return }
        if let localFailure {
            finish(.failure(localFailure))
        } else if code != CURLE_OK, !streamEnded {
            var failure = failure(code: code, handle: handle)
            // A stream cut after it began: its events are kept with the failure, so that a
            // reconnecting stream joins them (`StreamReconnection`) instead of losing them.
            if streaming, Self.cutsConnection(code), spec.responseStream?.keepsBrokenConnections == true {
                failure.partial = outcome(handle)
            }
            finish(.failure(failure))
        } else {
            if streaming, !streamEnded { spec.responseStream?.finish() }
            reportProgress(force: true)
            tracker?.finished()
            finish(.success(outcome(handle)))
        }
    }

    /// Whether `code` says the connection was cut under a response (closed inside the body, reset,
    /// an HTTP/2 stream torn down) — what a reconnecting stream goes on after. A timeout is the
    /// user's limit and a local failure is not the server's: they end the stream.
    static func cutsConnection(_ code: CURLcode) -> Bool {
        [CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_HTTP2, CURLE_HTTP2_STREAM]
            .contains(code)
    }

    /// Finishes as cancelled (the engine already removed the handle). Network thread only.
    func completeCancelled() {
        finish(.failure(CurlFailure(cause: .cancelled, message: "cancelled")))
    }

    /// Finishes because libcurl could not make an easy handle. Network thread only.
    func completeWithoutHandle() {
        finish(
            .failure(CurlFailure(cause: .curl(Int(CURLE_OUT_OF_MEMORY.rawValue)), message: "curl_easy_init failed")))
    }

    /// Finishes because the engine stopped before the transfer could run. Network thread only.
    func completeStopped() {
        finish(.failure(CurlFailure(cause: .engineStopped, message: "the transport was shut down")))
    }

    private func finish(_ result: consuming Result<TransferOutcome, CurlFailure>) {
        guard !finished else { return }
        finished = true
        spec.bodyPreview?.finish()
        if bodyFile >= 0 {
            close(bodyFile)
            bodyFile = -1
        }
        // A failed transfer's temporary body goes, unless a broken stream's partial response holds it.
        if case .failure(let failure) = copy result, failure.partial == nil, bodyFileIsTemporary,
            let url = bodyFileURL
        {
            unlink(url.path)
        }
        releaseHandle()
        guard let batch else {
            observer.transferDidComplete(classified(result))
            return
        }
        self.result = result
        self.batch = nil
        batch.append(self)
    }

    /// Tells the observer the result `finish` kept (see `CurlCompletionBatch`); once.
    func deliver() {
        guard let result = result.take() else { return }
        observer.transferDidComplete(classified(result))
    }

    /// A cancel asked for before a failure is handed over is a cancel, whatever libcurl failed
    /// with meanwhile (the connection torn down by the cancel itself, a timeout in the same loop
    /// round): a user who pressed Esc is never told the request failed, however the threads were
    /// timed. A response that arrived complete is still handed over (it is already whole; the
    /// future, cancelled first, drops it).
    private func classified(_ result: consuming Result<TransferOutcome, CurlFailure>) -> Result<
        TransferOutcome, CurlFailure
    > {
        guard case .failure(let failure) = copy result, failure.cause != .cancelled,
            cancelled.load(ordering: .acquiring)
        else { return result }
        return .failure(CurlFailure(cause: .cancelled, message: "cancelled"))
    }

    /// Lets go of the easy handle (the loop recycles or frees it) and frees what the options pointed to.
    private func releaseHandle() {
        // The handle outlives this transfer (the pool keeps it); it must not point at a parsed URL
        // that may be freed before its next transfer sets another.
        if let easy, parsedURL != nil { _ = ccurl_easy_setopt_pointer(easy, CURLOPT_CURLU, nil) }
        easy = nil
        if let headerList { curl_slist_free_all(headerList) }
        headerList = nil
        upload = nil
        if bodyFile >= 0 { close(bodyFile) }
        bodyFile = -1
    }

    // MARK: - Callbacks (network thread, called by libcurl)

    /// One header line as libcurl hands it over (status line included, CRLF at the end). Only its
    /// bytes are kept (see `ResponseHead`); `Content-Length` is read at once, because the body's
    /// destination (memory or file) depends on it. libcurl calls this for every line of every
    /// response, so the checks look at the first byte before anything else.
    fileprivate func receiveHeader(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        var end = line.count
        while end > start, ResponseHead.isBlank(line[end - 1]) { end -= 1 }
        while start < end, ResponseHead.isBlank(line[start]) { start += 1 }
        guard start < end else {
            // The blank line that ends a head: an observed transfer reports it before any body.
            if let tracker, let easy { tracker.headEnded(head, handle: easy, declaredLength: declaredLength) }
            if spec.responseStream != nil || spec.bodyPreview != nil {
                let headers = HTTPHeaders(receivedLines: head.bytes)
                if let stream = spec.responseStream { streaming = stream.open(status: head.status, headers: headers) }
                spec.bodyPreview?.open(status: head.status, headers: headers)
            }
            return true
        }
        let trimmed = UnsafeBufferPointer(rebasing: line[start..<end])
        switch trimmed[0] {
        case UInt8(ascii: "H") where ResponseHead.isStatusLine(trimmed):
            // A new response (a redirect, `100 Continue`): only the last one's head is kept.
            head.reset()
            declaredLength = nil
            tracker?.statusLine()
        case UInt8(ascii: "C"), UInt8(ascii: "c"):
            if let length = Self.contentLength(trimmed) { declaredLength = length }
        default:
            break
        }
        head.append(trimmed)
        return true
    }

    /// The value of a `Content-Length: N` line, nil for any other line or a malformed number.
    static func contentLength(_ line: UnsafeBufferPointer<UInt8>) -> Int64? {
        let name: StaticString = "content-length"
        let count = name.utf8CodeUnitCount
        guard line.count > count else { return nil }
        let matches = name.withUTF8Buffer { name in
            for index in 0..<count where line[index] | 0x20 != name[index] { return false }
            return true
        }
        guard matches else { return nil }
        var cursor = count
        while cursor < line.count, ResponseHead.isBlank(line[cursor]) { cursor += 1 }
        guard cursor < line.count, line[cursor] == UInt8(ascii: ":") else { return nil }
        cursor += 1
        while cursor < line.count, ResponseHead.isBlank(line[cursor]) { cursor += 1 }
        guard cursor < line.count else { return nil }
        var value: Int64 = 0
        while cursor < line.count {
            let byte = line[cursor]
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !overflowTimes, !overflowSum else { return nil }
            value = sum
            cursor += 1
        }
        return value
    }

    fileprivate func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        // A stream stopped (or past its time) keeps nothing more: the body is what its events were.
        if streamWantsEnd { return false }
        tracker?.body(bytes.count)
        if !streaming, let preview = spec.bodyPreview { preview.receive(bytes) }
        let memoryLimit = bodyMemoryLimit
        if bodyFile < 0 {
            let goesToFile =
                spec.destination != nil || spec.alwaysToFile || memoryBody.count + bytes.count > memoryLimit
                || (memoryBody.isEmpty && (declaredLength ?? 0) > Int64(memoryLimit))
            if goesToFile {
                guard openBodyFile() else { return false }
                if !memoryBody.isEmpty {
                    let spilled = memoryBody.withUnsafeBytes { writeToBodyFile($0) }
                    memoryBody = Data()
                    guard spilled else { return false }
                }
            }
        }
        if bodyFile >= 0 {
            guard writeToBodyFile(bytes) else { return false }
            return streamAccepts(bytes)
        }
        if memoryBody.isEmpty, let declared = declaredLength, declared > bytes.count, declared <= memoryLimit {
            // The declared size at once: growing by doubling kept up to twice the body, and copied
            // it at each step (a 139 MB body peaked at 343 MB in `lazer run`). Reserved once bytes
            // arrive; pages never written (a server that stops short) are never resident.
            memoryBody.reserveCapacity(Int(declared))
        }
        memoryBody.append(contentsOf: bytes)
        peakMemoryBytes = max(peakMemoryBytes, memoryBody.count)
        return streamAccepts(bytes)
    }

    /// How much of the body may be held in memory before it goes to a file. A stream's events are
    /// already kept by whoever reads them (the Stream view keeps the newest 10,000), and a stream
    /// may run for hours: its copy of the bytes goes to a file after the first MiB, so a long
    /// stream's resident memory does not grow with it.
    private var bodyMemoryLimit: Int {
        streaming ? min(spec.memoryLimit, Self.streamMemoryLimit) : spec.memoryLimit
    }

    /// The bytes of a streamed body held in memory before the rest goes to a file.
    static let streamMemoryLimit = ResponseBody.streamMemoryLimit

    /// Hands a chunk kept in the body to the response stream, when the response is one; false
    /// ends the transfer (the stream was stopped or reached a limit), as a success.
    private func streamAccepts(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard streaming, let stream = spec.responseStream, !stream.receive(bytes) else { return true }
        streamEnded = true
        return false
    }

    /// Whether the stream asks to end while no bytes arrive (stop, time limit): asked by the
    /// progress callback, which libcurl calls at least about once a second.
    fileprivate var streamWantsEnd: Bool {
        guard streaming, let stream = spec.responseStream, stream.shouldEnd else { return false }
        streamEnded = true
        return true
    }

    fileprivate func readUpload(into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int {
        guard let upload else { return 0 }
        guard let count = upload.read(into: buffer, capacity: capacity) else {
            let path = upload.failedPath ?? "?"
            localFailure = CurlFailure(
                cause: .uploadFileUnreadable(path),
                message: "reading \(path) failed: \(String(cString: strerror(errno)))")
            return ccurl_readfunc_abort()
        }
        return count
    }

    fileprivate func seekUpload(to offset: Int64) -> Bool {
        upload?.seek(to: offset) ?? false
    }

    /// Returns false to abort the transfer (cancellation).
    fileprivate func progress(_ counts: TransferCounts) -> Bool {
        if cancelled.load(ordering: .relaxed) { return false }
        // libcurl calls this many times per transfer, mostly with nothing new to say.
        guard wantsProgress, counts != pendingCounts else { return true }
        pendingCounts = counts
        reportProgress(force: false)
        return true
    }

    private var pendingCounts: TransferCounts?
    /// Whether the observer wants progress at all (asked once).
    private let wantsProgress: Bool

    /// Whether libcurl's numbers are worth reading now. libcurl calls the progress callback several
    /// times even for a short exchange; nothing is reported in a transfer's first 100 ms (see
    /// `reportProgress`), so until then — and always without a progress observer — the callback
    /// only checks for cancellation and goes back to libcurl.
    fileprivate var isReportingProgress: Bool {
        wantsProgress && (lastProgressReport != nil || CoarseClock.milliseconds() - startedAt >= 100)
    }

    /// Throttled: the first report 100 ms after the transfer started, then at most one per 100 ms,
    /// and a last one at completion when there were earlier ones. A quick exchange reports nothing
    /// (that saves work on every small request; its response arrives at once anyway).
    private func reportProgress(force: Bool) {
        guard wantsProgress, let counts = pendingCounts else { return }
        let now = CoarseClock.milliseconds()
        if force {
            guard lastProgressReport != nil else { return }
        } else {
            let last = lastProgressReport ?? startedAt
            guard now - last >= 100 else { return }
        }
        lastProgressReport = now
        observer.transferDidProgress(counts)
    }

    /// Coarse monotonic milliseconds: throttling at 100 ms does not need a precise (and dearer) clock read.
    let startedAt = CoarseClock.milliseconds()

    /// Runs `body` with the transfer behind a callback's `userdata`, or returns `fallback` without one.
    /// The loop keeps every running transfer alive, so the reference is borrowed, not retained:
    /// libcurl calls these callbacks a dozen times per request.
    static func with<Result>(
        _ pointer: UnsafeMutableRawPointer?, else fallback: Result, _ body: (CurlTransfer) -> Result
    ) -> Result {
        guard let pointer else { return fallback }
        return Unmanaged<CurlTransfer>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }
}

// MARK: - C callbacks (no captures; the transfer comes through userdata)

func curlWriteCallback(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?
)
    -> Int
{
    let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
    return CurlTransfer.with(user, else: 0) { $0.receiveBody(bytes) ? size * count : 0 }
}

func curlHeaderCallback(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?
)
    -> Int
{
    guard let data else { return 0 }
    let line = UnsafeBufferPointer(
        start: UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: size * count)
    return CurlTransfer.with(user, else: 0) { $0.receiveHeader(line) ? size * count : 0 }
}

func curlReadCallback(
    _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?
)
    -> Int
{
    guard let buffer else { return ccurl_readfunc_abort() }
    return CurlTransfer.with(user, else: ccurl_readfunc_abort()) { $0.readUpload(into: buffer, capacity: size * count) }
}

func curlSeekCallback(_ user: UnsafeMutableRawPointer?, _ offset: curl_off_t, _ origin: Int32) -> Int32 {
    guard origin == SEEK_SET else { return 2 }  // CURL_SEEKFUNC_CANTSEEK
    return CurlTransfer.with(user, else: 2) { $0.seekUpload(to: Int64(offset)) ? 0 : 1 }
}

func curlProgressCallback(
    _ user: UnsafeMutableRawPointer?, _ downloadTotal: curl_off_t, _ downloaded: curl_off_t, _ uploadTotal: curl_off_t,
    _ uploaded: curl_off_t
) -> Int32 {
    CurlTransfer.with(user, else: 1) { transfer in
        if transfer.cancelled.load(ordering: .relaxed) || transfer.streamWantsEnd { return 1 }
        guard transfer.isReportingProgress else { return 0 }
        let counts = TransferCounts(
            received: Int64(downloaded), expectedToReceive: downloadTotal > 0 ? Int64(downloadTotal) : nil,
            sent: Int64(uploaded), expectedToSend: uploadTotal > 0 ? Int64(uploadTotal) : nil)
        return transfer.progress(counts) ? 0 : 1
    }
}
