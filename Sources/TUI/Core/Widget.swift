/// Something that draws itself into a rectangle of a buffer. Widgets are values built fresh for
/// each frame from state; anything that must survive between frames lives in a state value.
package protocol Widget {
    func render(in area: Rect, buffer: inout Buffer)
}
