import Synchronization

/// A deterministic scheduler for tests: it only queues work, and the test decides when it runs.
///
/// Nothing happens until the test calls ``runNext()`` or ``runAll()``, so a test can assert
/// the state between "the producer completed" and "the observers ran" without sleeping. Work
/// runs in submission order on the thread that calls `runNext`/`runAll`. Scheduling is
/// thread-safe; running should happen from one thread at a time.
public final class ManualScheduler: Scheduler {
    private let queue = Mutex<[@Sendable () -> Void]>([])

    public init() {}

    public func schedule(_ work: @escaping @Sendable () -> Void) {
        queue.withLock(ownedBy: self) { $0.append(work) }
    }

    /// The number of closures waiting to run.
    public var pendingCount: Int {
        queue.withLock(ownedBy: self) { $0.count }
    }

    /// Runs the oldest waiting closure. Returns `false` when nothing was waiting.
    @discardableResult
    public func runNext() -> Bool {
        let next: (@Sendable () -> Void)? = queue.withLock(ownedBy: self) { pending in
            pending.isEmpty ? nil : pending.removeFirst()
        }
        guard let next else { return false }
        next()
        return true
    }

    /// Runs waiting closures, including those they schedule, until none is left.
    /// Returns how many ran.
    @discardableResult
    public func runAll() -> Int {
        var count = 0
        while runNext() {
            count += 1
        }
        return count
    }
}
