import AnnotatedLocks
import Foundation
import Synchronization

/// Every network thread that is still running, so process exit can stop them first.
///
/// `exit()` runs OpenSSL's `atexit` cleanup (which frees its locks and contexts) while other threads
/// keep running. A network thread that wakes from `curl_multi_poll` in that window calls into a
/// half-torn-down libcurl/OpenSSL: a crash or a hang at exit. `CurlGlobal` registers `stopAll()`
/// with `atexit` after `curl_global_init`, so it runs before OpenSSL's handler (handlers run in
/// reverse order) and nothing in libcurl runs concurrently with the cleanup.
///
/// Engines are added by whichever thread makes a dispatcher and removed by their network threads
/// as those end, so the lock is contended: it goes through `withLock(ownedBy:)` like every other
/// contended lock, or ThreadSanitizer misses the hand-over and reports the list as a data race.
enum CurlEngineRegistry {
    /// The running threads' controls, behind a lock this object owns.
    private final class Live: Sendable {
        let controls = Mutex<[ObjectIdentifier: CurlThreadControl]>([:])

        func withLock<Result: Sendable>(_ body: (inout [ObjectIdentifier: CurlThreadControl]) -> Result) -> Result {
            controls.withLock(ownedBy: self) { body(&$0) }
        }
    }

    private static let live = Live()

    static func add(_ control: CurlThreadControl) {
        live.withLock { $0[ObjectIdentifier(control)] = control }
    }

    static func remove(_ control: CurlThreadControl) {
        _ = live.withLock { $0.removeValue(forKey: ObjectIdentifier(control)) }
    }

    /// Whether `control`'s thread is still listed as running.
    static func contains(_ control: CurlThreadControl) -> Bool {
        live.withLock { $0[ObjectIdentifier(control)] != nil }
    }

    /// Stops every running loop and waits (at most `seconds` in all) until each has freed its handles.
    /// A loop on the calling thread is asked to stop but not waited for.
    static func stopAll(seconds: Double = 5) {
        let controls = live.withLock { Array($0.values) }
        for control in controls { control.requestStop() }
        let deadline = DispatchTime.now() + seconds
        for control in controls { control.waitUntilFinished(deadline: deadline) }
    }
}
