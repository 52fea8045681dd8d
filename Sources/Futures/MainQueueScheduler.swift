import Dispatch

/// Delivers work asynchronously on the main dispatch queue, in submission order.
///
/// The app's UI state lives on the main thread, so this is the default scheduler of every
/// future. Work is always enqueued, even when `schedule` is called on the main thread, so an
/// observer never runs re-entrantly inside the code that completed the future.
public struct MainQueueScheduler: Scheduler {
    public init() {}

    public func schedule(_ work: @escaping @Sendable () -> Void) {
        DispatchQueue.main.async(execute: work)
    }
}
