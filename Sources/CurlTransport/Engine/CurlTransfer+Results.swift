import CCurl
import Foundation
import HTTPCore

/// Where a transfer's body goes (memory or a file) and what it reports when libcurl is done.
extension CurlTransfer {
    // MARK: - Body file

    func openBodyFile() -> Bool {
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
        var template = Array("\(directory)/\(ResponseBody.spillFilePrefix)XXXXXX".utf8CString)
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

    func writeToBodyFile(_ bytes: UnsafeRawBufferPointer) -> Bool {
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

    func outcome(_ handle: UnsafeMutableRawPointer) -> TransferOutcome {
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
    func effectiveURL(_ handle: UnsafeMutableRawPointer) -> String {
        guard let url = CurlInfo.cString(handle, CURLINFO_EFFECTIVE_URL) else { return spec.url }
        var requested = spec.url
        let same = requested.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return url.pointee == 0 }
            return strncmp(url, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), bytes.count) == 0
                && url[bytes.count] == 0
        }
        return same ? spec.url : String(cString: url)
    }

    func failure(code: CURLcode, handle: UnsafeMutableRawPointer) -> CurlFailure {
        var message = String(cString: errorBuffer)
        if message.isEmpty { message = String(cString: curl_easy_strerror(code)) }
        // A hop refused by CURLOPT_REDIR_PROTOCOLS_STR: the effective URL is the refused one.
        if code == CURLE_UNSUPPORTED_PROTOCOL, CurlInfo.long(handle, CURLINFO_REDIRECT_COUNT) > 0 {
            let scheme = CurlFailure.scheme(of: effectiveURL(handle))
            if scheme != "http", scheme != "https" {
                return CurlFailure(cause: .redirectRefused(scheme: scheme), message: message, connected: true)
            }
        }
        // A redirect libcurl could not follow because its Location is not a URL ("The redirect
        // target URL could not be parsed"): the server's Location is to blame, not the request's
        // URL, which is what CURLE_URL_MALFORMAT would otherwise be read as.
        if code == CURLE_URL_MALFORMAT, RedirectStep.statuses.contains(head.status),
            let location = head.headers.last(where: { $0.name.lowercased() == "location" })?.value
        {
            return CurlFailure(
                cause: .redirectMalformed(location: location), message: message, connected: true, stage: .waiting)
        }
        // libcurl 7.88 refuses one header over 100 KiB as "out of memory" (its header buffer's
        // cap), after the status line and before any body; over 300 KiB in all as a receive error.
        let headerTooLarge =
            (code == CURLE_OUT_OF_MEMORY && CurlInfo.long(handle, CURLINFO_RESPONSE_CODE) > 0
                && CurlInfo.offset(handle, CURLINFO_SIZE_DOWNLOAD_T) == 0)
            || (code == CURLE_RECV_ERROR && message.contains("Too large response headers"))
        var timings = CurlInfo.timings(handle)
        // TLS 1.3 sends a refusal of the client's certificate after the handshake, and the server
        // may close before libcurl reads the alert: the request it made is the evidence left.
        let refused =
            tracker?.certificateRequested == true && CurlInfo.long(handle, CURLINFO_RESPONSE_CODE) == 0
            && (code == CURLE_SEND_ERROR || code == CURLE_RECV_ERROR || code == CURLE_SSL_CONNECT_ERROR)
        // libcurl's total time can lag the failure (it is updated with progress): never less than
        // the time since the transfer was made (coarse: a few milliseconds).
        timings.total = max(timings.total, .milliseconds(CoarseClock.milliseconds() - startedAt))
        return CurlFailure(
            cause: .curl(Int(code.rawValue)),
            message: message,
            verifyResult: CurlInfo.long(handle, CURLINFO_SSL_VERIFYRESULT),
            proxyVerifyResult: CurlInfo.long(handle, CURLINFO_PROXY_SSL_VERIFYRESULT),
            proxyError: CurlInfo.long(handle, CURLINFO_PROXY_ERROR),
            // A reused connection reports no connect time; the request having gone out
            // (pre-transfer) says a connection existed just as well.
            connected: CurlInfo.offset(handle, CURLINFO_CONNECT_TIME_T) > 0
                || CurlInfo.offset(handle, CURLINFO_PRETRANSFER_TIME_T) > 0,
            headerTooLarge: headerTooLarge,
            clientCertificateRefused: refused,
            stage: failureStage(code: code, timings: timings, handle: handle),
            timings: timings
        )
    }

    /// Where a failed transfer was: the codes that say it (DNS, connect, TLS), else the last phase
    /// libcurl's timings reached. Read only on failure.
    func failureStage(code: CURLcode, timings: TransferTimings, handle: UnsafeMutableRawPointer) -> ExchangeStage {
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return .resolving
        case CURLE_COULDNT_CONNECT: return .connecting
        case CURLE_GOT_NOTHING: return .waiting
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR:
            return timings.preTransfer > .zero ? .receiving : .tlsHandshake
        default: break
        }
        if timings.firstByte > .zero { return .receiving }
        if timings.preTransfer > .zero {
            let uploaded = CurlInfo.offset(handle, CURLINFO_SIZE_UPLOAD_T)
            if let total = upload?.length, uploaded < total { return .sending }
            return .waiting
        }
        // libcurl 7.88 sets the connect time only once TLS is up too; a peer port says TCP is.
        if timings.connect > .zero || CurlInfo.long(handle, CURLINFO_PRIMARY_PORT) > 0 {
            return spec.url.lowercased().hasPrefix("https") ? .tlsHandshake : .sending
        }
        if timings.nameLookup > .zero { return .connecting }
        return .resolving
    }
}
