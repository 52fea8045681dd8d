import CCurl
import Foundation
import Synchronization

/// One exchange on a `CurlEngine`: an easy handle, its callbacks and what they collect.
///
/// Threading contract: a transfer is created on any thread and handed to the engine once with
/// `CurlEngine.submit`; from then on only the engine's network thread touches its mutable state
/// (the easy handle, buffers, files). `cancel()` only flips an atomic flag and asks the engine to
/// remove the handle. Once finished, the result is handed (with the transfer) to one delivery
/// (see `CurlCompletionBatch`), which calls `onComplete` — on the network thread or, after a queue
/// hop that orders it after every write here, on the delivery queue. Those hand-overs are why the
/// class is `@unchecked Sendable`.
final class CurlTransfer: @unchecked Sendable {
    let spec: TransferSpec
    /// What this transfer leaves configured on its handle, when a later one may keep it (see
    /// `CurlHandleShape`); made here, on the submitting thread.
    let handleShape: CurlHandleShape?
    private let onProgress: (@Sendable (TransferCounts) -> Void)?
    private let onComplete: @Sendable (Result<TransferOutcome, CurlFailure>) -> Void
    /// Set by `cancel()` from any thread; read by the progress callback to abort quickly.
    let cancelled = Atomic<Bool>(false)

    /// The easy handle while the transfer runs; the loop owns it (see `CurlHandlePool`).
    private(set) var easy: UnsafeMutableRawPointer?
    /// The loop's shared strings (the remote address).
    private var strings: CurlStringCache?
    /// Where `finish` leaves the transfer for delivery; nil finishes by calling `onComplete` at once.
    var batch: CurlCompletionBatch?
    /// The result between `finish` and `deliver`.
    private var result: Result<TransferOutcome, CurlFailure>?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    private var finished = false

    // Response state, reset at every status line (redirects, 100 Continue).
    private var head = ResponseHead()
    private var declaredLength: Int64?
    private var memoryBody = Data()
    /// The most body bytes ever held in memory at once (what "memory stays flat" is checked against).
    private var peakMemoryBytes = 0
    private var bodyFile: Int32 = -1
    private var bodyFileURL: URL?
    private var bodyFileIsTemporary = false
    private var bodyFileSize: Int64 = 0
    private var localFailure: CurlFailure?

    // Upload state for streamed bodies.
    private var upload: UploadStream?
    /// When progress was last reported (coarse monotonic milliseconds), nil before the first report.
    private var lastProgressReport: Int64?

