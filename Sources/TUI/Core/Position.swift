/// A cell coordinate on the screen: column `x`, row `y`, both zero-based from the top left.
public struct Position: Hashable, Sendable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}
