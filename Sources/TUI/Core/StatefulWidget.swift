/// A widget whose state outlives a frame (selection, scroll offset). Rendering may adjust the
/// state, e.g. scroll so the selection stays visible at the current height.
package protocol StatefulWidget {
    associatedtype State
    func render(in area: Rect, buffer: inout Buffer, state: inout State)
}

extension StatefulWidget {
    /// Adjusts `state` for `area` as rendering would (scroll, the cursor's place on screen,
    /// wrapping), without drawing: what an application's model does before its views draw, so the
    /// views only read. The widget's own render decides, so the two never disagree.
    package func layout(in area: Rect, state: inout State) {
        var scratch = Buffer(area: area)
        render(in: area, buffer: &scratch, state: &state)
    }
}

extension Frame {
    /// Renders a stateful widget, letting it update `state`.
    package mutating func render<W: StatefulWidget>(_ widget: W, in rect: Rect, state: inout W.State) {
        widget.render(in: rect, buffer: &buffer, state: &state)
    }

    /// Renders a stateful widget from `state` laid out for `rect` beforehand (`layout(in:state:)`),
    /// changing nothing in it: a view that only reads its state.
    package mutating func render<W: StatefulWidget>(_ widget: W, in rect: Rect, laidOut state: W.State) {
        var copy = state
        widget.render(in: rect, buffer: &buffer, state: &copy)
    }
}
