import TUI

/// Where the Diff view goes: over the panes (as the Runner view), a line of titles, the rows in
/// two columns, the summary at the bottom.
enum DiffLayout {
    static func area(_ screen: Size) -> Rect {
        Rect(x: 0, y: 1, width: screen.width, height: max(0, screen.height - 2))
    }

    /// Rows of the diff on screen at once.
    static func pageRows(_ screen: Size) -> Int {
        max(1, area(screen).height - 4)
    }

    /// The left column's width (the right one takes the rest after the separator).
    static func columnWidth(_ inner: Rect) -> Int {
        max(1, (inner.width - 1) / 2)
    }
}