    init(
        spec: TransferSpec,
        onProgress: (@Sendable (TransferCounts) -> Void)? = nil,
        onComplete: @escaping @Sendable (Result<TransferOutcome, CurlFailure>) -> Void
    ) {
        self.spec = spec
        handleShape = CurlHandleShape(spec)
        self.onProgress = onProgress
        self.onComplete = onComplete
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
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
        configured: Bool = false
    ) -> Bool {
        easy = handle
        self.strings = strings
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

    /// Whether the loop may reset this transfer's handle and give it to a later one: every transfer
    /// but file downloads, which use a bigger receive buffer.
    var recyclesHandle: Bool { spec.destination == nil }

    /// Finishes after libcurl reported the transfer done. Network thread only.
    func complete(code: CURLcode) {
        guard let handle = easy else { return }
        if let localFailure {
            finish(.failure(localFailure))
        } else if code != CURLE_OK {
            finish(.failure(failure(code: code, handle: handle)))
        } else {
            reportProgress(force: true)
            finish(.success(outcome(handle)))
        }
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

    private func finish(_ result: Result<TransferOutcome, CurlFailure>) {
        guard !finished else { return }
        finished = true
        if bodyFile >= 0 {
            close(bodyFile)
            bodyFile = -1
        }
        if case .failure = result, bodyFileIsTemporary, let url = bodyFileURL {
            unlink(url.path)
        }
        releaseHandle()
        guard let batch else {
            onComplete(result)
            return
        }
        self.result = result
        self.batch = nil
        batch.append(self)
    }

    /// Calls `onComplete` with the result `finish` kept (see `CurlCompletionBatch`); once.
    func deliver() {
        guard let result else { return }
        self.result = nil
        onComplete(result)
    }

    /// Lets go of the easy handle (the loop recycles or frees it) and frees what the options pointed to.
    private func releaseHandle() {
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
    /// destination (memory or file) depends on it.
    fileprivate func receiveHeader(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        var end = line.count
        while end > start, ResponseHead.isBlank(line[end - 1]) { end -= 1 }
        while start < end, ResponseHead.isBlank(line[start]) { start += 1 }
        guard start < end else { return true }
        let trimmed = UnsafeBufferPointer(rebasing: line[start..<end])
        if ResponseHead.isStatusLine(trimmed) {
            // A new response (a redirect, `100 Continue`): only the last one's head is kept.
            head.reset()
            declaredLength = nil
        } else if let length = Self.contentLength(trimmed) {
            declaredLength = length
        }
        head.append(trimmed)
        return true
    }

    private static let contentLengthName = Array("content-length".utf8)

    /// The value of a `Content-Length: N` line, nil for any other line or a malformed number.
    private static func contentLength(_ line: UnsafeBufferPointer<UInt8>) -> Int64? {
        let name = contentLengthName
        guard line.count > name.count else { return nil }
        for index in 0..<name.count where line[index] | 0x20 != name[index] { return nil }
        var cursor = name.count
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
        if bodyFile < 0 {
            let goesToFile =
                spec.destination != nil || spec.alwaysToFile || memoryBody.count + bytes.count > spec.memoryLimit
                || (memoryBody.isEmpty && (declaredLength ?? 0) > Int64(spec.memoryLimit))
            if goesToFile {
                guard openBodyFile() else { return false }
                if !memoryBody.isEmpty {
                    let spilled = memoryBody.withUnsafeBytes { writeToBodyFile($0) }
                    memoryBody = Data()
                    guard spilled else { return false }
                }
            }
        }
        if bodyFile >= 0 { return writeToBodyFile(bytes) }
        memoryBody.append(contentsOf: bytes)
        peakMemoryBytes = max(peakMemoryBytes, memoryBody.count)
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
        guard onProgress != nil, counts != pendingCounts else { return true }
        pendingCounts = counts
        reportProgress(force: false)
        return true
    }

    private var pendingCounts: TransferCounts?

    /// Throttled: the first report 100 ms after the transfer started, then at most one per 100 ms,
    /// and a last one at completion when there were earlier ones. A quick exchange reports nothing
    /// (that saves work on every small request; its response arrives at once anyway).
    private func reportProgress(force: Bool) {
        guard let onProgress, let counts = pendingCounts else { return }
        let now = CoarseClock.milliseconds()
        if force {
            guard lastProgressReport != nil else { return }
        } else {
            let last = lastProgressReport ?? startedAt
            guard now - last >= 100 else { return }
        }
        lastProgressReport = now
        onProgress(counts)
    }

    /// Coarse monotonic milliseconds: throttling at 100 ms does not need a precise (and dearer) clock read.
    private let startedAt = CoarseClock.milliseconds()

    // MARK: - Body file

    private func openBodyFile() -> Bool {
        if let destination = spec.destination {
            let descriptor = open(destination.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                localFailure = CurlFailure(
                    cause: .downloadWriteFailure(destination.path),
                    message: "cannot create \(destination.path): \(String(cString: strerror(errno)))")
                return false
            }
            bodyFile = descriptor
            bodyFileURL = destination
            return true
        }
        let directory = FileManager.default.temporaryDirectory.path
        var template = Array("\(directory)/lazer-body-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else {
            localFailure = CurlFailure(
                cause: .downloadWriteFailure(directory),
                message: "cannot create a temporary file in \(directory): \(String(cString: strerror(errno)))")
            return false
        }
        bodyFile = descriptor
        bodyFileURL = URL(
            fileURLWithPath: String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
        bodyFileIsTemporary = true
        return true
    }

    private func writeToBodyFile(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress {
            let written = write(bodyFile, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                let path = bodyFileURL?.path ?? "?"
                localFailure = CurlFailure(
                    cause: .downloadWriteFailure(path),
                    message: "writing \(path) failed: \(String(cString: strerror(errno)))")
                return false
            }
            offset += written
        }
        bodyFileSize += Int64(bytes.count)
        return true
    }

    // MARK: - Results

    private func outcome(_ handle: UnsafeMutableRawPointer) -> TransferOutcome {
        let body: TransferOutcome.Body
        if let url = bodyFileURL {
            body = .file(url, size: bodyFileSize)
        } else if spec.destination != nil || spec.alwaysToFile, openBodyFile(), let url = bodyFileURL {
            // An empty body never opened the file: create it so a download always has one.
            close(bodyFile)
            bodyFile = -1
            body = .file(url, size: 0)
        } else {
            body = .memory(memoryBody)
        }
        var remote: String?
        if let ip = CurlInfo.cString(handle, CURLINFO_PRIMARY_IP), ip.pointee != 0 {
            let port = CurlInfo.long(handle, CURLINFO_PRIMARY_PORT)
            remote = strings?.remoteAddress(ip: ip, port: port) ?? CurlStringCache().remoteAddress(ip: ip, port: port)
        }
        return TransferOutcome(
            status: CurlInfo.long(handle, CURLINFO_RESPONSE_CODE),
            head: head,
            httpVersion: CurlInfo.httpVersion(handle) ?? head.statusVersion,
            effectiveURL: effectiveURL(handle),
            remoteAddress: remote,
            timings: CurlInfo.timings(handle),
            requestBytes: Int64(CurlInfo.long(handle, CURLINFO_REQUEST_SIZE)),
            uploadedBytes: CurlInfo.offset(handle, CURLINFO_SIZE_UPLOAD_T),
            headerBytes: Int64(CurlInfo.long(handle, CURLINFO_HEADER_SIZE)),
            downloadedBytes: CurlInfo.offset(handle, CURLINFO_SIZE_DOWNLOAD_T),
            peakMemoryBytes: peakMemoryBytes,
            body: body
        )
    }

    /// The URL of the last response: usually the one requested, which is then not copied again.
    private func effectiveURL(_ handle: UnsafeMutableRawPointer) -> String {
        guard let url = CurlInfo.cString(handle, CURLINFO_EFFECTIVE_URL) else { return spec.url }
        var requested = spec.url
        let same = requested.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return url.pointee == 0 }
            return strncmp(url, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), bytes.count) == 0
                && url[bytes.count] == 0
        }
        return same ? spec.url : String(cString: url)
    }

    private func failure(code: CURLcode, handle: UnsafeMutableRawPointer) -> CurlFailure {
        var message = String(cString: errorBuffer)
        if message.isEmpty { message = String(cString: curl_easy_strerror(code)) }
        return CurlFailure(
            cause: .curl(Int(code.rawValue)),
            message: message,
            verifyResult: CurlInfo.long(handle, CURLINFO_SSL_VERIFYRESULT),
            proxyVerifyResult: CurlInfo.long(handle, CURLINFO_PROXY_SSL_VERIFYRESULT),
            proxyError: CurlInfo.long(handle, CURLINFO_PROXY_ERROR),
            // A reused connection reports no connect time; the request having gone out
            // (pre-transfer) says a connection existed just as well.
            connected: CurlInfo.offset(handle, CURLINFO_CONNECT_TIME_T) > 0
                || CurlInfo.offset(handle, CURLINFO_PRETRANSFER_TIME_T) > 0
        )
    }

    // MARK: - Configuration

    /// What differs between two transfers of the same `CurlHandleShape`: the URL and every option
    /// that points at the transfer. Must match what `configure` sets from these.
    private func configurePerTransfer(_ handle: UnsafeMutableRawPointer, context: UnsafeMutableRawPointer)
        throws(CurlFailure)
    {
        let options = CurlOptionSetter(handle: handle)
        try options.set(CURLOPT_URL, spec.url)
        try options.pointer(CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer))
        try options.pointer(CURLOPT_PRIVATE, context)
        try options.pointer(CURLOPT_WRITEDATA, context)
        try options.pointer(CURLOPT_HEADERDATA, context)
        try options.pointer(CURLOPT_XFERINFODATA, context)
    }

