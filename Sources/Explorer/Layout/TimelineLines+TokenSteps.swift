import Foundation
import TUI
import Workspace

/// The oauth2 token fetch's requests as rows: under the token stage in the Timeline, and alone
/// under a card that waits for a person (a device grant's polls accumulating as they happen).
extension TimelineLines {
    /// One request of the token fetch as a sub-exchange of the token stage: placed from the
    /// stage's start, its own bar, its answer or error.
    static func tokenStepLine(
        _ step: OAuthStepRecord, from origin: Duration, axis: Duration, barWidth: Int, _ theme: Theme
    ) -> Line {
        let start = origin + step.start
        let failed = step.error != nil && step.error != "authorization_pending"
        let style = failed ? theme[.error] : theme[.accent]
        return Line([
            Span(("↳ " + step.shortLabel).padded(to: labelWidth), style: theme[.muted]),
            Span(numbers(start: start, length: step.duration), style: theme[.muted]),
            Span(bar(from: start, to: start + step.duration, axis: axis, width: barWidth), style: style),
            Span(" " + step.note, style: failed ? theme[.error] : theme[.muted]),
        ])
    }

    /// The requests so far with a heading, on an axis from the fetch's start to now (`live`):
    /// at most `height` lines — those after the first folded into "↳ … N more" so the latest
    /// stay in sight. Empty when there are none yet.
    static func tokenStepLines(
        _ steps: [OAuthStepRecord], live: Duration, width: Int, height: Int, _ theme: Theme
    ) -> [Line] {
        guard !steps.isEmpty, height >= 2 else { return [] }
        var axis = live
        for step in steps { axis = max(axis, step.start + step.duration) }
        let barWidth = max(8, min(40, width - labelWidth - 2 * numberWidth - 3 - 34))
        var shown = steps.map { tokenStepLine($0, from: .zero, axis: axis, barWidth: barWidth, theme) }
        let room = height - 1
        if shown.count > room {
            // The first, the fold, then as many of the latest as fit.
            let latest = max(1, room - 2)
            let folded = steps.count - 1 - latest
            shown = [shown[0], Line("↳ … \(folded) more", style: theme[.muted])] + shown.suffix(latest)
        }
        let count = steps.count == 1 ? "1 request" : "\(steps.count) requests"
        return [Line("Token requests so far (\(count))", style: theme[.title])] + shown
    }
}
