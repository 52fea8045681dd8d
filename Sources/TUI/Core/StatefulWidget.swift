/// A widget whose state outlives a frame (selection, scroll offset). Rendering may adjust the
/// state, e.g. scroll so the selection stays visible at the current height.
package protocol StatefulWidget {
    associatedtype State
    func render(in area: Rect, buffer: inout Buffer, state: inout State)
}

extension Frame {
    /// Renders a stateful widget, letting it update `state`.
    package mutating func render<W: StatefulWidget>(_ widget: W, in rect: Rect, state: inout W.State) {
        widget.render(in: rect, buffer: &buffer, state: &state)
    }
}
