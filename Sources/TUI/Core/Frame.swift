/// What a view renders into during `Terminal.draw`: the buffer, plus where the cursor goes.
public struct Frame {
    public var buffer: Buffer
    /// Where to show the text cursor (for a focused text input), or `nil` to hide it.
    public var cursor: Position?

    public var area: Rect { buffer.area }

    public init(buffer: Buffer, cursor: Position? = nil) {
        self.buffer = buffer
        self.cursor = cursor
    }

    /// Renders `widget` into `rect` of this frame.
    public mutating func render(_ widget: some Widget, in rect: Rect) {
        widget.render(in: rect, buffer: &buffer)
    }
}
