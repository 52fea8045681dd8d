import CCurl
import Foundation
import HTTPCore

/// Finds out, for an observed transfer only, what happens when it happens, and reports it as
/// `ExchangeEvent`s: made by `CurlTransfer` when its observer wants events, never otherwise, so an
/// unobserved request pays one `nil` check per callback.
///
/// Sources, all on the network thread: libcurl's verbose text (`CURLOPT_DEBUGFUNCTION`, on only
/// for observed transfers) for "Trying …" (resolved), "Connected to …" (TCP up, before TLS),
/// "Re-using existing connection", the TLS version, cipher, certificate lines and verification
/// result; the outgoing head and body sizes from the same callback (request sent);
/// `CURLOPT_PREREQFUNCTION` (connection ready: a fallback for anything the text did not say);
/// the header callback (status line, the blank line that ends the head: head before body); the
/// write callback (body progress, throttled to 10 a second, the first at once).
final class CurlEventTracker {
    private let observer: any CurlTransferObserver
    /// libcurl follows redirects itself (`CURLOPT_FOLLOWLOCATION`): a 3xx head is a hop.
    private let libcurlFollows: Bool
    /// The transfer is one hop of a `RedirectChain`: a redirect head is the chain's to report.
    private let chainHop: Bool
    private let bodyLength: Int64
    private let method: String
    private var url: URL?
    private var headers: [(name: String, value: String)]

    // Per hop (reset after a redirect libcurl follows).
    private var resolved = false
    private var connected = false
    private var reused = false
    private var tlsReported = false
    /// The server's handshake asked for a client certificate ("TLS handshake, Request CERT").
    private(set) var certificateRequested = false
    private var sent = false
    private var headReported = false
    private var addresses: [String] = []
    private var headBytesOut: Int64 = 0
    /// The head's bytes as libcurl sent them (observed transfers only: a few hundred bytes).
    private var headOut: [UInt8] = []
    private var bodyBytesOut: Int64 = 0
    private var tls = CurlTLSText()
    private var redirects = 0
    /// When the TCP connection came up (the TLS handshake starts then).
    private var connectedAt: ContinuousClock.Instant?

    // Body progress.
    private var bodyBytes: Int64 = 0
    private var reportedBytes: Int64 = 0
    private var expected: Int64?
    private var headAt: ContinuousClock.Instant?
    private var lastProgressAt: ContinuousClock.Instant?

    init(spec: TransferSpec, observer: any CurlTransferObserver, chainHop: Bool) {
        self.observer = observer
        libcurlFollows = spec.followRedirects
        self.chainHop = chainHop
        method = spec.method
        url = URL(string: spec.url)
        headers = spec.headers
        bodyLength =
            switch spec.body {
            case .none: 0
            case .bytes(let data): Int64(data.count)
            case .stream(let segments): (try? UploadStream(segments).length) ?? 0
            }
    }

    private var isHTTPS: Bool { url?.scheme?.lowercased() == "https" }

    private func report(_ kind: ExchangeEvent.Kind, stage: ExchangeStage? = nil) {
        observer.transferDidReport(kind, stage: stage)
    }

    // MARK: - libcurl's verbose text

    /// One `CURLINFO_TEXT` line (without the leading "* " curl's tool prints).
    func text(_ line: String, handle: UnsafeMutableRawPointer) {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("Trying ") {
            var address = String(trimmed.dropFirst("Trying ".count))
            if address.hasSuffix("...") { address.removeLast(3) }
            addresses.append(Self.withoutPort(address))
            reportResolved(handle)
        } else if trimmed.hasPrefix("Connected to ") {
            reportResolved(handle)
            reportConnected(handle, address: Self.between(trimmed, "(", ")"), port: Self.port(in: trimmed))
        } else if trimmed.hasPrefix("Re-using existing connection") {
            reused = true
        } else if trimmed.hasSuffix("TLS handshake, Request CERT (13):") {
            certificateRequested = true
        } else if let verification = tls.read(trimmed) {
            reportTLS(handle, verification: verification)
        }
    }

    /// Bytes of the request head went out (`CURLINFO_HEADER_OUT`).
    func headerOut(_ bytes: UnsafeRawBufferPointer) {
        headBytesOut += Int64(bytes.count)
        headOut.append(contentsOf: bytes)
        if bodyLength == 0 { reportSent() }
    }

