import Dispatch

/// Time for the program: a monotonic "now" since start, and timers for ticks and debounced
/// writes. The app uses the real clock and the main queue; tests use `ManualExplorerClock`.
@MainActor
package protocol ExplorerClock: AnyObject {
    func now() -> Duration
    /// Runs `work` on the main actor after `delay`.
    func schedule(after delay: Duration, _ work: @escaping @MainActor () -> Void)
}

/// The real clock: `ContinuousClock` and `DispatchQueue.main.asyncAfter`.
@MainActor
package final class SystemExplorerClock: ExplorerClock {
    private let start = ContinuousClock.now

    package init() {}

    package func now() -> Duration { ContinuousClock.now - start }

    package func schedule(after delay: Duration, _ work: @escaping @MainActor () -> Void) {
        let nanoseconds =
            Int(delay.components.seconds) * 1_000_000_000 + Int(delay.components.attoseconds / 1_000_000_000)
        DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
            MainActor.assumeIsolated { work() }
        }
    }
}
