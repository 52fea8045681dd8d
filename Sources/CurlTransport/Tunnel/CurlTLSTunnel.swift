import CCurl
public import Foundation
public import HTTPCore
import Synchronization

/// `TLSTunnelOpening` on libcurl: a `CURLOPT_CONNECT_ONLY` connection to `https://host:port/`
/// (or, for `ws://` behind a proxy, `http://host:port/`)
/// (TCP, the proxy's tunnel, the TLS handshake, each with the request's settings, exactly as an
/// HTTPS request makes them), then a thread that copies bytes between it (`curl_easy_recv`,
/// `curl_easy_send`) and one end of a local socket pair; the caller gets the other end. So
/// `wss://` has the HTTP transport's TLS — CA file, client certificate, `insecure`, proxies —
/// without a second TLS library in the build.
public struct CurlTLSTunnel: TLSTunnelOpening {
    public init() {}

    public func openTunnel(
        host: String, port: Int, options: RequestOptions, timeout: Duration, url: URL
    ) async throws(TransportError) -> TLSTunnel {
        try await open(target: Self.target("https", host, port), options: options, timeout: timeout, url: url)
    }

    /// `ws://` behind a proxy: libcurl connects to `http://host:port/` through it (`CONNECT` for
    /// an HTTP proxy, as browsers do for `ws://`) and the pump carries the bytes as they are.
    /// With no proxy in the options or the environment, nil: NIO connects directly, one thread fewer.
    public func openProxiedTunnel(
        host: String, port: Int, options: RequestOptions, timeout: Duration, url: URL
    ) async throws(TransportError) -> TLSTunnel? {
        guard options.proxy != nil || !ProxyEnvironment.isEmpty else { return nil }
        return try await open(target: Self.target("http", host, port), options: options, timeout: timeout, url: url)
    }

    private static func target(_ scheme: String, _ host: String, _ port: Int) -> String {
        "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
    }

    private func open(
        target: String, options: RequestOptions, timeout: Duration, url: URL
    ) async throws(TransportError) -> TLSTunnel {
        _ = CurlGlobal.initialize()
        // Cancelling the task (Esc, F6 on a `wss://` still connecting) ends libcurl's connect at its
        // next progress call (about a second at most) instead of at the connect timeout.
        let cancel = TunnelCancel()
        let result: Result<TLSTunnel, TransportError> = await withTaskCancellationHandler {
            await connect(target: target, options: options, timeout: timeout, url: url, cancel: cancel)
        } onCancel: {
            cancel.requested.store(true, ordering: .relaxed)
        }
        return try result.get()
    }

    private func connect(
        target: String, options: RequestOptions, timeout: Duration, url: URL, cancel: TunnelCancel
    ) async -> Result<TLSTunnel, TransportError> {
        await withCheckedContinuation { continuation in
            // libcurl's connect-only perform blocks: it gets a thread of its own, which then
            // carries the tunnel's bytes for as long as it is open.
            let thread = Thread {
                let pump: TunnelPump
                let viaProxy = options.proxy != nil || !ProxyEnvironment.isEmpty
                do throws(CurlFailure) {
                    pump = try TunnelPump.connect(target: target, options: options, timeout: timeout, cancel: cancel)
                } catch {
                    continuation.resume(returning: .failure(TransportError(error, url: url, viaProxy: viaProxy)))
                    return
                }
                let ending = TunnelEnding()
                pump.ended = { ending.record(TransportError($0, url: url, viaProxy: viaProxy)) }
                continuation.resume(
                    returning: .success(
                        TLSTunnel(
                            descriptor: pump.callerEnd, ending: ending, connectDuration: pump.connectDuration,
                            tlsDuration: pump.tlsDuration, tls: pump.tls)))
                pump.run()
            }
            thread.name = "lazer-tls-tunnel"
            thread.start()
        }
    }
}

/// The TLS lines of libcurl's verbose text while a tunnel connects (on the connecting thread only).
private final class TunnelTLSLog {
    var text = CurlTLSText()
    var verification: ExchangeEvent.TLSDetails.Verification?
}

/// Reads the verbose text of a tunnel's connect into its `TunnelTLSLog`.
private func tunnelDebugCallback(
    _: UnsafeMutableRawPointer?, _ type: curl_infotype, _ data: UnsafeMutablePointer<CChar>?, _ size: Int,
    _ user: UnsafeMutableRawPointer?
) -> Int32 {
    guard type == CURLINFO_TEXT, let data, let user else { return 0 }
    let log = Unmanaged<TunnelTLSLog>.fromOpaque(user).takeUnretainedValue()
    let line = String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)
    if let verification = log.text.read(line.trimmingCharacters(in: .whitespacesAndNewlines)) {
        log.verification = verification
    }
    return 0
}

/// Set when the task opening a tunnel is cancelled; libcurl's progress callback reads it.
private final class TunnelCancel: Sendable {
    let requested = Atomic<Bool>(false)
}