    private func configure(
        _ handle: UnsafeMutableRawPointer, context: UnsafeMutableRawPointer, share: UnsafeMutableRawPointer?
    )
        throws(CurlFailure)
    {
        var options = CurlOptionSetter(handle: handle)
        try options.set(CURLOPT_URL, spec.url)
        try options.set(CURLOPT_NOSIGNAL, 1)
        // Bigger receive buffers mean fewer callbacks and writes; downloads to a file get the most.
        // libcurl 7.88 refuses CURLOPT_BUFFERSIZE (CURLE_BAD_FUNCTION_ARGUMENT) on a handle that
        // still has its receive buffer, which `curl_easy_reset` keeps — as a recycled handle does
        // after an HTTP/2 transfer. Recycled handles only ever served standard-size transfers, so
        // the buffer it keeps is the right one: the refusal is harmless, not a failed request.
        let bufferSize = ccurl_easy_setopt_long(
            handle, CURLOPT_BUFFERSIZE, spec.destination == nil ? 64 * 1024 : 512 * 1024)
        if bufferSize != CURLE_BAD_FUNCTION_ARGUMENT {
            try options.check(bufferSize, "option \(CURLOPT_BUFFERSIZE.rawValue)")
        }
        try options.pointer(CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer))
        try options.pointer(CURLOPT_PRIVATE, context)
        try options.pointer(CURLOPT_WRITEDATA, context)
        try options.check(ccurl_easy_setopt_write_function(handle, curlWriteCallback))
        try options.pointer(CURLOPT_HEADERDATA, context)
        try options.check(ccurl_easy_setopt_header_function(handle, curlHeaderCallback))
        try options.set(CURLOPT_NOPROGRESS, 0)
        try options.pointer(CURLOPT_XFERINFODATA, context)
        try options.check(ccurl_easy_setopt_xferinfo_function(handle, curlProgressCallback))
        if let share { try options.check(ccurl_easy_setopt_share(handle, share)) }
        // The share holds the jar, but only a cookie file name (none: "") turns the engine on.
        try options.set(CURLOPT_COOKIEFILE, "")

