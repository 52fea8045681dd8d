import AnnotatedLocks
import Foundation
import HTTPCore
import Synchronization
import TerminalText

#if canImport(Glibc)
import Glibc
#endif

/// `lazer send --trace`: an `ExchangeObserver` that writes one line per event to stderr as it
/// happens (offset, stage, detail), then a waterfall of the stages when the exchange ends.
///
/// Events arrive on the network thread one at a time (the transport serialises them), so lines
/// never interleave. Every text the server chose — certificate names, reason phrase, header values,
/// a redirect's `Location` — goes through `TerminalText`. Colour only when stderr is a terminal and
/// `NO_COLOR` is unset; stdout is never written.
final class SendTrace: ExchangeObserver {
    private let colored: Bool
    private let timeline = Mutex(ExchangeTimeline())
    private let write: @Sendable (String) -> Void

    init(colored: Bool = SendTrace.colorsStderr, write: @escaping @Sendable (String) -> Void = SendTrace.toStderr) {
        self.colored = colored
        self.write = write
    }

    /// Whether stderr is a terminal and `NO_COLOR` is unset or empty.
    static var colorsStderr: Bool {
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"] ?? ""
        return isatty(2) != 0 && noColor.isEmpty
    }

    static let toStderr: @Sendable (String) -> Void = { text in
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = Glibc.write(2, base + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    func observe(_ event: ExchangeEvent) {
        // A send that goes again (a retry with a new token after a 401) reports a second exchange:
        // it gets its own waterfall, and the first one's is written once, when it ends.
        let finished = timeline.withLock(ownedBy: self) { timeline -> ExchangeTimeline? in
            if timeline.isStart(ofAnother: event) { timeline = ExchangeTimeline() }
            guard !timeline.isFinished else { return nil }
            timeline.record(event)
            return timeline.isFinished ? timeline : nil
        }
        var text = line(for: event)
        if let finished { text += waterfall(finished) }
        write(text)
    }

    // MARK: - Lines

    private func line(for event: ExchangeEvent) -> String {
        let offset = Self.milliseconds(event.offset).leftPadded(to: 10)
        let name = Self.names[event.kind.name, default: event.kind.name].padding(
            toLength: 10, withPad: " ", startingAt: 0)
        let (detail, tone) = describe(event.kind)
        return "\(paint("*", .dim)) \(paint(offset, .dim))  \(paint(name, tone))  \(detail)\n"
    }

    private static let names = [
        "queued": "queued", "resolved": "resolved", "connected": "connected", "tls": "TLS", "sent": "sent",
        "head": "head", "body": "body", "redirect": "redirect", "completed": "completed", "failed": "failed",
        "cancelled": "cancelled",
    ]

    private func describe(_ kind: ExchangeEvent.Kind) -> (String, Tone) {
        switch kind {
        case .queued(let queued):
            return ("\(queued.method.rawValue) \(TerminalText.line(queued.url.absoluteString))", .stage)
        case .resolved(let resolution):
            let addresses = resolution.addresses.isEmpty ? "?" : resolution.addresses.joined(separator: ", ")
            return (
                "\(TerminalText.line(resolution.host)) → \(TerminalText.line(addresses)) "
                    + "(DNS \(Self.milliseconds(resolution.duration)))", .stage
            )
        case .connected(let connection):
            var text = TerminalText.line(connection.endpoint)
            if connection.reused {
                text += " (reused connection)"
            } else {
                text += " (new connection"
                if let connect = connection.connectDuration { text += ", TCP \(Self.milliseconds(connect))" }
                text += ")"
            }
            return (text, .stage)
        case .tlsEstablished(let tls):
            var parts = [[tls.protocolVersion, tls.cipher].compactMap { $0 }.joined(separator: " ")]
            if let certificate = tls.certificate {
                parts.append("subject \(certificate.subject)")
                parts.append("issuer \(certificate.issuer)")
                if let expiry = certificate.notAfter { parts.append("expires \(expiry)") }
            }
            switch tls.verification {
            case .verified: parts.append("verified")
            case .notVerified(let problem): parts.append("NOT verified: \(problem)")
            case .unknown: break
            }
            if let duration = tls.duration { parts.append("handshake \(Self.milliseconds(duration))") }
            return (TerminalText.line(parts.filter { !$0.isEmpty }.joined(separator: " · ")), .stage)
        case .requestSent(let sent):
            return ("\(Self.bytes(sent.bytes)) (head \(sent.headBytes) B, body \(sent.bodyBytes) B)", .stage)
        case .responseHead(let head):
            var text = "\(head.httpVersion?.rawValue ?? "HTTP") \(head.status.rawValue) \(head.reason)"
                .trimmingCharacters(in: .whitespaces)
            text += " · \(head.headers.count) header\(head.headers.count == 1 ? "" : "s")"
            if let type = head.headers["Content-Type"] { text += " · \(type)" }
            if let length = head.headers["Content-Length"] { text += " · Content-Length \(length)" }
            return (TerminalText.line(text), head.status.rawValue >= 400 ? .failure : .stage)
        case .bodyProgress(let progress):
            var text = Self.bytes(progress.bytes)
            if let expected = progress.expected { text += " of \(Self.bytes(expected))" }
            if let rate = progress.bytesPerSecond { text += " · \(Self.bytes(Int64(rate)))/s" }
            return (text, .stage)
        case .redirect(let hop):
            var text = "\(hop.status.rawValue) → \(hop.location)"
            if hop.method != hop.nextMethod { text += " · \(hop.method.rawValue) becomes \(hop.nextMethod.rawValue)" }
            if hop.bodyDropped { text += " · body dropped" }
            if !hop.droppedHeaders.isEmpty { text += " · dropped \(hop.droppedHeaders.joined(separator: ", "))" }
            if hop.crossOrigin { text += " · another origin" }
            return (TerminalText.line(text), .stage)
        case .completed(let response):
            let reason = response.statusText.isEmpty ? "" : " \(response.statusText)"
            return ("\(response.statusCode.rawValue)\(reason) · \(Self.bytes(response.body.byteCount))", .success)
        case .failed(let failure):
            let title = ErrorTranslator.standard.translate(failure.error).title
            return (TerminalText.line("\(title) — failed \(failure.stage.failurePhrase)"), .failure)
        case .cancelled(let stage):
            return ("while \(stage.label)", .warning)
        }
    }

    // MARK: - Waterfall

    /// One row per stage span: a bar placed on a common time axis, then the duration.
    private func waterfall(_ timeline: ExchangeTimeline) -> String {
        let total = timeline.lastOffset
        let width = 40
        var text = "\(paint("Waterfall", .stage)) (\(Self.milliseconds(total))):\n"
        let scale = total > .zero ? Double(width) / Self.seconds(total) : 0
        for span in timeline.spans {
            let end = span.end ?? total
            let startColumn = min(width - 1, Int((Self.seconds(span.start) * scale).rounded(.down)))
            let length = max(1, Int((Self.seconds(end - span.start) * scale).rounded()))
            let bar =
                String(repeating: " ", count: startColumn)
                + String(repeating: "█", count: min(length, width - startColumn))
            let label = span.stage.label.padding(toLength: 27, withPad: " ", startingAt: 0)
            text += "  \(label) \(paint(bar.padding(toLength: width, withPad: " ", startingAt: 0), .bar)) "
            text += "\(Self.milliseconds(span.duration(now: total)).leftPadded(to: 10))\n"
        }
        switch timeline.ending {
        case .failed(let failure):
            text += paint("  failed \(failure.stage.failurePhrase) after \(Self.milliseconds(total))", .failure) + "\n"
        case .cancelled(let stage):
            text += paint("  cancelled while \(stage.label) after \(Self.milliseconds(total))", .warning) + "\n"
        default:
            break
        }
        return text
    }

    // MARK: - Formatting

    private enum Tone {
        case dim, stage, success, failure, warning, bar
    }

    private func paint(_ text: String, _ tone: Tone) -> String {
        guard colored else { return text }
        let code =
            switch tone {
            case .dim: "2"
            case .stage: "36"
            case .success: "32"
            case .failure: "31"
            case .warning: "33"
            case .bar: "34"
            }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func milliseconds(_ duration: Duration) -> String {
        String(format: "%.1f ms", seconds(duration) * 1000)
    }

    static func bytes(_ count: Int64) -> String {
        let value = Double(count)
        if count < 1000 { return "\(count) B" }
        if value < 1e6 { return String(format: "%.1f KB", value / 1e3) }
        if value < 1e9 { return String(format: "%.1f MB", value / 1e6) }
        return String(format: "%.2f GB", value / 1e9)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