/// Asks libcurl to stop a tunnel's connect once its task was cancelled.
private func tunnelProgressCallback(
    _ user: UnsafeMutableRawPointer?, _: curl_off_t, _: curl_off_t, _: curl_off_t, _: curl_off_t
) -> Int32 {
    guard let user else { return 0 }
    return Unmanaged<TunnelCancel>.fromOpaque(user).takeUnretainedValue().requested.load(ordering: .relaxed) ? 1 : 0
}

/// One connect-only connection and the socket pair it is copied to; owned by its thread.
private final class TunnelPump {
    private let handle: UnsafeMutableRawPointer
    /// libcurl's error buffer, kept for the connection's life: a failed read's message (a TLS
    /// alert) is written there.
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private let network: Int32
    /// The end the caller speaks over, and the end this pump reads and writes.
    let callerEnd: Int32
    private let pumpEnd: Int32
    /// Plaintext read from the server, not yet written to the caller; and the reverse.
    private var toCaller: [UInt8] = []
    private var toServer: [UInt8] = []
    private var serverClosed = false
    /// Whether the caller was told the end of the server's bytes (once).
    private var endSent = false
    private static let chunk = 64 * 1024
    /// Reading from the server stops while this much waits for the caller (backpressure).
    private static let pendingLimit = 1 << 20
    /// Told why a read from the server failed (not a clean close), before the caller's end of file.
    var ended: (CurlFailure) -> Void = { _ in }
    /// libcurl's times: TCP up, then the TLS handshake done (after the TCP connect).
    private(set) var connectDuration: Duration?
    private(set) var tlsDuration: Duration?
    /// What libcurl's verbose text said of the handshake.
    private(set) var tls: ExchangeEvent.TLSDetails?

    private init(
        handle: UnsafeMutableRawPointer, errorBuffer: UnsafeMutablePointer<CChar>, network: Int32, callerEnd: Int32,
        pumpEnd: Int32
    ) {
        self.handle = handle
        self.errorBuffer = errorBuffer
        self.network = network
        self.callerEnd = callerEnd
        self.pumpEnd = pumpEnd
    }

