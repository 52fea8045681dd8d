#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells ThreadSanitizer about the happens-before edges of a contended `Mutex`.
///
/// On Linux, `Synchronization.Mutex` hands a contended lock over inside the kernel
/// (`FUTEX_UNLOCK_PI`), which ThreadSanitizer cannot see, so under `--sanitize=thread` every
/// access made under a contended lock is reported as a race. Calling `__tsan_release` before
/// unlocking and `__tsan_acquire` after locking, on the address of the object that owns the
/// mutex, restores the edge. The functions are looked up once with `dlsym`; in builds without
/// ThreadSanitizer they are absent and the calls cost one `nil` check.
enum ThreadSanitizerAnnotations {
    private typealias Annotation = @convention(c) (UnsafeRawPointer?) -> Void

    /// Function addresses stored as integers so the constants are `Sendable`; 0 when absent.
    private static let acquireAddress = lookup("__tsan_acquire")
    private static let releaseAddress = lookup("__tsan_release")

    private static func lookup(_ symbol: String) -> Int {
        Int(bitPattern: dlsym(UnsafeMutableRawPointer(bitPattern: 0), symbol))
    }

    /// Call right after taking the lock that `owner` holds.
    static func acquire(_ owner: AnyObject) {
        call(acquireAddress, owner)
    }

    /// Call right before releasing the lock that `owner` holds.
    static func release(_ owner: AnyObject) {
        call(releaseAddress, owner)
    }

    private static func call(_ address: Int, _ owner: AnyObject) {
        guard let pointer = UnsafeRawPointer(bitPattern: address) else { return }
        let annotation = unsafeBitCast(pointer, to: Annotation.self)
        annotation(UnsafeRawPointer(Unmanaged.passUnretained(owner).toOpaque()))
    }
}
