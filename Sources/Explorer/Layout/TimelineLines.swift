import Foundation
import Futures
import HTTPCore
import TUI

/// The Timeline tab's lines: one row per stage the exchange went through (redirect hops between them),
/// then the futures chain's stages after the transport, each with its start, its length and a bar
/// on one time axis; then the connection, TLS and size details. Bars of a send in flight grow
/// with each frame. Texts from the server (certificate names, locations) are drawn like every
/// other text: the buffer shows control and bidi characters visibly.
enum TimelineLines {
    /// What the lines are made from.
    struct Input {
        var trace: ExchangeTrace
        /// The time now, as an offset on the trace's axis, while the send is in flight; nil once it ended.
        var live: Duration?
        /// The error card's title, for the stage a failed exchange stopped in.
        var failureTitle: String?
        var method: String?
        var url: String?
        var isMock: Bool
    }

    /// What the Timeline tab shows for `result`: the send in flight's trace while one is (its
    /// bars grow), else the result's own; nil when neither has anything (a history entry).
    static func input(_ state: ExplorerState, result: ExchangeResult?) -> Input? {
        if state.response.openedHistory == nil, let exchange = state.exchange, exchange.inFlight != nil,
            let trace = exchange.trace
        {
            return Input(
                trace: trace, live: max(.zero, state.now - exchange.startedAt), failureTitle: nil,
                method: queued(trace)?.method.rawValue, url: queued(trace)?.url.absoluteString,
                isMock: exchange.isMock)
        }
        guard let result, let trace = result.trace, trace.hasEvents || !trace.chain.isEmpty else { return nil }
        var title: String?
        if case .failure(let card) = result.outcome { title = card.translation.title }
        return Input(
            trace: trace, live: nil, failureTitle: title, method: result.method, url: result.url, isMock: result.isMock)
    }

    private static func queued(_ trace: ExchangeTrace) -> ExchangeEvent.Queued? {
        if case .queued(let queued)? = trace.timeline.events.first?.kind { return queued }
        return nil
    }

    private static let labelWidth = 11
    private static let numberWidth = 6
    /// Label, start, length and the gaps between them.
    private static let prefixWidth = labelWidth + numberWidth + 1 + numberWidth + 2

    static func lines(_ input: Input, width: Int, _ theme: Theme) -> [Line] {
        let trace = input.trace
        let rows = TimelineRows.make(trace)
        let axis = axisEnd(input)
        // The notes after the bars keep at least 28 columns ("✖ Certificate not trusted").
        let barWidth = max(8, min(60, width - prefixWidth - max(28, (width - prefixWidth) * 2 / 5)))
        var lines: [Line] = []
        var heading: [Span] = []
        if let method = input.method, let url = input.url {
            heading.append(Span(method + " " + url, style: theme[.text]))
        }
        if input.live != nil { heading.append(Span("  in flight", style: theme[.info].bold)) }
        if input.isMock || trace.timeline.isMock {
            heading.append(Span("  mock (simulated times)", style: theme[.muted]))
        }
        if !heading.isEmpty { lines.append(Line(heading)) }
        lines.append(
            Line([
                Span("stage".padded(to: labelWidth), style: theme[.muted]),
                Span(
                    "start".leftPadded(to: numberWidth) + " " + "took".leftPadded(to: numberWidth) + "  ",
                    style: theme[.muted]),
                Span(scale(axis, width: barWidth), style: theme[.muted]),
            ]))
        if rows.transport.isEmpty {
            lines.append(Line("  (the transport has not reported yet)", style: theme[.muted]))
        }
        for row in rows.transport {
            switch row {
            case .span(let span, let note, let ending):
                lines.append(
                    spanLine(span, note: note, ending: ending, input: input, axis: axis, barWidth: barWidth, theme))
            case .redirect(let hop):
                lines.append(redirectLine(hop, theme))
            }
        }
        if !trace.chain.isEmpty {
            lines.append(Line("futures chain", style: theme[.title]))
            for stage in trace.chain {
                lines.append(chainLine(stage, input: input, axis: axis, barWidth: barWidth, theme))
            }
        }
        lines.append(totalLine(input, axis: axis, theme))
        lines += details(trace, theme)
        return lines
    }

    // MARK: - Rows

    private static func spanLine(
        _ span: TimelineRows.Span, note: String?, ending: TimelineRows.Ending?, input: Input, axis: Duration,
        barWidth: Int, _ theme: Theme
    ) -> Line {
        let end = span.end ?? input.live ?? span.start
        var barStyle = theme[.accent]
        var noteSpan = Span(note.map { " " + $0 } ?? "", style: theme[.muted])
        switch ending {
        case .failed?:
            barStyle = theme[.error]
            noteSpan = Span(" ✖ " + (input.failureTitle ?? "failed"), style: theme[.error].bold)
        case .cancelled?:
            barStyle = theme[.warning]
            noteSpan = Span(" ✖ cancelled here", style: theme[.warning].bold)
        case nil:
            if span.end == nil, input.live != nil {
                barStyle = theme[.info]
                noteSpan = Span(" " + (note ?? "…"), style: theme[.info])
            }
        }
        let label = span.stage.shortLabel
        return Line([
            Span(label.padded(to: labelWidth), style: theme[.text]),
            Span(
                numbers(start: span.start, length: span.end == nil && input.live == nil ? nil : end - span.start),
                style: theme[.muted]),
            Span(bar(from: span.start, to: end, axis: axis, width: barWidth), style: barStyle),
            noteSpan,
        ])
    }

