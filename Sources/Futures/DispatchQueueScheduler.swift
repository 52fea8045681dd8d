public import Dispatch

/// Delivers work asynchronously on a dispatch queue.
///
/// Use it with `then(on:)` to move heavy transforms (decoding a large body) off the main
/// thread. A serial queue keeps submission order; a concurrent queue does not.
public struct DispatchQueueScheduler: Scheduler {
    /// The queue that runs the work.
    public let queue: DispatchQueue

    public init(_ queue: DispatchQueue) {
        self.queue = queue
    }

    public func schedule(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }
}
