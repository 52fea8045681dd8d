import HTTPCore
import TUI

/// The transport's rows of a timeline: spans of time in one stage, and the redirect hops
/// between them, in the order they happened.
struct TimelineRows {
    /// How the exchange ended in a span (only the last span has one).
    enum Ending {
        case failed
        case cancelled
    }

    /// A stretch of time in one stage (nil `end`: still in it).
    struct Span {
        var stage: ExchangeStage
        var start: Duration
        var end: Duration?
    }

    enum Row {
        /// A span, what the event that closed it achieved ("→ 127.0.0.1", "200 OK"), and how the
        /// exchange ended in it.
        case span(TimelineRows.Span, note: String?, ending: Ending?)
        case redirect(ExchangeEvent.RedirectHop)
    }

    var transport: [Row] = []

    static func make(_ trace: ExchangeTrace) -> TimelineRows {
        var rows = TimelineRows()
        var open: (stage: ExchangeStage, start: Duration)?
        var lastProgress: ExchangeEvent.BodyProgress?
        func close(at offset: Duration, by event: ExchangeEvent) {
            guard let current = open else { return }
            var ending: Ending?
            var note = Self.note(for: event)
            switch event.kind {
            case .failed: ending = .failed
            case .cancelled: ending = .cancelled
            case .completed, .redirect, .responseHead:
                if current.stage == .receiving { note = lastProgress.map { ByteCount.format($0.bytes) } }
            default: break
            }
            rows.transport.append(
                .span(
                    TimelineRows.Span(stage: current.stage, start: current.start, end: offset), note: note,
                    ending: ending))
            open = nil
        }
        for event in trace.timeline.events {
            if case .bodyProgress(let progress) = event.kind { lastProgress = progress }
            if case .redirect(let hop) = event.kind {
                close(at: event.offset, by: event)
                rows.transport.append(.redirect(hop))
                lastProgress = nil
                open = (event.stage, event.offset)
                continue
            }
            if event.kind.isTerminal {
                close(at: event.offset, by: event)
                continue
            }
            if let current = open, current.stage == event.stage { continue }
            close(at: event.offset, by: event)
            open = (event.stage, event.offset)
        }
        if let current = open {
            let note = current.stage == .receiving ? lastProgress.map(SendStage.progressText) : nil
            rows.transport.append(
                .span(TimelineRows.Span(stage: current.stage, start: current.start, end: nil), note: note, ending: nil))
        }
        return rows
    }

    /// What the event that ended a span achieved, in a few words.
    private static func note(for event: ExchangeEvent) -> String? {
        switch event.kind {
        case .resolved(let resolution): resolution.addresses.first.map { "→ " + $0 }
        case .connected(let connection): connection.endpoint + (connection.reused ? " (reused)" : "")
        case .tlsEstablished(let tls): tls.protocolVersion
        case .requestSent(let sent): ByteCount.format(sent.bytes) + " sent"
        case .responseHead(let head):
            "\(head.status.rawValue) \(head.reason.isEmpty ? head.status.reasonPhrase ?? "" : head.reason)"
        default: nil
        }
    }
}

extension String {
    /// Pads with spaces on the right to `width` columns (cuts nothing).
    func padded(to width: Int) -> String {
        let missing = width - CharacterWidth.of(self)
        return missing > 0 ? self + String(repeating: " ", count: missing) : self
    }

    /// Pads with spaces on the left to `width` columns (cuts nothing).
    func leftPadded(to width: Int) -> String {
        let missing = width - CharacterWidth.of(self)
        return missing > 0 ? String(repeating: " ", count: missing) + self : self
    }
}