    private static func redirectLine(_ hop: ExchangeEvent.RedirectHop, _ theme: Theme) -> Line {
        var text = "↪ \(hop.status.rawValue) \(hop.status.reasonPhrase ?? "redirect") → \(hop.location)"
        if hop.method != hop.nextMethod { text += " · \(hop.method.rawValue) → \(hop.nextMethod.rawValue)" }
        if hop.bodyDropped { text += " · body dropped" }
        if !hop.droppedHeaders.isEmpty { text += " · dropped " + hop.droppedHeaders.joined(separator: ", ") }
        if hop.crossOrigin { text += " · other origin" }
        return Line("  " + text, style: theme[.status3xx])
    }

    private static func chainLine(
        _ stage: ChainStage, input: Input, axis: Duration, barWidth: Int, _ theme: Theme
    ) -> Line {
        let label = Span(stage.label.padded(to: labelWidth), style: theme[.text])
        // A stage whose input never came ends at once, skipped or cancelled: it did not run.
        let neverRan: String? =
            switch stage.outcome {
            case .skipped? where stage.duration == .zero: "skipped: an earlier stage failed"
            case .cancelled? where stage.duration == .zero: "cancelled before it ran"
            case nil where stage.start == nil:
                input.live == nil && input.trace.timeline.isFinished ? "did not run" : "waiting"
            default: nil
            }
        guard let start = stage.start, neverRan == nil else {
            return Line([
                label, Span(numbers(start: nil, length: nil), style: theme[.muted]),
                Span(neverRan ?? "", style: theme[.muted]),
            ])
        }
        let end = stage.end ?? input.live ?? start
        var style = theme[.success]
        var note = ""
        switch stage.outcome {
        case .succeeded?: break
        case .failed(let error)?:
            style = theme[.error]
            // A stage after the answer (history not written) says its own cause.
            let own = String(describing: error)
            note = " ✖ " + (stage.label == SendStep.history.rawValue ? own : input.failureTitle ?? own)
        case .cancelled?:
            style = theme[.warning]
            note = " ✖ cancelled"
        case .skipped?:
            style = theme[.muted]
            note = " skipped"
        case nil:
            style = theme[.info]
            note = " " + (SendStep(rawValue: stage.label)?.label ?? stage.label) + "…"
        }
        return Line([
            label,
            Span(
                numbers(start: start, length: stage.end == nil && input.live == nil ? nil : end - start),
                style: theme[.muted]),
            Span(bar(from: start, to: end, axis: axis, width: barWidth), style: style),
            Span(note, style: style),
        ])
    }

    private static func totalLine(_ input: Input, axis: Duration, _ theme: Theme) -> Line {
        let trace = input.trace
        var text: String
        if let live = input.live {
            text = "so far " + DurationText.format(live)
        } else {
            text = DurationText.format(axis)
            switch trace.timeline.ending {
            case .failed(let failure)?: text += ", failed " + failure.stage.failurePhrase
            case .cancelled(let stage)?: text += ", cancelled " + stage.failurePhrase
            default: break
            }
        }
        return Line([
            Span("total".padded(to: labelWidth), style: theme[.title]), Span(text, style: theme[.title]),
        ])
    }

    // MARK: - Details

    private static func details(_ trace: ExchangeTrace, _ theme: Theme) -> [Line] {
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

    // MARK: - Drawing helpers

    /// Where the axis ends: the latest moment anything reached (or now, in flight).
    private static func axisEnd(_ input: Input) -> Duration {
        var end = input.trace.timeline.lastOffset
        if let live = input.live { end = max(end, live) }
        for stage in input.trace.chain {
            if let stageEnd = stage.end ?? stage.start { end = max(end, stageEnd) }
        }
        return end
    }

    /// `   0 ms  12 ms  ` — start and length right-aligned ("" when unknown).
    private static func numbers(start: Duration?, length: Duration?) -> String {
        (start.map(DurationText.format) ?? "").leftPadded(to: numberWidth) + " "
            + (length.map(DurationText.format) ?? "").leftPadded(to: numberWidth) + "  "
    }

    /// `0 ─────── 180 ms` across the bars' width.
    private static func scale(_ axis: Duration, width: Int) -> String {
        let end = DurationText.format(axis)
        let rule = max(1, width - 2 - CharacterWidth.of(end) - 1)
        return "0 " + String(repeating: "─", count: rule) + " " + end
    }

    private static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// A bar from `start` to `end` on an axis of `width` cells, in eighths of a cell (at least one
    /// eighth, so an instant shows).
    static func bar(from start: Duration, to end: Duration, axis: Duration, width: Int) -> String {
        guard width > 0 else { return "" }
        let scale = axis > .zero ? Double(width) / seconds(axis) : 0
        let first = min(width - 1, Int(seconds(start) * scale))
        let length = max(1, Int((seconds(max(.zero, end - start)) * scale * 8).rounded()))
        let cells = min(length, (width - first) * 8)
        let text =
            String(repeating: " ", count: first) + String(repeating: "█", count: cells / 8) + eighths[cells % 8]
        return text + String(repeating: " ", count: max(0, width - CharacterWidth.of(text)))
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
