/// Double-buffered drawing: each frame is rendered into a fresh buffer and only the cells that
/// differ from the previous frame reach the backend.
///
/// A frame that changes one cell sends one cell. After a resize (noticed at the start of
/// `draw`) or `invalidate()` (after resuming from suspend or an external editor) the screen is
/// cleared and redrawn in full. Not thread-safe: use it from the thread that owns the backend.
package final class Terminal<Backend: TerminalBackend> {
    package let backend: Backend
    private var previous: Buffer
    private var current: Buffer
    private var needsFullRedraw = true
    /// The updates of the last frame; kept so each frame reuses the storage.
    private var updates: [CellUpdate] = []

    package init(backend: Backend) {
        self.backend = backend
        let area = Rect(size: backend.size)
        previous = Buffer(area: area)
        current = Buffer(area: area)
    }

    /// The area the next frame renders into.
    package var area: Rect { Rect(size: backend.size) }

    /// The last frame drawn.
    package var lastBuffer: Buffer { previous }

    /// Forces the next `draw` to clear the screen and send every cell.
    package func invalidate() {
        needsFullRedraw = true
    }

    /// Renders a frame with `render` and sends the difference to the backend.
    @discardableResult
    package func draw(_ render: (inout Frame) -> Void) -> FrameReport {
        let area = Rect(size: backend.size)
        if area != current.area {
            previous.resize(to: area)
            current.resize(to: area)
            needsFullRedraw = true
        } else {
            current.reset()
        }
        var frame = Frame(buffer: current)
        current = Buffer(area: .zero)  // hand the storage to the frame without a copy
        render(&frame)
        current = frame.buffer
        if current.area != area { current.resize(to: area) }

        let full = needsFullRedraw
        if full {
            backend.clear()
            updates.removeAll(keepingCapacity: true)
            current.forEachDrawable { update in
                if update.cell != .blank { updates.append(update) }
            }
            needsFullRedraw = false
        } else {
            previous.diff(to: current, into: &updates)
        }
        let capability = backend.colorCapability
        if capability < .trueColor {
            // Screens use few distinct styles: downgrade each once per run of equal styles.
            var lastStyle = Style.plain
            var lastDowngraded = Style.plain.downgraded(to: capability)
            updates.withUnsafeMutableBufferPointer { updates in
                for i in updates.indices {
                    let style = updates[i].cell.style
                    if style != lastStyle {
                        lastStyle = style
                        lastDowngraded = style.downgraded(to: capability)
                    }
                    updates[i].cell.style = lastDowngraded
                }
            }
        }
        if !updates.isEmpty { backend.draw(updates) }
        backend.setCursor(frame.cursor.flatMap { area.contains($0) ? $0 : nil })
        backend.flush()
        swap(&previous, &current)
        return FrameReport(cellsSent: updates.count, fullRedraw: full)
    }
}
