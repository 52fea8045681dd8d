/// One cell a backend must draw: the output of `Buffer.diff(to:)`.
///
/// Backends never receive continuation cells; a wide character's update covers both columns.
public struct CellUpdate: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var cell: Cell

    public init(x: Int, y: Int, cell: Cell) {
        self.x = x
        self.y = y
        self.cell = cell
    }
}
