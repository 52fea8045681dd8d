import CCurl
import Foundation
import Synchronization

/// One exchange on a `CurlEngine`: an easy handle, its callbacks and what they collect.
///
/// Threading contract: a transfer is created on any thread and handed to the engine once with
/// `CurlEngine.submit`; from then on only the engine's network thread touches its mutable state
/// (the easy handle, buffers, files). `cancel()` only flips an atomic flag and asks the engine to
/// remove the handle. That hand-over is why the class is `@unchecked Sendable`.
final class CurlTransfer: @unchecked Sendable {
    let spec: TransferSpec
    private let onProgress: (@Sendable (TransferCounts) -> Void)?
    private let onComplete: @Sendable (Result<TransferOutcome, CurlFailure>) -> Void
    /// Set by `cancel()` from any thread; read by the progress callback to abort quickly.
    let cancelled = Atomic<Bool>(false)

    private(set) var easy: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    private var finished = false

    // Response state, reset at every status line (redirects, 100 Continue).
    private var status = 0
    private var reason = ""
    private var statusVersion = ""
    private var headers: [(name: String, value: String)] = []
    private var declaredLength: Int64?
    private var memoryBody = Data()
    private var bodyFile: Int32 = -1
    private var bodyFileURL: URL?
    private var bodyFileIsTemporary = false
    private var bodyFileSize: Int64 = 0
    private var localFailure: CurlFailure?

    // Upload state for streamed bodies.
    private var upload: UploadStream?
    private var lastProgressReport: ContinuousClock.Instant?

    init(
        spec: TransferSpec,
        onProgress: (@Sendable (TransferCounts) -> Void)? = nil,
        onComplete: @escaping @Sendable (Result<TransferOutcome, CurlFailure>) -> Void
    ) {
        self.spec = spec
        self.onProgress = onProgress
        self.onComplete = onComplete
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        releaseHandle()
        errorBuffer.deallocate()
    }

    // MARK: - Network thread

    /// Creates and configures the easy handle. Network thread only. On failure the transfer is finished.
    func prepare(share: UnsafeMutableRawPointer?) -> Bool {
        guard let handle = curl_easy_init() else {
            finish(
                .failure(CurlFailure(cause: .curl(Int(CURLE_OUT_OF_MEMORY.rawValue)), message: "curl_easy_init failed"))
            )
            return false
        }
        easy = handle
        let context = Unmanaged.passUnretained(self).toOpaque()
        do {
            try configure(handle, context: context, share: share)
            return true
        } catch {
            finish(.failure(error))
            return false
        }
    }

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
        onComplete(result)
    }

    private func releaseHandle() {
        if let easy { curl_easy_cleanup(easy) }
        easy = nil
        if let headerList { curl_slist_free_all(headerList) }
        headerList = nil
        upload = nil
        if bodyFile >= 0 { close(bodyFile) }
        bodyFile = -1
    }

    // MARK: - Callbacks (network thread, called by libcurl)

    fileprivate func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            statusVersion = fields.first.map(String.init) ?? ""
            status = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
            reason = fields.count > 2 ? String(fields[2]) : ""
            headers.removeAll(keepingCapacity: true)
            declaredLength = nil
        } else if let colon = line.firstIndex(of: ":") {
            let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
            let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            headers.append((name, value))
            if name.caseInsensitiveCompare("Content-Length") == .orderedSame { declaredLength = Int64(value) }
        }
        return true
    }

    fileprivate func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if bodyFile < 0 {
            let goesToFile =
                spec.destination != nil || memoryBody.count + bytes.count > spec.memoryLimit
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
        pendingCounts = counts
        reportProgress(force: false)
        return true
    }

    private var pendingCounts: TransferCounts?

    private func reportProgress(force: Bool) {
        guard let onProgress, let counts = pendingCounts else { return }
        let now = ContinuousClock.now
        if !force, let last = lastProgressReport, now - last < .milliseconds(100) { return }
        lastProgressReport = now
        onProgress(counts)
    }

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
        } else if let destination = spec.destination {
            // An empty body never opened the file: create it so the destination always exists.
            _ = FileManager.default.createFile(atPath: destination.path, contents: nil)
            body = .file(destination, size: 0)
        } else {
            body = .memory(memoryBody)
        }
        var remote: String?
        if let ip = CurlInfo.string(handle, CURLINFO_PRIMARY_IP), !ip.isEmpty {
            let port = CurlInfo.long(handle, CURLINFO_PRIMARY_PORT)
            remote = ip.contains(":") ? "[\(ip)]:\(port)" : "\(ip):\(port)"
        }
        return TransferOutcome(
            status: CurlInfo.long(handle, CURLINFO_RESPONSE_CODE),
            reason: reason,
            httpVersion: CurlInfo.httpVersion(handle, fallback: statusVersion),
            headers: headers,
            effectiveURL: CurlInfo.string(handle, CURLINFO_EFFECTIVE_URL) ?? spec.url,
            remoteAddress: remote,
            timings: CurlInfo.timings(handle),
            requestBytes: Int64(CurlInfo.long(handle, CURLINFO_REQUEST_SIZE)),
            uploadedBytes: CurlInfo.offset(handle, CURLINFO_SIZE_UPLOAD_T),
            headerBytes: Int64(CurlInfo.long(handle, CURLINFO_HEADER_SIZE)),
            downloadedBytes: CurlInfo.offset(handle, CURLINFO_SIZE_DOWNLOAD_T),
            body: body
        )
    }

    private func failure(code: CURLcode, handle: UnsafeMutableRawPointer) -> CurlFailure {
        var message = String(cString: errorBuffer)
        if message.isEmpty { message = String(cString: curl_easy_strerror(code)) }
        return CurlFailure(
            cause: .curl(Int(code.rawValue)),
            message: message,
            verifyResult: CurlInfo.long(handle, CURLINFO_SSL_VERIFYRESULT),
            connected: CurlInfo.offset(handle, CURLINFO_CONNECT_TIME_T) > 0
        )
    }

    // MARK: - Configuration

    private func configure(
        _ handle: UnsafeMutableRawPointer, context: UnsafeMutableRawPointer, share: UnsafeMutableRawPointer?
    )
        throws(CurlFailure)
    {
        var options = CurlOptionSetter(handle: handle)
        try options.set(CURLOPT_URL, spec.url)
        try options.set(CURLOPT_NOSIGNAL, 1)
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
        if spec.acceptCompression { try options.set(CURLOPT_ACCEPT_ENCODING, "") }
        try options.set(CURLOPT_HTTP_VERSION, Self.curlVersion(spec.version))

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
        // Stop curl from adding "Expect: 100-continue" (a needless round trip) unless the caller sets it.
        if !spec.headers.contains(where: { $0.name.caseInsensitiveCompare("Expect") == .orderedSame }) {
            headerList = curl_slist_append(headerList, "Expect:")
        }
        try options.slist(CURLOPT_HTTPHEADER, headerList)
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
    guard let transfer = CurlTransfer.from(user) else { return 0 }
    return transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
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
