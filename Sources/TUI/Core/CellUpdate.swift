/// One cell a backend must draw: the output of `Buffer.diff(to:)`.
///
/// Backends never receive continuation cells; a wide character's update covers both columns.
package struct CellUpdate: Hashable, Sendable {
    package var x: Int
    package var y: Int
    package var cell: Cell

    package init(x: Int, y: Int, cell: Cell) {
        self.x = x
        self.y = y
        self.cell = cell
    }
}
