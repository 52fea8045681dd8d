import AnnotatedLocks
public import HTTPCore
import Synchronization

/// A ``DelayScheduler`` on virtual time for tests: work waits until the test calls ``advance(by:afterEach:)``.
///
/// The delay twin of `ManualScheduler` (FuturesTesting), in the `HTTPCoreTesting` product so an app
/// links HTTPCore without it. One virtual clock for every test: the explorer's harness runs its
/// timers, mock delays and stage clock on one too. Work that falls due runs in deadline order (submission order
/// for equal deadlines) on the thread that advances the clock.
public final class ManualClock: VirtualTimeDelayScheduler {
    private struct Entry {
        var deadline: Duration
        var sequence: Int
        var work: @Sendable () -> Void
    }

    private struct State {
        var now = Duration.zero
        var sequence = 0
        var entries: [Entry] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// The virtual time elapsed since the clock was made.
    public var now: Duration { state.withLock(ownedBy: self) { $0.now } }

    /// How many delayed closures are waiting.
    public var pendingCount: Int { state.withLock(ownedBy: self) { $0.entries.count } }

    public func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) {
        state.withLock(ownedBy: self) { state in
            state.sequence += 1
            state.entries.append(Entry(deadline: state.now + max(delay, .zero), sequence: state.sequence, work: work))
        }
    }

    /// Moves time forward by `duration` and runs everything that falls due, including work scheduled
    /// by that work within the window, each at its moment; `afterEach` runs after each piece of
    /// work (a harness settles the queues it fed there). Returns how many closures ran.
    @discardableResult
    public func advance(by duration: Duration, afterEach: () -> Void = {}) -> Int {
        let target = state.withLock(ownedBy: self) { $0.now + max(duration, .zero) }
        var count = 0
        while let work = nextDue(before: target) {
            work()
            afterEach()
            count += 1
        }
        state.withLock(ownedBy: self) { $0.now = max($0.now, target) }
        return count
    }

    private func nextDue(before target: Duration) -> (@Sendable () -> Void)? {
        state.withLock(ownedBy: self) { state in
            let due = state.entries.enumerated().filter { $0.element.deadline <= target }
            guard
                let first = due.min(by: {
                    ($0.element.deadline, $0.element.sequence) < ($1.element.deadline, $1.element.sequence)
                })
            else { return nil }
            state.entries.remove(at: first.offset)
            state.now = max(state.now, first.element.deadline)
            return first.element.work
        }
    }
}