        if let timeout = spec.connectTimeoutMilliseconds { try options.set(CURLOPT_CONNECTTIMEOUT_MS, timeout) }
        if let timeout = spec.totalTimeoutMilliseconds { try options.set(CURLOPT_TIMEOUT_MS, timeout) }
        if spec.followRedirects {
            try options.set(CURLOPT_FOLLOWLOCATION, 1)
            try options.set(CURLOPT_MAXREDIRS, spec.maxRedirects)
            try options.set(CURLOPT_AUTOREFERER, 1)
        }
        try options.set(CURLOPT_SSL_VERIFYPEER, spec.verifyTLS ? 1 : 0)
        try options.set(CURLOPT_SSL_VERIFYHOST, spec.verifyTLS ? 2 : 0)
        if let caFile = spec.caFile { try options.set(CURLOPT_CAINFO, caFile) }
        if let certificate = spec.clientCertificate { try options.set(CURLOPT_SSLCERT, certificate) }
        if let key = spec.clientKey { try options.set(CURLOPT_SSLKEY, key) }
        if let passphrase = spec.clientKeyPassphrase { try options.set(CURLOPT_KEYPASSWD, passphrase) }
        if let proxy = spec.proxy { try options.set(CURLOPT_PROXY, proxy) }
        if let proxyCAFile = spec.proxyCAFile { try options.set(CURLOPT_PROXY_CAINFO, proxyCAFile) }
        if let authentication = spec.authentication {
            let scheme = authentication.scheme == .digest ? ccurl_auth_digest() : ccurl_auth_basic()
            try options.set(CURLOPT_HTTPAUTH, scheme)
            try options.set(CURLOPT_USERNAME, authentication.username)
            try options.set(CURLOPT_PASSWORD, authentication.password)
        }
        if spec.acceptCompression { try options.set(CURLOPT_ACCEPT_ENCODING, Self.acceptEncoding) }
        try options.set(CURLOPT_HTTP_VERSION, Self.curlVersion(spec.version))
        if spec.version == .http2PriorKnowledge, !CurlFeatures.current.reusesPriorKnowledgeConnections {
            try options.set(CURLOPT_FRESH_CONNECT, 1)
            try options.set(CURLOPT_FORBID_REUSE, 1)
        }

