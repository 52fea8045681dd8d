/// Runs work inline, on the thread that schedules it.
///
/// Observers then run on whatever thread completed the future (for a network future: the
/// transport thread), possibly concurrently with progress updates from another thread. Use it
/// for plumbing that is itself thread-safe, never for UI state.
public struct ImmediateScheduler: Scheduler {
    public init() {}

    public func schedule(_ work: @escaping @Sendable () -> Void) {
        work()
    }

    public var runsInline: Bool { true }
}