    /// Bytes of the request body went out (`CURLINFO_DATA_OUT`).
    func dataOut(_ count: Int) {
        bodyBytesOut += Int64(count)
        if bodyBytesOut >= bodyLength { reportSent() }
    }

    /// The connection is ready and the request is about to go out (`CURLOPT_PREREQFUNCTION`).
    func connectionReady(_ handle: UnsafeMutableRawPointer, address: String, port: Int) {
        if !connected {
            if !reused, CurlInfo.long(handle, CURLINFO_NUM_CONNECTS) == 0 { reused = true }
            if !reused { reportResolved(handle) }
            reportConnected(handle, address: address, port: port)
        }
        if isHTTPS, !reused, !tlsReported { reportTLS(handle, verification: .unknown) }
    }

    // MARK: - Response

    /// A status line arrived: the request is out, whatever the counts said.
    func statusLine() {
        reportSent()
    }

    /// The blank line that ends a head. A 1xx head is not the answer; a redirect libcurl follows is
    /// a hop (its events start over); one a `RedirectChain` follows is the chain's to report.
    func headEnded(_ head: ResponseHead, handle: UnsafeMutableRawPointer, declaredLength: Int64?) {
        let status = head.status
        guard status >= 200 else { return }
        let location = head.headers.last { $0.name.lowercased() == "location" }?.value
        if (300...399).contains(status), let location, !location.isEmpty {
            if libcurlFollows {
                reportLibcurlRedirect(status: status, location: location)
                return
            }
            if chainHop, RedirectStep.statuses.contains(status) { return }
        }
        headReported = true
        headAt = ContinuousClock.now
        expected = declaredLength
        let event = ExchangeEvent.ResponseHead(
            status: StatusCode(rawValue: status), reason: head.reason,
            headers: HTTPHeaders(receivedLines: head.bytes),
            httpVersion: HTTPVersion(rawValue: CurlInfo.httpVersion(handle) ?? head.statusVersion))
        report(.responseHead(event))
    }

    /// Body bytes arrived (as written to memory or the file).
    func body(_ count: Int) {
        guard headReported else { return }
        bodyBytes += Int64(count)
        let now = ContinuousClock.now
        if let last = lastProgressAt, now - last < .milliseconds(100) { return }
        reportProgress(now)
    }

    /// The transfer finished: the last bytes, if the throttle held them back.
    func finished() {
        if headReported, bodyBytes > reportedBytes { reportProgress(ContinuousClock.now) }
    }

    private func reportProgress(_ now: ContinuousClock.Instant) {
        lastProgressAt = now
        reportedBytes = bodyBytes
        var rate: Double?
        if let headAt {
            let seconds = Double((now - headAt) / .microseconds(1)) / 1_000_000
            if seconds > 0.001 { rate = Double(bodyBytes) / seconds }
        }
        report(.bodyProgress(.init(bytes: bodyBytes, expected: expected, bytesPerSecond: rate)))
    }

    // MARK: - Reporting once

    private func reportResolved(_ handle: UnsafeMutableRawPointer) {
        guard !resolved, !reused else { return }
        resolved = true
        let duration = CurlInfo.microseconds(handle, CURLINFO_NAMELOOKUP_TIME_T)
        report(.resolved(.init(host: url?.host ?? "", addresses: addresses, duration: duration)))
    }

    private func reportConnected(_ handle: UnsafeMutableRawPointer, address: String?, port: Int?) {
        guard !connected else { return }
        connected = true
        connectedAt = ContinuousClock.now
        let peer = address.flatMap { $0.isEmpty ? nil : $0 } ?? CurlInfo.string(handle, CURLINFO_PRIMARY_IP) ?? ""
        let peerPort = port ?? CurlInfo.long(handle, CURLINFO_PRIMARY_PORT)
        var connectDuration: Duration?
        if !reused {
            let connect = CurlInfo.microseconds(handle, CURLINFO_CONNECT_TIME_T)
            let lookup = CurlInfo.microseconds(handle, CURLINFO_NAMELOOKUP_TIME_T)
            if connect > .zero { connectDuration = max(.zero, connect - lookup) }
        }
        let tlsNext = isHTTPS && !reused && !tlsReported
        report(
            .connected(.init(address: peer, port: peerPort, reused: reused, connectDuration: connectDuration)),
            stage: tlsNext ? .tlsHandshake : .sending)
    }

