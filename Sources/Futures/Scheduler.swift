/// Where a future delivers its observer callbacks.
///
/// A `ResponseFuture` never calls an observer on the thread that completed it; it hands the
/// call to its scheduler. The app injects ``MainQueueScheduler`` so UI code runs on the main
/// thread, tests inject `ManualScheduler` (FuturesTesting) and step it explicitly, and code that does not care
/// uses ``ImmediateScheduler``.
///
/// Implementations must run every submitted closure exactly once. Serial schedulers (main
/// queue, manual, a serial dispatch queue) run closures in submission order, which is what
/// gives observers their documented ordering.
public protocol Scheduler: Sendable {
    /// Runs `work` later (or now, for ``ImmediateScheduler``), exactly once.
    func schedule(_ work: @escaping @Sendable () -> Void)

    /// Whether ``schedule(_:)`` runs work at once, on the calling thread. A future then delivers
    /// directly instead of first packaging the delivery as a closure (an allocation per request).
    var runsInline: Bool { get }
}

extension Scheduler {
    public var runsInline: Bool { false }
}

extension Scheduler where Self == MainQueueScheduler {
    /// The main dispatch queue: the scheduler the app uses.
    public static var main: MainQueueScheduler { MainQueueScheduler() }
}

extension Scheduler where Self == ImmediateScheduler {
    /// Runs work inline on the thread that schedules it.
    public static var immediate: ImmediateScheduler { ImmediateScheduler() }
}
