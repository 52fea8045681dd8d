import HTTPCore
import TUI
import Workspace

/// The Timeline tab's details under the bars: the connection (resolved addresses, the peer,
/// reused or new), the HTTP version, TLS and its certificate, and the bytes each way.
extension TimelineLines {
    static func details(_ trace: ExchangeTrace, _ theme: Theme) -> [Line] {
        var lines: [Line] = []
        func detail(_ name: String, _ value: String, _ role: ThemeRole = .text) {
            lines.append(
                Line([Span(name.padded(to: labelWidth), style: theme[.muted]), Span(value, style: theme[role])]))
        }
        let timeline = trace.timeline
        if timeline.isMock {
            detail("connection", "none: the mock answered in-process")
        }
        if case .resolved(let resolution)? = timeline.last("resolved")?.kind {
            let addresses = resolution.addresses.isEmpty ? "no address" : resolution.addresses.joined(separator: ", ")
            detail("resolved", "\(resolution.host) → \(addresses) in \(DurationText.format(resolution.duration))")
        }
        if case .connected(let connection)? = timeline.last("connected")?.kind {
            var text = connection.endpoint
            if connection.reused {
                text += " · reused connection"
            } else {
                text += " · new connection"
                if let connect = connection.connectDuration { text += " (connect \(DurationText.format(connect)))" }
            }
            detail("peer", text)
        }
        if case .responseHead(let head)? = timeline.last("head")?.kind, let version = head.httpVersion {
            detail("HTTP", version.description)
            if head.status.rawValue == 101 { webSocketDetails(head, trace, detail) }
        }
        if case .tlsEstablished(let tls)? = timeline.last("tls")?.kind {
            let parts = [tls.protocolVersion, tls.cipher].compactMap { $0 }
            switch tls.verification {
            case .verified: detail("TLS", (parts + ["certificate verified ✓"]).joined(separator: " · "), .success)
            case .notVerified(let problem):
                detail("TLS", (parts + ["NOT verified: " + problem]).joined(separator: " · "), .warning)
            case .unknown: detail("TLS", (parts + ["verification unknown"]).joined(separator: " · "))
            }
            if let certificate = tls.certificate {
                detail("subject", certificate.subject)
                detail("issuer", certificate.issuer)
                if let notAfter = certificate.notAfter { detail("expires", notAfter) }
            }
        }
        var sizes: [String] = []
        if case .requestSent(let sent)? = timeline.last("sent")?.kind {
            sizes.append("\(ByteCount.format(sent.bytes)) sent")
        }
        if let progress = trace.bodyProgress {
            var text = "\(ByteCount.format(progress.bytes)) received"
            if let rate = progress.bytesPerSecond, rate > 0 { text += " at \(ByteCount.format(Int64(rate)))/s" }
            sizes.append(text)
        }
        if !sizes.isEmpty { detail("bytes", sizes.joined(separator: " · ")) }
        return lines
    }

    /// A WebSocket conversation's upgrade (the subprotocol and extensions agreed), its messages
    /// each way and how it ended.
    private static func webSocketDetails(
        _ head: ExchangeEvent.ResponseHead, _ trace: ExchangeTrace, _ detail: (String, String, ThemeRole) -> Void
    ) {
        var upgrade = ["101 Switching Protocols"]
        if let subprotocol = head.headers["Sec-WebSocket-Protocol"] { upgrade.append("subprotocol \(subprotocol)") }
        if let extensions = head.headers["Sec-WebSocket-Extensions"] { upgrade.append(extensions) }
        detail("upgrade", upgrade.joined(separator: " · "), .text)
        if let messages = trace.bodyProgress?.messages { detail("messages", messages.description, .text) }
        if case .completed(let response)? = trace.timeline.ending,
            let close = response.headers[WebSocketTranscript.closeHeader]
        {
            detail("close", close, .text)
        }
    }
}
