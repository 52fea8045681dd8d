import Synchronization

extension Mutex where Value: ~Copyable {
    /// `withLock`, annotated for ThreadSanitizer with `owner`, the object holding this mutex
    /// (see ``ThreadSanitizerAnnotations``). Every lock in HTTPCore goes through it.
    borrowing func withLock<Result>(
        ownedBy owner: AnyObject,
        _ body: (inout sending Value) throws -> sending Result
    ) rethrows -> sending Result {
        try withLock { value in
            ThreadSanitizerAnnotations.acquire(owner)
            defer { ThreadSanitizerAnnotations.release(owner) }
            return try body(&value)
        }
    }
}
