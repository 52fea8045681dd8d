import Explorer
package import HTTPCoreTesting

/// The program's clock on the harness's `ManualClock`: the virtual time shared by everything a
/// harness runs (the program's ticks and debounced draft writes, the mock dispatchers' delays and
/// timeouts, the chain's stage clock), so a test never sleeps.
@MainActor
package final class ManualExplorerClock: ExplorerClock {
    package let timeline: ManualClock

    package init(timeline: ManualClock) {
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
