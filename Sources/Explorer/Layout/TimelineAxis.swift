import Futures
import HTTPCore
import TUI
import Workspace

/// The Timeline tab's time axis: where it ends, its scale line, the start/length columns and the
/// bars drawn in eighths of a cell.
extension TimelineLines {
    /// Where the axis ends: the latest moment anything reached (or now, in flight).
    static func axisEnd(_ input: Input) -> Duration {
        var end = input.trace.timeline.lastOffset
        if let live = input.live { end = max(end, live) }
        for stage in input.trace.chain {
            if let stageEnd = stage.end ?? stage.start { end = max(end, stageEnd) }
        }
        // The token fetch's requests, placed from its stage's start.
        if let origin = input.trace.chain.first(where: { $0.label == SendStep.token.rawValue })?.start {
            for step in input.tokenSteps { end = max(end, origin + step.start + step.duration) }
        }
        return end
    }

    /// `   0 ms  12 ms  ` — start and length right-aligned ("" when unknown).
    static func numbers(start: Duration?, length: Duration?) -> String {
        (start.map(DurationText.format) ?? "").leftPadded(to: numberWidth) + " "
            + (length.map(DurationText.format) ?? "").leftPadded(to: numberWidth) + "  "
    }

    /// `0 ─────── 180 ms` across the bars' width.
    static func scale(_ axis: Duration, width: Int) -> String {
        let end = DurationText.format(axis)
        let rule = max(1, width - 2 - CharacterWidth.of(end) - 1)
        return "0 " + String(repeating: "─", count: rule) + " " + end
    }

    static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

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

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
