import CCurl
import Foundation

/// What it takes to stop one engine's network thread and wait for it, from any thread: shared by the
/// engine (for `shutdown()`) and `CurlEngineRegistry` (for process exit), so either can stop it.
final class CurlThreadControl: Sendable {
    private let inbox: CurlInbox
    private let wakeSignal: CurlWakeSignal
    /// Entered before the thread starts, left once the loop has freed every libcurl handle.
    private let running = DispatchGroup()
    /// Which thread is the network thread, so nobody waits for itself.
    let networkThread = CurlThreadMarker()

    init(inbox: CurlInbox, wakeSignal: CurlWakeSignal) {
        self.inbox = inbox
        self.wakeSignal = wakeSignal
        running.enter()
    }

    /// Called by the network thread as its last act, after `curl_multi_cleanup`.
    func finished() {
        running.leave()
    }

    /// Asks the loop to stop (cancelling what is in flight); false when it was already asked.
    @discardableResult
    func requestStop() -> Bool {
        guard inbox.post(.stop) else { return false }
        wake()
        return true
    }

    /// Interrupts the loop's wait for its sockets, so it reads its inbox.
    func wake() {
        wakeSignal.wake()
    }

    /// Waits until the loop has ended, at most until `deadline`; returns at once on the network thread
    /// itself. Returns whether the loop has ended.
    @discardableResult
    func waitUntilFinished(deadline: DispatchTime) -> Bool {
        if networkThread.isCurrent { return false }
        return running.wait(timeout: deadline) == .success
    }
}
