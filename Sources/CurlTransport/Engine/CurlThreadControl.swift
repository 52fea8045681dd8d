import CCurl
import Foundation

/// What it takes to stop one engine's network thread and wait for it, from any thread: shared by the
/// engine (for `shutdown()`) and `CurlEngineRegistry` (for process exit), so either can stop it.
final class CurlThreadControl: Sendable {
    private let inbox: CurlInbox
    private let multi: CurlMultiPointer
    /// Entered before the thread starts, left once the loop has freed every libcurl handle.
    private let running = DispatchGroup()
    /// Which thread is the network thread, so nobody waits for itself.
    let networkThread = CurlThreadMarker()

    init(inbox: CurlInbox, multi: CurlMultiPointer) {
        self.inbox = inbox
        self.multi = multi
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

    /// Interrupts `curl_multi_poll` so the loop reads its inbox (the one multi call libcurl allows
    /// from other threads).
    func wake() {
        if let pointer = multi.pointer { curl_multi_wakeup(pointer) }
    }

    /// Waits until the loop has ended, at most until `deadline`; returns at once on the network thread
    /// itself. Returns whether the loop has ended.
    @discardableResult
    func waitUntilFinished(deadline: DispatchTime) -> Bool {
        if networkThread.isCurrent { return false }
        return running.wait(timeout: deadline) == .success
    }
}
