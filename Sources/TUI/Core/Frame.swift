/// What a view renders into during `Terminal.draw`: the buffer, plus where the cursor goes.
package struct Frame {
    package var buffer: Buffer
    /// Where to show the text cursor (for a focused text input), or `nil` to hide it.
    package var cursor: Position?

    package var area: Rect { buffer.area }

    package init(buffer: Buffer, cursor: Position? = nil) {
        self.buffer = buffer
        self.cursor = cursor
    }

    /// Renders `widget` into `rect` of this frame.
    package mutating func render(_ widget: some Widget, in rect: Rect) {
        widget.render(in: rect, buffer: &buffer)
    }
}
