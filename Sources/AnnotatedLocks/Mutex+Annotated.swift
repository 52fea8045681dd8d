public import Synchronization

extension Mutex where Value: ~Copyable {
    /// `withLock`, annotated for ThreadSanitizer with `owner`, the object holding this mutex
    /// (see ``ThreadSanitizerAnnotations``). Every lock in Lazer's modules that may be contended
    /// goes through it, so `make test-tsan` sees the happens-before edge of a contended unlock.
    public borrowing func withLock<Result>(
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