        try configureMethodAndBody(&options, handle: handle, context: context)

        for (name, value) in spec.headers {
            // "Name:" with nothing after it would make curl drop the header; "Name;" sends it empty.
            let line = value.isEmpty ? "\(name);" : "\(name): \(value)"
            guard let list = curl_slist_append(headerList, line) else {
                throw CurlFailure(cause: .curl(Int(CURLE_OUT_OF_MEMORY.rawValue)), message: "curl_slist_append failed")
            }
            headerList = list
        }
        for name in spec.suppressedHeaders {
            headerList = curl_slist_append(headerList, "\(name):")
        }
        // Stop curl from adding "Expect: 100-continue" (a needless round trip) unless the caller sets it;
        // curl only adds it to requests with a body.
        if case .none = spec.body {
        } else if !spec.headers.contains(where: { Self.isASCIICaseInsensitiveEqual($0.name, "expect") }) {
            headerList = curl_slist_append(headerList, "Expect:")
        }
        if let headerList { try options.slist(CURLOPT_HTTPHEADER, headerList) }
        if let userAgent = spec.userAgent { try options.set(CURLOPT_USERAGENT, userAgent) }
    }

    private func configureMethodAndBody(
        _ options: inout CurlOptionSetter, handle: UnsafeMutableRawPointer, context: UnsafeMutableRawPointer
    ) throws(CurlFailure) {
        let method = spec.method
        switch spec.body {
        case .none:
            switch method {
            case "GET": try options.set(CURLOPT_HTTPGET, 1)
            case "HEAD": try options.set(CURLOPT_NOBODY, 1)
            case "POST":
                try options.set(CURLOPT_POST, 1)
                try options.offset(CURLOPT_POSTFIELDSIZE_LARGE, 0)
                try options.set(CURLOPT_COPYPOSTFIELDS, "")
            default: try options.set(CURLOPT_CUSTOMREQUEST, method)
            }
            return
        case .bytes(let data):
            try options.set(CURLOPT_POST, 1)
            try options.offset(CURLOPT_POSTFIELDSIZE_LARGE, Int64(data.count))
            let code = Self.withCBytes(data) { ccurl_easy_setopt_string(handle, CURLOPT_COPYPOSTFIELDS, $0) }
            try options.check(code)
        case .stream(let segments):
            let stream = try UploadStream(segments)
            upload = stream
            try options.set(CURLOPT_POST, 1)
            try options.offset(CURLOPT_POSTFIELDSIZE_LARGE, stream.length)
            try options.pointer(CURLOPT_READDATA, context)
            try options.check(ccurl_easy_setopt_read_function(handle, curlReadCallback))
            try options.pointer(CURLOPT_SEEKDATA, context)
            try options.check(ccurl_easy_setopt_seek_function(handle, curlSeekCallback))
        }
        if method != "POST" { try options.set(CURLOPT_CUSTOMREQUEST, method) }
    }

    private static func curlVersion(_ version: TransferSpec.Version) -> Int {
        switch version {
        case .automatic: CURL_HTTP_VERSION_NONE
        case .http10: CURL_HTTP_VERSION_1_0
        case .http11: CURL_HTTP_VERSION_1_1
        case .http2: CURL_HTTP_VERSION_2TLS
        case .http2PriorKnowledge: CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE
        case .http3: CURL_HTTP_VERSION_3
        }
    }

    /// Computed once: see `CurlFeatures.acceptEncoding`.
    private static let acceptEncoding = CurlFeatures.current.acceptEncoding

    /// Whether `name` equals `lowercased` (which is lower-case ASCII) ignoring ASCII case.
    private static func isASCIICaseInsensitiveEqual(_ name: String, _ lowercased: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: lowercased.utf8Start, count: lowercased.utf8CodeUnitCount)
        guard name.utf8.count == expected.count else { return false }
        return zip(name.utf8, expected).allSatisfy { pair in
            let byte = pair.0
            let folded = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
            return folded == pair.1
        }
    }

    /// Calls `body` with a pointer to `data`'s bytes (a valid pointer even when `data` is empty).
    private static func withCBytes<R>(_ data: Data, _ body: (UnsafePointer<CChar>) -> R) -> R {
        var bytes = [CChar](repeating: 0, count: max(data.count, 1))
        bytes.withUnsafeMutableBytes { buffer in _ = data.copyBytes(to: buffer) }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { preconditionFailure("a non-empty array has storage") }
            return body(base)
        }
    }

    /// The transfer behind a callback's `userdata`.
    fileprivate static func from(_ pointer: UnsafeMutableRawPointer?) -> CurlTransfer? {
        pointer.map { Unmanaged<CurlTransfer>.fromOpaque($0).takeUnretainedValue() }
    }
}

