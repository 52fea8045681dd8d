import CCurl
import Synchronization

/// Idle easy handles kept for the next transfers, so a request costs a `curl_easy_reset` and a few
/// options — or, after a transfer of the same `CurlHandleShape`, only its URL and pointers —
/// instead of `curl_easy_init` + `curl_easy_cleanup` (allocating and freeing the handle and its
/// buffers every time). Connections live in the multi handle's cache either way.
///
/// A handle goes back only after a transfer that ended normally. A handle is reset before it serves
/// a transfer of another shape (or without one), so nothing a request set (method, headers,
/// timeouts, credentials, callbacks' userdata) can reach a different one. Network thread only
/// (owned by `CurlLoop`).
final class CurlHandlePool {
    /// Handles created and handles handed out again, readable from any thread (tests, benchmarks).
    final class Statistics: Sendable {
        private let createdCount = Atomic<Int>(0)
        private let reusedCount = Atomic<Int>(0)
        private let keptCount = Atomic<Int>(0)

        /// `curl_easy_init` calls so far.
        var created: Int { createdCount.load(ordering: .relaxed) }
        /// Transfers that ran on a recycled handle.
        var reused: Int { reusedCount.load(ordering: .relaxed) }
        /// Of those, transfers that kept the handle's options (same `CurlHandleShape`, no reset).
        var keptConfigured: Int { keptCount.load(ordering: .relaxed) }

        fileprivate func countCreated() { createdCount.add(1, ordering: .relaxed) }
        fileprivate func countReused() { reusedCount.add(1, ordering: .relaxed) }
        fileprivate func countKept() { keptCount.add(1, ordering: .relaxed) }
    }

    /// An idle handle and the shape of the transfer that last used it (nil: must be reset).
    private struct Idle {
        var handle: UnsafeMutableRawPointer
        var shape: CurlHandleShape?
    }

    private var idle: [Idle] = []
    private let capacity: Int
    private let statistics: Statistics

    init(capacity: Int, statistics: Statistics) {
        self.capacity = capacity
        self.statistics = statistics
        idle.reserveCapacity(capacity)
    }

    /// A handle for a transfer of `shape`: the most recently recycled one — still configured when its
    /// last transfer had the same shape (`configured` true), reset otherwise — or a new one (nil when
    /// libcurl is out of memory).
    func take(for shape: CurlHandleShape?) -> (handle: UnsafeMutableRawPointer, configured: Bool)? {
        if let entry = idle.popLast() {
            statistics.countReused()
            if let shape, entry.shape == shape {
                statistics.countKept()
                return (entry.handle, true)
            }
            reset(entry.handle)
            return (entry.handle, false)
        }
        return makeHandle().map { ($0, false) }
    }

    /// A new handle, never a recycled one (for transfers whose handle is not recycled).
    func makeHandle() -> UnsafeMutableRawPointer? {
        guard let handle = curl_easy_init() else { return nil }
        statistics.countCreated()
        return handle
    }

    /// Keeps `handle`, configured by a transfer of `shape`, for a later transfer (or frees it when
    /// the pool is full). The handle must already be out of the multi handle. Its options still
    /// point at the finished transfer; `take` resets it or sets those pointers again before use,
    /// and an idle handle is never touched by libcurl in between.
    func recycle(_ handle: UnsafeMutableRawPointer, shape: CurlHandleShape?) {
        guard idle.count < capacity else {
            reset(handle)
            curl_easy_cleanup(handle)
            return
        }
        idle.append(Idle(handle: handle, shape: shape))
    }

    /// Frees `handle` (after a failure or a cancellation, or one not meant for reuse).
    func discard(_ handle: UnsafeMutableRawPointer) {
        curl_easy_cleanup(handle)
    }

    /// Frees every idle handle (the loop is ending).
    func drain() {
        for entry in idle {
            reset(entry.handle)
            curl_easy_cleanup(entry.handle)
        }
        idle.removeAll()
    }

    /// Back to libcurl's defaults, so nothing a transfer set reaches the next.
    private func reset(_ handle: UnsafeMutableRawPointer) {
        // `curl_easy_reset` (libcurl 7.88) drops the handle's list of cookie files without freeing
        // it: one leaked node per request. Clearing the list first frees it; with a shared jar the
        // cookies themselves stay in the share.
        _ = ccurl_easy_setopt_string(handle, CURLOPT_COOKIEFILE, nil)
        curl_easy_reset(handle)
    }
}
