/// A rectangle of cells. Widgets render into a `Rect`; layouts split one into several.
///
/// Width and height are never negative; every operation clamps instead of trapping so a
/// 1×1 terminal still lays out.
package struct Rect: Hashable, Sendable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    package init(size: Size) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    package static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    package var size: Size { Size(width: width, height: height) }
    package var area: Int { width * height }
    package var isEmpty: Bool { width == 0 || height == 0 }
    package var left: Int { x }
    package var top: Int { y }
    /// One past the last column.
    package var right: Int { x + width }
    /// One past the last row.
    package var bottom: Int { y + height }

    package func contains(_ position: Position) -> Bool {
        position.x >= x && position.x < right && position.y >= y && position.y < bottom
    }

    /// The overlap of two rectangles (empty when they do not touch).
    package func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(self.right, other.right)
        let bottom = min(self.bottom, other.bottom)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The smallest rectangle holding both.
    package func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let left = min(x, other.x)
        let top = min(y, other.y)
        return Rect(x: left, y: top, width: max(right, other.right) - left, height: max(bottom, other.bottom) - top)
    }

    /// The rectangle shrunk by `horizontal` columns on each side and `vertical` rows top and bottom.
    package func inset(horizontal: Int = 1, vertical: Int = 1) -> Rect {
        let dx = min(horizontal, width / 2)
        let dy = min(vertical, height / 2)
        return Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// A rectangle of at most `width`×`height` centred in this one (for dialogs).
    package func centered(width: Int, height: Int) -> Rect {
        let w = min(width, self.width)
        let h = min(height, self.height)
        return Rect(x: x + (self.width - w) / 2, y: y + (self.height - h) / 2, width: w, height: h)
    }

    /// The row `index` rows below the top, one row high (clamped to this rectangle).
    package func row(_ index: Int) -> Rect {
        guard index >= 0, index < height else { return Rect(x: x, y: y + height, width: width, height: 0) }
        return Rect(x: x, y: y + index, width: width, height: 1)
    }
}
