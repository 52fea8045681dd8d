import Explorer
import HTTPCore
import Synchronization

/// Virtual time shared by everything a harness runs: the program's timers (ticks while something
/// animates, the debounced draft writes) and the mock dispatchers' delays and timeouts. Nothing
/// falls due until the test moves time with `ExplorerHarness.advance(by:)`, so a test never sleeps.
/// Work that falls due runs in deadline order (submission order for equal deadlines).
package final class ManualTimeline: VirtualTimeDelayScheduler {
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

    package init() {}

    /// The virtual time since the timeline was made.
    package var now: Duration { state.withLock { $0.now } }

    /// How many timers are waiting.
    package var pendingCount: Int { state.withLock { $0.entries.count } }

    package func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) {
        state.withLock { state in
            state.sequence += 1
            state.entries.append(Entry(deadline: state.now + max(delay, .zero), sequence: state.sequence, work: work))
        }
    }

    /// Removes and returns the earliest timer due at or before `target`, moving `now` to its
    /// deadline; nil when none is due.
    package func takeNextDue(upTo target: Duration) -> (@Sendable () -> Void)? {
        state.withLock { state in
            guard
                let index = state.entries.indices.filter({ state.entries[$0].deadline <= target }).min(by: {
                    (state.entries[$0].deadline, state.entries[$0].sequence)
                        < (state.entries[$1].deadline, state.entries[$1].sequence)
                })
            else { return nil }
            let entry = state.entries.remove(at: index)
            state.now = max(state.now, entry.deadline)
            return entry.work
        }
    }

    /// Moves `now` to `target` (never backwards).
    package func move(to target: Duration) {
        state.withLock { $0.now = max($0.now, target) }
    }
}

/// The program's clock on a `ManualTimeline`.
@MainActor
package final class ManualExplorerClock: ExplorerClock {
    package let timeline: ManualTimeline

    package init(timeline: ManualTimeline) {
        self.timeline = timeline
    }

    package func now() -> Duration { timeline.now }

    package func schedule(after delay: Duration, _ work: @escaping @MainActor () -> Void) {
        let box = MainActorWork(work)
        timeline.schedule(after: delay) {
            MainActor.assumeIsolated { box.work() }
        }
    }
}

/// Main-actor work carried through the timeline's `@Sendable` closures (it only runs on the
/// main actor, where the harness advances time).
@MainActor
private final class MainActorWork {
    let work: @MainActor () -> Void

    init(_ work: @escaping @MainActor () -> Void) {
        self.work = work
    }
}
