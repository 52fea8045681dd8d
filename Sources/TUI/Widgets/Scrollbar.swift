/// A vertical scrollbar: a track with a thumb sized and placed by the visible window.
package struct Scrollbar: Widget, Sendable {
    package var total: Int
    package var offset: Int
    package var visible: Int
    package var trackStyle: Style
    package var thumbStyle: Style

    package init(total: Int, offset: Int, visible: Int, trackStyle: Style = .plain, thumbStyle: Style = .plain) {
        self.total = total
        self.offset = offset
        self.visible = visible
        self.trackStyle = trackStyle
        self.thumbStyle = thumbStyle
    }

    package func render(in area: Rect, buffer: inout Buffer) {
        guard area.height > 0, area.width > 0, total > visible, total > 0 else { return }
        let height = area.height
        let thumb = max(1, Int((Double(visible) / Double(total) * Double(height)).rounded()))
        let maxOffset = max(1, total - visible)
        let position = Int((Double(min(offset, maxOffset)) / Double(maxOffset) * Double(height - thumb)).rounded())
        let x = area.right - 1
        for row in 0..<height {
            let onThumb = row >= position && row < position + thumb
            buffer.write(onThumb ? "█" : "│", x: x, y: area.y + row, style: onThumb ? thumbStyle : trackStyle)
        }
    }
}
