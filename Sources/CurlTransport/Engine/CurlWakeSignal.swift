import CCurl
import Foundation

/// Interrupts the network thread's `curl_multi_poll` from any thread: an eventfd the loop passes
/// to every poll as an extra descriptor.
///
/// Why not `curl_multi_wakeup`: a thread that posts a command and then wakes the loop may be
/// overtaken by the loop — which reads the command, stops and frees the multi handle — so the
/// wake-up would touch freed memory. This signal lives as long as anyone holds it (the engine, the
/// loop, the exit registry), so a late wake-up only writes to a descriptor that is still its own.
final class CurlWakeSignal: Sendable {
    /// -1 when the kernel refused an eventfd; then `wake()` does nothing and the loop still polls
    /// at least once a second.
    let descriptor: Int32

    init() {
        descriptor = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Makes the descriptor readable until `consume()`.
    func wake() {
        var one: UInt64 = 1
        _ = write(descriptor, &one, MemoryLayout<UInt64>.size)
    }

    /// Resets the signal (network thread, after a poll reported it).
    func consume() {
        var count: UInt64 = 0
        _ = read(descriptor, &count, MemoryLayout<UInt64>.size)
    }
}
