import HTTPCore
import TUI

/// The Timeline tab of an exchange without events (a history entry): the phases of
/// `Response.timings` as a waterfall.
enum TimingLines {
    static func lines(_ timings: Timings, isMock: Bool, width: Int, _ theme: Theme) -> [Line] {
        let phases = timings.phases
        guard let total = timings.total, total > .zero else {
            let text =
                isMock
                ? "A mock answer: no network, answered at once (the route sets no delay)."
                : "No timings were recorded for this exchange."
            return [Line(text, style: theme[.muted])]
        }
        var lines: [Line] = []
        if isMock {
            lines.append(Line("Mock environment: the answer's delay is the whole time.", style: theme[.muted]))
        }
        let barWidth = max(10, width - 24)
        var start = Duration.zero
        let totalSeconds = seconds(total)
        for phase in phases {
            let from = Int((seconds(start) / totalSeconds * Double(barWidth)).rounded(.down))
            let length = max(1, Int((seconds(phase.duration) / totalSeconds * Double(barWidth)).rounded()))
            let bar =
                String(repeating: " ", count: min(from, barWidth))
                + String(repeating: "█", count: min(length, max(1, barWidth - from)))
            lines.append(
                Line([
                    Span(phase.name.padding(10), style: theme[.text]),
                    Span(DurationText.format(phase.duration).padding(10), style: theme[.muted]),
                    Span(bar, style: theme[.accent]),
                ]))
            start += phase.duration
        }
        lines.append(
            Line([
                Span("Total".padding(10), style: theme[.title]), Span(DurationText.format(total), style: theme[.title]),
            ]))
        if timings.redirectCount > 0 {
            lines.append(
                Line(
                    "\(timings.redirectCount) redirect(s), \(timings.redirect.map(DurationText.format) ?? "–")",
                    style: theme[.muted]))
        }
        return lines
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

extension String {
    /// Pads with spaces to `width` columns (never cuts).
    func padding(_ width: Int) -> String {
        let missing = width - CharacterWidth.of(self)
        return missing > 0 ? self + String(repeating: " ", count: missing) : self + " "
    }
}
