/// What one `Terminal.draw` sent to the backend (for tests and benchmarks).
package struct FrameReport: Hashable, Sendable {
    /// Cells handed to the backend.
    package var cellsSent: Int
    /// True when the whole screen was cleared and redrawn (first frame, resize, resume).
    package var fullRedraw: Bool
}
