import Foundation
import Futures
import HTTPCore
import TUI
import Workspace

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
        /// How the request was signed (`aws-sigv4`), said under the heading.
        var signing: String? = nil
        /// The oauth2 token stage: what it did, then its requests.
        var token: [String] = []
        /// The token fetch's requests, as rows under the token stage.
        var tokenSteps: [OAuthStepRecord] = []
        /// The names of the cookies the request carried (its own and the jar's) and of those the
        /// response set: said under the details, never their values.
        var cookiesSent: [String] = []
        var cookiesSet: [String] = []
        /// The pre-request scripts that ran before the request was prepared: how many, how long.
        var preRequestScripts: (count: Int, time: Duration)?
        /// The requests the scripts sent (`pm.sendRequest`), under their stage's line.
        var scriptRequests: [(stage: ScriptJob.Stage, request: ScriptSentRequest)] = []
    }

    /// What the Timeline tab shows for `result`: the send in flight's trace while one is (its
    /// bars grow), else the result's own; nil when neither has anything (a history entry).
    static func input(_ state: ExplorerState, result: ExchangeResult?) -> Input? {
        if state.response.openedHistory == nil, let exchange = state.exchange, exchange.inFlight != nil,
            let trace = exchange.trace
        {
            var input = Input(
                trace: trace, live: max(.zero, state.now - exchange.startedAt), failureTitle: nil,
                method: queued(trace)?.method.rawValue, url: queued(trace)?.url.absoluteString,
                isMock: exchange.isMock)
            input.tokenSteps = trace.tokenSteps
            return input
        }
        guard let result, let trace = result.trace, trace.hasEvents || !trace.chain.isEmpty else { return nil }
        var title: String?
        if case .failure(let card) = result.outcome { title = card.translation.title }
        // The URL the transport was handed (a WebSocket's ws:// or wss://), else the request's.
        var input = Input(
            trace: trace, live: nil, failureTitle: title, method: result.method,
            url: queued(trace)?.url.absoluteString ?? result.url, isMock: result.isMock)
        input.signing = result.signing
        input.token = result.token ?? []
        input.tokenSteps = result.tokenSteps
        if let scripts = result.scripts, let time = scripts.preRequestTime {
            input.preRequestScripts = (scripts.preRequestCount, time)
        }
        input.scriptRequests = result.scripts?.sent ?? []
        input.cookiesSent = cookieNames(
            (result.sent?.headers ?? []).filter { $0.name.lowercased() == "cookie" }.map(\.value), pairs: true)
        input.cookiesSet = cookieNames(
            (result.response?.headers ?? []).filter { $0.name.lowercased() == "set-cookie" }.map(\.value),
            pairs: false)
        return input
    }

    /// The names in `Cookie` values (`pairs`: `a=1; b=2`) or in `Set-Cookie` values (the first pair each).
    private static func cookieNames(_ values: [String], pairs: Bool) -> [String] {
        values.flatMap { value in
            let pieces = Array(value.split(separator: ";").prefix(pairs ? Int.max : 1))
            return pieces.compactMap { piece -> String? in
                guard let equals = piece.firstIndex(of: "=") else { return nil }
                let name = piece[..<equals].trimmingCharacters(in: .whitespaces)
                return name.isEmpty ? nil : name
            }
        }
    }

    private static func queued(_ trace: ExchangeTrace) -> ExchangeEvent.Queued? {
        if case .queued(let queued)? = trace.timeline.events.first?.kind { return queued }
        return nil
    }

    static let labelWidth = 11
    static let numberWidth = 6
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
        if let signing = input.signing {
            lines.append(Line([Span("✓ ", style: theme[.success]), Span(signing, style: theme[.muted])]))
        }
        for (index, text) in input.token.enumerated() {
            lines.append(
                index == 0
                    ? Line([Span("✓ ", style: theme[.success]), Span(text, style: theme[.muted])])
                    : Line("    " + text, style: theme[.muted]))
        }
        lines.append(
            Line([
                Span("stage".padded(to: labelWidth), style: theme[.muted]),
                Span(
                    "start".leftPadded(to: numberWidth) + " " + "took".leftPadded(to: numberWidth) + "  ",
                    style: theme[.muted]),
                Span(scale(axis, width: barWidth), style: theme[.muted]),
            ]))
        lines += attemptLines(input, axis: axis, barWidth: barWidth, theme)
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
        if !trace.chain.isEmpty || input.preRequestScripts != nil {
            lines.append(Line("futures chain", style: theme[.title]))
        }
        // The pre-request scripts ran before the request was prepared: before the axis's 0.
        if let (count, time) = input.preRequestScripts {
            lines.append(
                Line([
                    Span("pre-request".padded(to: labelWidth), style: theme[.text]),
                    Span(
                        "–".leftPadded(to: numberWidth) + " " + DurationText.format(time).leftPadded(to: numberWidth)
                            + "  ", style: theme[.muted]),
                    Span("\(count == 1 ? "1 script" : "\(count) scripts") before the send", style: theme[.muted]),
                ]))
            lines += scriptRequestLines(input, stage: .preRequest, theme)
        }
        if !trace.chain.isEmpty {
            // The token stage first: the request goes after it.
            let token = SendStep.token.rawValue
            for stage in trace.chain.filter({ $0.label == token }) + trace.chain.filter({ $0.label != token }) {
                lines.append(chainLine(stage, input: input, axis: axis, barWidth: barWidth, theme))
                if stage.label == SendStep.testScript.rawValue {
                    lines += scriptRequestLines(input, stage: .test, theme)
                }
                if stage.label == token, let start = stage.start {
                    // A fetch after a refused token began when the refusal came: the end of the
                    // attempt it answered.
                    let refusals = trace.earlierAttempts.map(\.lastOffset)
                    lines += input.tokenSteps.map { step in
                        let origin = step.fetch > 0 && step.fetch <= refusals.count ? refusals[step.fetch - 1] : start
                        return tokenStepLine(step, from: origin, axis: axis, barWidth: barWidth, theme)
                    }
                }
            }
        }
        lines.append(totalLine(input, axis: axis, theme))
        lines += details(trace, theme)
        if !input.cookiesSent.isEmpty || !input.cookiesSet.isEmpty {
            var spans = [Span("cookies".padded(to: labelWidth), style: theme[.muted])]
            if !input.cookiesSent.isEmpty {
                spans.append(Span("sent " + input.cookiesSent.joined(separator: ", "), style: theme[.text]))
            }
            if !input.cookiesSet.isEmpty {
                if !input.cookiesSent.isEmpty { spans.append(Span(" · ", style: theme[.muted])) }
                spans.append(Span("set " + input.cookiesSet.joined(separator: ", "), style: theme[.text]))
            }
            lines.append(Line(spans))
        }
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

    /// `  ↳ pm.sendRequest GET https://… → 200 in 3 ms`, one per request the scripts of `stage` sent.
    private static func scriptRequestLines(_ input: Input, stage: ScriptJob.Stage, _ theme: Theme) -> [Line] {
        input.scriptRequests.filter { $0.stage == stage }.map { sent in
            let request = sent.request
            let outcome =
                request.status.map { "→ \($0) in \(DurationText.format(request.duration))" }
                ?? "✖ \(request.failure ?? "failed")"
            let failed = request.status.map { $0 >= 400 } ?? true
            return Line([
                Span("  ↳ pm.sendRequest \(request.method) \(request.url) ", style: theme[.muted]),
                Span(outcome, style: theme[failed ? .error : .text]),
            ])
        }
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
}