// MARK: - C callbacks (no captures; the transfer comes through userdata)

private func curlWriteCallback(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?
)
    -> Int
{
    guard let transfer = CurlTransfer.from(user) else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
    return transfer.receiveBody(bytes) ? size * count : 0
}

private func curlHeaderCallback(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?
)
    -> Int
{
    guard let data, let transfer = CurlTransfer.from(user) else { return 0 }
    let line = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
    return transfer.receiveHeader(UnsafeBufferPointer(start: line, count: size * count)) ? size * count : 0
}

private func curlReadCallback(
    _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?
)
    -> Int
{
    guard let buffer, let transfer = CurlTransfer.from(user) else { return ccurl_readfunc_abort() }
    return transfer.readUpload(into: buffer, capacity: size * count)
}

private func curlSeekCallback(_ user: UnsafeMutableRawPointer?, _ offset: curl_off_t, _ origin: Int32) -> Int32 {
    guard origin == SEEK_SET, let transfer = CurlTransfer.from(user) else { return 2 }  // CURL_SEEKFUNC_CANTSEEK
    return transfer.seekUpload(to: Int64(offset)) ? 0 : 1
}

private func curlProgressCallback(
    _ user: UnsafeMutableRawPointer?, _ downloadTotal: curl_off_t, _ downloaded: curl_off_t, _ uploadTotal: curl_off_t,
    _ uploaded: curl_off_t
) -> Int32 {
    guard let transfer = CurlTransfer.from(user) else { return 1 }
    let counts = TransferCounts(
        received: Int64(downloaded), expectedToReceive: downloadTotal > 0 ? Int64(downloadTotal) : nil,
        sent: Int64(uploaded), expectedToSend: uploadTotal > 0 ? Int64(uploadTotal) : nil)
    return transfer.progress(counts) ? 0 : 1
}
