/// An in-memory backend for tests: it keeps what a real screen would show and dumps it as text.
///
/// `draw` applies updates to its own buffer exactly as a terminal would (a wide character
/// covers the next column), so snapshots show what a user would see.
package final class TestBackend: TerminalBackend {
    package private(set) var buffer: Buffer
    package var size: Size { buffer.area.size }
    package var colorCapability: ColorCapability
    package private(set) var cursor: Position?
    /// The updates of the most recent `draw` call.
    package private(set) var lastUpdates: [CellUpdate] = []
    /// How many times `clear` was called.
    package private(set) var clearCount = 0
    /// Every symbol ever sent, for checking that nothing unsafe was emitted.
    package private(set) var emitted: [String] = []
    /// Set to record every emitted symbol (off by default to keep benchmarks honest).
    package var recordsEmitted = false

    package init(width: Int, height: Int, colorCapability: ColorCapability = .trueColor) {
        buffer = Buffer(size: Size(width: width, height: height))
        self.colorCapability = colorCapability
    }

    /// Simulates the user resizing the terminal window.
    package func resize(width: Int, height: Int) {
        buffer.resize(to: Rect(size: Size(width: width, height: height)))
    }

    package func draw(_ updates: [CellUpdate]) {
        lastUpdates = updates
        for update in updates {
            buffer.set(update.x, update.y, update.cell)
            if recordsEmitted { emitted.append(update.cell.symbol) }
        }
    }

    package func clear() {
        clearCount += 1
        buffer.reset()
    }

    package func setCursor(_ position: Position?) {
        cursor = position
    }

    package func flush() {}

    /// The screen as text, one line per row.
    package func textDump() -> String { buffer.textDump() }
}
