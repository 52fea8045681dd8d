/// A horizontal bar filled to `ratio` (0…1) with eighth-cell precision, with an optional label
/// in the middle. A `nil` ratio means "unknown" and shows a bouncing block driven by `tick`.
package struct ProgressBar: Widget, Sendable {
    package var ratio: Double?
    package var label: String?
    package var tick: Int
    package var filledStyle: Style
    package var emptyStyle: Style

    package init(
        ratio: Double?, label: String? = nil, tick: Int = 0, filledStyle: Style = .plain,
        emptyStyle: Style = Style(modifiers: .dim)
    ) {
        self.ratio = ratio
        self.label = label
        self.tick = tick
        self.filledStyle = filledStyle
        self.emptyStyle = emptyStyle
    }

    private static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    package func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let width = area.width
        let y = area.y
        for x in area.x..<area.right { buffer.write("░", x: x, y: y, style: emptyStyle) }
        if let ratio {
            let clamped = ratio.isFinite ? min(1, max(0, ratio)) : 0
            let eighthsTotal = Int((clamped * Double(width * 8)).rounded(.down))
            let full = eighthsTotal / 8
            for x in area.x..<(area.x + full) { buffer.write("█", x: x, y: y, style: filledStyle) }
            if full < width, eighthsTotal % 8 > 0 {
                buffer.write(Self.eighths[eighthsTotal % 8], x: area.x + full, y: y, style: filledStyle)
            }
        } else if width > 0 {
            let span = max(1, width / 5)
            let travel = max(1, width - span)
            let phase = tick % (2 * travel)
            let start = phase < travel ? phase : 2 * travel - phase
            for x in (area.x + start)..<min(area.right, area.x + start + span) {
                buffer.write("█", x: x, y: y, style: filledStyle)
            }
        }
        if let label {
            let labelWidth = CharacterWidth.of(label)
            buffer.write(
                label, x: area.x + max(0, (width - labelWidth) / 2), y: y, style: Style(modifiers: .bold),
                maxX: area.right)
        }
    }
}
