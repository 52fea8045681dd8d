import HTTPCore
import TUI

/// The Timeline tab's line for each exchange a send made before the one that answered: a 401
/// `invalid_token` before the retry with a new token, an SSE stream's earlier connections. The
/// stages below them are the answer's own; an earlier attempt is said in one line with its place
/// on the time axis and how it ended.
extension TimelineLines {
    static func attemptLines(_ input: Input, axis: Duration, barWidth: Int, _ theme: Theme) -> [Line] {
        input.trace.earlierAttempts.enumerated().map { index, attempt in
            let (start, duration) = attempt.extent
            let (note, style) = ending(of: attempt, theme)
            return Line([
                Span("attempt \(index + 1)".padded(to: labelWidth), style: theme[.muted]),
                Span(numbers(start: start, length: duration), style: theme[.muted]),
                Span(bar(from: start, to: start + duration, axis: axis, width: barWidth), style: theme[.muted]),
                Span(" " + note + " · sent again", style: style),
            ])
        }
    }

    /// "401 Unauthorized", "✖ failed while receiving", "✖ cancelled".
    private static func ending(of attempt: ExchangeTimeline, _ theme: Theme) -> (String, Style) {
        switch attempt.ending {
        case .completed(let response)?:
            let status = response.statusCode
            let text = [String(status.rawValue), status.reasonPhrase].compactMap { $0 }.joined(separator: " ")
            return (text, theme[status.rawValue >= 400 ? .warning : .muted])
        case .failed(let failure)?:
            return ("✖ failed " + failure.stage.failurePhrase, theme[.warning])
        case .cancelled?:
            return ("✖ cancelled", theme[.warning])
        case nil:
            return ("ended", theme[.muted])
        }
    }
}
