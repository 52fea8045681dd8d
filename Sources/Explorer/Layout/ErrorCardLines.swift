import HTTPCore
import TUI
import Workspace

/// When no response arrived: the translation (title, explanation, hint), where the failing part
/// came from, the retry key, and the technical detail below.
enum ErrorCardLines {
    /// The card's lines, wrapped to `width`; the pane shows them from its scroll offset.
    static func lines(
        _ card: FailureCard, result: ExchangeResult, timeline: TimelineLines.Input?, _ state: ExplorerState, width: Int
    ) -> [Line] {
        let theme = state.theme
        let width = max(1, width)
        var lines: [Line] = []
        // The keys sit on the title line, so a short pane (80×24) still shows them.
        // F2 only where there is an environment to pick (a collection without any was offered it).
        let environments =
            state.selection.flatMap { state.document(collectionID: $0.collectionID)?.collection.environments } ?? []
        var title = [
            Span("✖ " + card.translation.title, style: theme[.error].bold), Span("   "),
            Span("r", style: theme[.keyHint]), Span(" retry  ", style: theme[.muted]),
        ]
        if !environments.isEmpty {
            title += [Span("F2", style: theme[.keyHint]), Span(" environment", style: theme[.muted])]
        }
        lines.append(Line(title))
        for text in [card.translation.explanation] {
            lines += Paragraph.wrapped(Line(text, style: theme[.text]), width: width)
        }
        if let origin = card.origin {
            lines += Paragraph.wrapped(Line("Where: " + origin, style: theme[.info]), width: width)
        }
        for problem in card.problems { lines.append(Line("  • " + problem, style: theme[.warning])) }
        lines += Paragraph.wrapped(Line("Try: " + card.translation.hint, style: theme[.success]), width: width)
        if let failedStage = card.failedStage {
            // Where the exchange stopped, as the transport said ("Failed while connecting after 3 ms").
            lines.append(Line(failedStage, style: theme[.muted]))
        } else if let elapsed = card.elapsed {
            lines.append(Line("Gave up after \(DurationText.format(elapsed))", style: theme[.muted]))
        }
        let open = state.response.detailsOpen
        lines.append(
            Line([
                Span(open ? "▾ Details " : "▸ Details ", style: theme[.muted].bold), Span("t", style: theme[.keyHint]),
            ]))
        if open {
            // The request as it went out, after the detail (never sent: the method and URL it had).
            if result.sent == nil {
                lines += Paragraph.wrapped(Line(result.method + " " + result.url, style: theme[.muted]), width: width)
            }
            lines += Paragraph.wrapped(Line(card.translation.technicalDetail, style: theme[.muted]), width: width)
            if let sent = result.sent {
                lines.append(Line(""))
                lines += HeadersTabLines.sentLines(sent, width: width, theme)
            }
        }
        if let timeline {
            lines.append(Line(""))
            lines += TimelineLines.lines(timeline, width: width, theme)
        }
        return lines
    }
}
