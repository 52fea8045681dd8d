import AnnotatedLocks
public import Futures
import Synchronization

/// A deterministic scheduler for tests: it only queues work, and the test decides when it runs.
///
/// In the `FuturesTesting` product, not in `Futures`: an app links the library without its test
/// doubles (as SwiftNIO ships `NIOEmbedded` apart from `NIOPosix`).
///
/// Nothing happens until the test calls ``runNext()`` or ``runAll()``, so a test can assert
/// the state between "the producer completed" and "the observers ran" without sleeping. Work
/// runs in submission order on the thread that calls `runNext`/`runAll`. Scheduling is
/// thread-safe; running should happen from one thread at a time.
public final class ManualScheduler: Scheduler {
    private let queue = Mutex(WorkQueue())

    public init() {}

    public func schedule(_ work: @escaping @Sendable () -> Void) {
        queue.withLock(ownedBy: self) { $0.items.append(work) }
    }

    /// The number of closures waiting to run.
    public var pendingCount: Int {
        queue.withLock(ownedBy: self) { $0.items.count - $0.head }
    }

    /// Runs the oldest waiting closure. Returns `false` when nothing was waiting.
    @discardableResult
    public func runNext() -> Bool {
        let next = queue.withLock(ownedBy: self) { $0.popFirst() }
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

/// A FIFO of work with O(1) amortised removal from the front (an array and a read index,
/// compacted when the consumed prefix is more than half of it).
private struct WorkQueue {
    var items: [@Sendable () -> Void] = []
    var head = 0

    mutating func popFirst() -> (@Sendable () -> Void)? {
        guard head < items.count else { return nil }
        let work = items[head]
        items[head] = {}  // release what the closure captured now, not at compaction
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024, head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return work
    }
}
