/// What one `Terminal.draw` sent to the backend (for tests and benchmarks).
public struct FrameReport: Hashable, Sendable {
    /// Cells handed to the backend.
    public var cellsSent: Int
    /// True when the whole screen was cleared and redrawn (first frame, resize, resume).
    public var fullRedraw: Bool
}
