import CCurl
import Synchronization

/// Idle easy handles kept for the next transfers, so a request costs a `curl_easy_reset` and a few
/// options instead of `curl_easy_init` + `curl_easy_cleanup` (allocating and freeing the handle and
/// its buffers every time). Connections live in the multi handle's cache either way.
///
/// A handle goes back only after a transfer that ended normally, and `recycle` resets every option
/// at once, so nothing a request set (method, headers, timeouts, credentials, callbacks' userdata)
/// can reach the next one. Network thread only (owned by `CurlLoop`).
final class CurlHandlePool {
    /// Handles created and handles handed out again, readable from any thread (tests, benchmarks).
    final class Statistics: Sendable {
        private let createdCount = Atomic<Int>(0)
        private let reusedCount = Atomic<Int>(0)

        /// `curl_easy_init` calls so far.
        var created: Int { createdCount.load(ordering: .relaxed) }
        /// Transfers that ran on a recycled handle.
        var reused: Int { reusedCount.load(ordering: .relaxed) }

        fileprivate func countCreated() { createdCount.add(1, ordering: .relaxed) }
        fileprivate func countReused() { reusedCount.add(1, ordering: .relaxed) }
    }

    private var idle: [UnsafeMutableRawPointer] = []
    private let capacity: Int
    private let statistics: Statistics

    init(capacity: Int, statistics: Statistics) {
        self.capacity = capacity
        self.statistics = statistics
        idle.reserveCapacity(capacity)
    }

    /// A clean handle: the most recently recycled one, or a new one (nil when libcurl is out of memory).
    func take() -> UnsafeMutableRawPointer? {
        if let handle = idle.popLast() {
            statistics.countReused()
            return handle
        }
        return makeHandle()
    }

    /// A new handle, never a recycled one (for transfers whose handle is not recycled).
    func makeHandle() -> UnsafeMutableRawPointer? {
        guard let handle = curl_easy_init() else { return nil }
        statistics.countCreated()
        return handle
    }

    /// Resets `handle` to libcurl's defaults and keeps it for a later transfer (or frees it when the
    /// pool is full). The handle must already be out of the multi handle.
    func recycle(_ handle: UnsafeMutableRawPointer) {
        guard idle.count < capacity else {
            curl_easy_cleanup(handle)
            return
        }
        // `curl_easy_reset` (libcurl 7.88) drops the handle's list of cookie files without freeing
        // it: one leaked node per request. Clearing the list first frees it; with a shared jar the
        // cookies themselves stay in the share.
        _ = ccurl_easy_setopt_string(handle, CURLOPT_COOKIEFILE, nil)
        curl_easy_reset(handle)
        idle.append(handle)
    }

    /// Frees `handle` (after a failure or a cancellation, or one not meant for reuse).
    func discard(_ handle: UnsafeMutableRawPointer) {
        curl_easy_cleanup(handle)
    }

    /// Frees every idle handle (the loop is ending).
    func drain() {
        for handle in idle { curl_easy_cleanup(handle) }
        idle.removeAll()
    }
}
