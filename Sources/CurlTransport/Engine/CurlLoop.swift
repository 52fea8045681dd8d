import CCurl
import Foundation
import Synchronization

/// The network thread's state: the multi handle, the cookie share and the transfers in flight.
/// Created and used only on the network thread (see `CurlEngine`).
final class CurlLoop {
    private let multi: CurlMultiPointer
    private let inbox: CurlInbox
    private let wakeSignal: CurlWakeSignal
    private let configuration: CurlEngine.Configuration
    private var share: UnsafeMutableRawPointer?
    private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    private let handles: CurlHandlePool
    private let strings = CurlStringCache()
    private let urls: CurlURLCache
    private let finished: CurlCompletionBatch
    /// Whether a task's job is running (see `CurlEngine.submit`): only then is a transfer added
    /// outside the loop's round, never inside a libcurl callback.
    private(set) var isRunningAJob = false

    init(
        multi: CurlMultiPointer, inbox: CurlInbox, wakeSignal: CurlWakeSignal, configuration: CurlEngine.Configuration,
        statistics: CurlHandlePool.Statistics
    ) {
        self.multi = multi
        self.inbox = inbox
        self.wakeSignal = wakeSignal
        self.configuration = configuration
        handles = CurlHandlePool(capacity: configuration.connectionCacheSize, statistics: statistics)
        urls = CurlURLCache(capacity: configuration.parsedURLCacheSize)
        finished = CurlCompletionBatch()
    }

    func run() {
        guard let multi = multi.pointer else {
            // No multi handle (out of memory): the engine refuses work from now on, and what was
            // already posted fails at once instead of waiting for a loop that never runs.
            _ = inbox.post(.stop)
            drainAfterStop()
            return
        }
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, configuration.connectionCacheSize)
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, configuration.maxConnectionsPerHost)
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        openCookieShare()
        var running = true
        while running {
            for command in inbox.take() {
                switch command {
                case .add(let transfer): add(transfer, multi: multi)
                case .cancel(let transfer): cancel(transfer, multi: multi)
                case .run(let job, let executor):
                    isRunningAJob = true
                    job.runSynchronously(on: executor)
                    isRunningAJob = false
                case .stop: running = false
                }
            }
            guard running else { break }
            var stillRunning: Int32 = 0
            curl_multi_perform(multi, &stillRunning)
            collectFinished(multi)
            finished.deliver()
            // Commands may be waiting (completions on this thread queue transfers without a wake-up):
            // then go round again at once; otherwise sleep until a socket or a poster wakes the loop.
            if inbox.prepareToPoll() {
                poll(multi)
                inbox.finishedPolling()
            }
        }
        for transfer in Array(active.values) { cancel(transfer, multi: multi) }
        handles.drain()
        drainAfterStop()
        finished.deliver()
        closeCookieShare()
        curl_multi_cleanup(multi)
    }

    /// Sleeps until a socket, a timer or the wake signal needs the loop (at most a second).
    private func poll(_ multi: UnsafeMutableRawPointer) {
        guard wakeSignal.descriptor >= 0 else {
            curl_multi_poll(multi, nil, 0, 1000, nil)
            return
        }
        var wake = curl_waitfd(fd: wakeSignal.descriptor, events: Int16(POLLIN), revents: 0)
        curl_multi_poll(multi, &wake, 1, 1000, nil)
        if wake.revents != 0 { wakeSignal.consume() }
    }

    /// Adds `transfer` submitted by a job on this thread, and lets libcurl send it at once.
    func startNow(_ transfer: CurlTransfer) {
        guard let multi = multi.pointer else { return transfer.completeWithoutHandle() }
        add(transfer, multi: multi)
        var stillRunning: Int32 = 0
        curl_multi_perform(multi, &stillRunning)
    }

    private func add(_ transfer: CurlTransfer, multi: UnsafeMutableRawPointer) {
        transfer.batch = finished
        if transfer.cancelled.load(ordering: .relaxed) {
            transfer.completeCancelled()
            return
        }
        // Only handles with the standard receive buffer are recycled, so a pooled handle never meets
        // a transfer that wants a different buffer size (libcurl allocates the buffer once per handle).
        let taken =
            recycles(transfer)
            ? handles.take(for: transfer.handleShape) : handles.makeHandle().map { ($0, false) }
        guard let (easy, configured) = taken else {
            transfer.completeWithoutHandle()
            return
        }
        guard transfer.prepare(easy, share: share, strings: strings, urls: urls, configured: configured) else {
            handles.discard(easy)
            return
        }
        guard curl_multi_add_handle(multi, easy) == CURLM_OK else {
            transfer.complete(code: CURLE_FAILED_INIT)
            handles.discard(easy)
            return
        }
        active[easy] = transfer
    }

    /// Whether `transfer` takes a pooled handle and gives it back. A caller's-jar transfer only
    /// with a share: without one, a handle's cookie engine is its own, and nothing turns it off.
    private func recycles(_ transfer: CurlTransfer) -> Bool {
        transfer.recyclesHandle && (transfer.spec.cookieJar == nil || share != nil)
    }

    private func cancel(_ transfer: CurlTransfer, multi: UnsafeMutableRawPointer) {
        guard let easy = transfer.easy, active.removeValue(forKey: easy) != nil else { return }
        curl_multi_remove_handle(multi, easy)
        transfer.completeCancelled()
        handles.discard(easy)
    }

    private func collectFinished(_ multi: UnsafeMutableRawPointer) {
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            let code = message.pointee.data.result
            curl_multi_remove_handle(multi, easy)
            guard let transfer = active.removeValue(forKey: easy) else { continue }
            if code == CURLE_ABORTED_BY_CALLBACK && transfer.cancelled.load(ordering: .relaxed) {
                transfer.completeCancelled()
            } else {
                transfer.complete(code: code)
            }
            // A handle goes back to the pool only after a clean exchange; anything odd frees it.
            if code == CURLE_OK, recycles(transfer) {
                handles.recycle(easy, shape: transfer.handleShape)
            } else {
                handles.discard(easy)
            }
        }
    }

    /// Completes whatever was posted before the stop command reached the loop.
    private func drainAfterStop() {
        for command in inbox.take() { command.abandon() }
    }

    // MARK: - Cookies

    private func openCookieShare() {
        guard let share = curl_share_init() else { return }
        _ = ccurl_share_setopt_long(share, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_COOKIE.rawValue))
        self.share = share
        guard let file = configuration.cookieFile, let easy = curl_easy_init() else { return }
        defer { curl_easy_cleanup(easy) }
        _ = ccurl_easy_setopt_share(easy, share)
        _ = ccurl_easy_setopt_string(easy, CURLOPT_COOKIEFILE, file)
        _ = ccurl_easy_setopt_string(easy, CURLOPT_COOKIELIST, "RELOAD")
    }

    private func closeCookieShare() {
        guard let share else { return }
        if let file = configuration.cookieFile, let easy = curl_easy_init() {
            _ = ccurl_easy_setopt_share(easy, share)
            _ = ccurl_easy_setopt_string(easy, CURLOPT_COOKIEJAR, file)
            _ = ccurl_easy_setopt_string(easy, CURLOPT_COOKIELIST, "FLUSH")
            curl_easy_cleanup(easy)
        }
        curl_share_cleanup(share)
        self.share = nil
    }
}
