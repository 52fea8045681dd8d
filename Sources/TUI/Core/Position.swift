/// A cell coordinate on the screen: column `x`, row `y`, both zero-based from the top left.
package struct Position: Hashable, Sendable {
    package var x: Int
    package var y: Int

    package init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}
