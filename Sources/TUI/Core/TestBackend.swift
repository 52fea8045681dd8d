/// An in-memory backend for tests: it keeps what a real screen would show and dumps it as text.
///
/// `draw` applies updates to its own buffer exactly as a terminal would (a wide character
/// covers the next column), so snapshots show what a user would see.
public final class TestBackend: TerminalBackend {
    public private(set) var buffer: Buffer
    public var size: Size { buffer.area.size }
    public var colorCapability: ColorCapability
    public private(set) var cursor: Position?
    /// The updates of the most recent `draw` call.
    public private(set) var lastUpdates: [CellUpdate] = []
    /// How many times `clear` was called.
    public private(set) var clearCount = 0
    /// Every symbol ever sent, for checking that nothing unsafe was emitted.
    public private(set) var emitted: [String] = []
    /// Set to record every emitted symbol (off by default to keep benchmarks honest).
    public var recordsEmitted = false

    public init(width: Int, height: Int, colorCapability: ColorCapability = .trueColor) {
        buffer = Buffer(size: Size(width: width, height: height))
        self.colorCapability = colorCapability
    }

    /// Simulates the user resizing the terminal window.
    public func resize(width: Int, height: Int) {
        buffer.resize(to: Rect(size: Size(width: width, height: height)))
    }

    public func draw(_ updates: [CellUpdate]) {
        lastUpdates = updates
        for update in updates {
            buffer.set(update.x, update.y, update.cell)
            if recordsEmitted { emitted.append(update.cell.symbol) }
        }
    }

    public func clear() {
        clearCount += 1
        buffer.reset()
    }

    public func setCursor(_ position: Position?) {
        cursor = position
    }

    public func flush() {}

    /// The screen as text, one line per row.
    public func textDump() -> String { buffer.textDump() }
}