    private func reportTLS(_ handle: UnsafeMutableRawPointer, verification: ExchangeEvent.TLSDetails.Verification) {
        guard !tlsReported, !reused else { return }
        if !connected { reportConnected(handle, address: nil, port: nil) }
        tlsReported = true
        // libcurl sets its own TLS time only after this point: measured from the TCP connection.
        let duration = connectedAt.map { ContinuousClock.now - $0 }
        report(.tlsEstablished(tls.details(verification: verification, duration: duration)), stage: .sending)
    }

    private func reportSent() {
        guard !sent else { return }
        if !connected { return }
        sent = true
        report(.requestSent(.init(headBytes: headBytesOut, bodyBytes: bodyBytesOut, head: headOut)))
    }

    // MARK: - Redirects libcurl follows

    private func reportLibcurlRedirect(status: Int, location: String) {
        redirects += 1
        let next = url.flatMap { URL(string: location, relativeTo: $0)?.absoluteURL }
        let crossOrigin = next.map { Self.origin(of: $0) != url.map(Self.origin) } ?? false
        let dropped =
            crossOrigin
            ? headers.map(\.name).filter {
                ["authorization", "cookie", "proxy-authorization"].contains($0.lowercased())
            }
            : []
        let method = (try? HTTPMethod(token: self.method)) ?? .get
        report(
            .redirect(
                .init(
                    status: StatusCode(rawValue: status), location: location, url: next, method: method,
                    nextMethod: method, bodyDropped: false, droppedHeaders: dropped, crossOrigin: crossOrigin,
                    number: redirects)))
        if let next { url = next }
        if crossOrigin { headers.removeAll { dropped.contains($0.name) } }
        // The next hop starts over: a new name, connection and TLS (or the same connection, reused).
        resolved = false
        connected = false
        connectedAt = nil
        reused = false
        tlsReported = false
        sent = false
        addresses = []
        headBytesOut = 0
        headOut = []
        bodyBytesOut = 0
        tls = CurlTLSText()
    }

    // MARK: - Parsing

    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }

    /// `127.0.0.1:8080` → `127.0.0.1`; `[::1]:8080` → `::1`.
    static func withoutPort(_ address: String) -> String {
        if address.hasPrefix("["), let close = address.firstIndex(of: "]") {
            return String(address[address.index(after: address.startIndex)..<close])
        }
        guard let colon = address.lastIndex(of: ":"), address.firstIndex(of: ":") == colon else { return address }
        return String(address[..<colon])
    }

    /// The text between the first `open` and the next `close`.
    static func between(_ text: String, _ open: Character, _ close: Character) -> String? {
        guard let start = text.firstIndex(of: open) else { return nil }
        let rest = text[text.index(after: start)...]
        guard let end = rest.firstIndex(of: close) else { return nil }
        return String(rest[..<end])
    }

    /// The number after " port " ("Connected to localhost (127.0.0.1) port 8080 (#0)").
    static func port(in text: String) -> Int? {
        guard let range = text.range(of: " port ") else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }

}

// MARK: - C callbacks for observed transfers

func curlDebugCallback(
    _ handle: UnsafeMutableRawPointer?, _ type: curl_infotype, _ data: UnsafeMutablePointer<CChar>?, _ size: Int,
    _ user: UnsafeMutableRawPointer?
) -> Int32 {
    guard let handle else { return 0 }
    CurlTransfer.with(user, else: ()) { transfer in
        guard let tracker = transfer.tracker else { return }
        switch type {
        case CURLINFO_TEXT:
            guard let data else { return }
            let bytes = UnsafeRawBufferPointer(start: data, count: size)
            tracker.text(String(decoding: bytes, as: UTF8.self), handle: handle)
        case CURLINFO_HEADER_OUT:
            guard let data else { return }
            tracker.headerOut(UnsafeRawBufferPointer(start: data, count: size))
        case CURLINFO_DATA_OUT:
            tracker.dataOut(size)
        default:
            break
        }
    }
    return 0
}

func curlPrereqCallback(
    _ user: UnsafeMutableRawPointer?, _ primaryIP: UnsafeMutablePointer<CChar>?,
    _ localIP: UnsafeMutablePointer<CChar>?,
    _ primaryPort: Int32, _ localPort: Int32
) -> Int32 {
    CurlTransfer.with(user, else: ()) { transfer in
        guard let tracker = transfer.tracker, let handle = transfer.easy else { return }
        let address = primaryIP.map { String(cString: $0) } ?? ""
        tracker.connectionReady(handle, address: address, port: Int(primaryPort))
    }
    return 0
}
