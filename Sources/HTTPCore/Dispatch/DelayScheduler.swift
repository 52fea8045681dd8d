import Dispatch
public import Futures

/// Runs work after a delay: how ``MockDispatcher`` simulates slow servers.
///
/// The app's schedulers conform through dispatch queues; tests use `ManualClock` (HTTPCoreTesting) and move
/// time by hand, so a delayed mock response never needs a sleep.
public protocol DelayScheduler: Sendable {
    /// Runs `work` once, no earlier than `delay` from now.
    func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void)
}

/// A ``DelayScheduler`` on virtual time (`ManualClock` (HTTPCoreTesting), a test harness's timeline): a
/// ``MockDispatcher`` over one reports its events' offsets on that time, so they are exact.
public protocol VirtualTimeDelayScheduler: DelayScheduler {
    /// The virtual time elapsed since the scheduler was made.
    var now: Duration { get }
}

extension Duration {
    /// The duration as dispatch time, rounded to nanoseconds.
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}

extension MainQueueScheduler: DelayScheduler {
    public func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + delay.dispatchInterval, execute: work)
    }
}

extension DispatchQueueScheduler: DelayScheduler {
    public func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) {
        queue.asyncAfter(deadline: .now() + delay.dispatchInterval, execute: work)
    }
}