    /// Connects (blocking) with the TLS and proxy settings of `options`.
    static func connect(
        target: String, options: RequestOptions, timeout: Duration, cancel: TunnelCancel
    ) throws(CurlFailure) -> TunnelPump {
        guard let handle = curl_easy_init() else {
            throw CurlFailure(cause: .curl(Int(CURLE_FAILED_INIT.rawValue)), message: "libcurl could not start")
        }
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        do throws(CurlFailure) {
            let setter = CurlOptionSetter(handle: handle)
            try setter.set(CURLOPT_URL, target)
            try setter.set(CURLOPT_CONNECT_ONLY, 1)
            // A plain target through an HTTP proxy: a CONNECT tunnel, not a request forwarded to it.
            if target.hasPrefix("http:") { try setter.set(CURLOPT_HTTPPROXYTUNNEL, 1) }
            try setter.set(CURLOPT_NOSIGNAL, 1)
            try setter.pointer(CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer))
            try setter.set(CURLOPT_CONNECTTIMEOUT_MS, TransferSpec.milliseconds(timeout))
            // `cancel` outlives the perform: the opening task holds it until the connect ends.
            try setter.set(CURLOPT_NOPROGRESS, 0)
            try setter.pointer(CURLOPT_XFERINFODATA, Unmanaged.passUnretained(cancel).toOpaque())
            try setter.check(ccurl_easy_setopt_xferinfo_function(handle, tunnelProgressCallback))
            // libcurl's verbose text during the connect says what TLS it negotiated, as for HTTPS.
            let log = TunnelTLSLog()
            try setter.set(CURLOPT_VERBOSE, 1)
            try setter.pointer(CURLOPT_DEBUGDATA, Unmanaged.passUnretained(log).toOpaque())
            try setter.check(ccurl_easy_setopt_debug_function(handle, tunnelDebugCallback))
            try setter.setConnectionSecurity(
                verifyTLS: options.verifyTLS, caFile: options.caFile,
                clientCertificate: options.clientCertificate?.certificatePath,
                clientKey: options.clientCertificate?.privateKeyPath,
                clientKeyPassphrase: options.clientCertificate?.passphrase, proxy: options.proxy,
                proxyCAFile: options.proxyCAFile)
            let code = withExtendedLifetime(log) { curl_easy_perform(handle) }
            // The pump's reads and writes are not told.
            try setter.set(CURLOPT_VERBOSE, 0)
            guard code == CURLE_OK else {
                var failure = CurlFailure(
                    cause: .curl(Int(code.rawValue)),
                    message: errorBuffer.pointee == 0
                        ? String(cString: curl_easy_strerror(code)) : String(cString: errorBuffer))
                var value = 0
                if ccurl_easy_getinfo_long(handle, CURLINFO_SSL_VERIFYRESULT, &value) == CURLE_OK {
                    failure.verifyResult = value
                }
                if ccurl_easy_getinfo_long(handle, CURLINFO_PROXY_SSL_VERIFYRESULT, &value) == CURLE_OK {
                    failure.proxyVerifyResult = value
                }
                if ccurl_easy_getinfo_long(handle, CURLINFO_PROXY_ERROR, &value) == CURLE_OK {
                    failure.proxyError = value
                }
                throw failure
            }
            errorBuffer.pointee = 0
            var socket: curl_socket_t = -1
            guard ccurl_easy_getinfo_socket(handle, &socket) == CURLE_OK, socket >= 0 else {
                throw CurlFailure(cause: .curl(Int(CURLE_COULDNT_CONNECT.rawValue)), message: "no connected socket")
            }
            var ends: [Int32] = [-1, -1]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
                throw CurlFailure(
                    cause: .curl(Int(CURLE_OUT_OF_MEMORY.rawValue)),
                    message: "no local socket pair: \(String(cString: strerror(errno)))")
            }
            _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
            let pump = TunnelPump(
                handle: handle, errorBuffer: errorBuffer, network: socket, callerEnd: ends[0], pumpEnd: ends[1])
            let connected = CurlInfo.offset(handle, CURLINFO_CONNECT_TIME_T)
            let secured = CurlInfo.offset(handle, CURLINFO_APPCONNECT_TIME_T)
            if connected > 0 { pump.connectDuration = .microseconds(connected) }
            if secured > connected, connected > 0 { pump.tlsDuration = .microseconds(secured - connected) }
            pump.tls = log.text.details(
                verification: log.verification
                    ?? (options.verifyTLS ? .verified : .notVerified("verification is off for this request")),
                duration: pump.tlsDuration)
            return pump
        } catch {
            curl_easy_cleanup(handle)
            errorBuffer.deallocate()
            throw error
        }
    }

    /// Copies both ways until the caller closes its end or the connection fails; the server
    /// closing shows to the caller as end of file. Then libcurl closes the connection.
    func run() {
        defer {
            curl_easy_cleanup(handle)
            errorBuffer.deallocate()
            close(pumpEnd)
        }
        var buffer = [UInt8](repeating: 0, count: Self.chunk)
        while true {
            // libcurl's TLS layer may hold decrypted bytes while the socket has none to read:
            // drain it whenever the caller has room, before waiting on the socket.
            if !serverClosed, toCaller.count < Self.pendingLimit { receive(into: &buffer) }
            if !flushToCaller() { return }
            if !toServer.isEmpty, !sendToServer() { return }
            // A socket with nothing wanted of it is left out (-1): its hang-up would wake poll at once.
            let networkEvents =
                serverClosed ? 0 : (toCaller.count >= Self.pendingLimit ? 0 : POLLIN) | (toServer.isEmpty ? 0 : POLLOUT)
            var fds = [
                pollfd(fd: networkEvents == 0 ? -1 : network, events: Int16(networkEvents), revents: 0),
                pollfd(
                    fd: pumpEnd,
                    events: Int16(
                        (toServer.count >= Self.pendingLimit ? 0 : POLLIN) | (toCaller.isEmpty ? 0 : POLLOUT)),
                    revents: 0),
            ]
            let ready = poll(&fds, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if fds[1].revents & Int16(POLLIN | POLLHUP) != 0 {
                let count = buffer.withUnsafeMutableBytes { read(pumpEnd, $0.baseAddress, $0.count) }
                if count == 0 { return }  // the caller closed its end
                if count < 0, errno != EAGAIN, errno != EINTR { return }
                if count > 0 { toServer.append(contentsOf: buffer[0..<count]) }
            }
            if fds[1].revents & Int16(POLLERR) != 0 { return }
        }
    }

    /// Reads what the server has (plaintext) into `toCaller`, until libcurl has no more for now.
    private func receive(into buffer: inout [UInt8]) {
        while toCaller.count < Self.pendingLimit {
            var count = 0
            let code = buffer.withUnsafeMutableBytes { curl_easy_recv(handle, $0.baseAddress, $0.count, &count) }
            if code == CURLE_AGAIN { return }
            // A failed or closed connection: what was read still goes to the caller, then its end
            // of file (`flushToCaller`).
            guard code == CURLE_OK, count > 0 else {
                if code != CURLE_OK {
                    let message =
                        errorBuffer.pointee == 0
                        ? String(cString: curl_easy_strerror(code)) : String(cString: errorBuffer)
                    ended(CurlFailure(cause: .curl(Int(code.rawValue)), message: message, connected: true))
                }
                serverClosed = true
                return
            }
            toCaller.append(contentsOf: buffer[0..<count])
        }
    }

    /// Writes what waits for the caller, as much as its socket takes now.
    private func flushToCaller() -> Bool {
        while !toCaller.isEmpty {
            let count = toCaller.withUnsafeBytes { write(pumpEnd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { return true }
                return false
            }
            toCaller.removeFirst(count)
        }
        if serverClosed, !endSent {
            endSent = true
            shutdown(pumpEnd, Int32(SHUT_WR))
        }
        return true
    }

    /// Sends what the caller wrote, as much as the connection takes now.
    private func sendToServer() -> Bool {
        while !toServer.isEmpty {
            var sent = 0
            let code = toServer.withUnsafeBytes { curl_easy_send(handle, $0.baseAddress, $0.count, &sent) }
            if code == CURLE_AGAIN { return true }
            guard code == CURLE_OK else { return false }
            toServer.removeFirst(sent)
        }
        return true
    }
}
