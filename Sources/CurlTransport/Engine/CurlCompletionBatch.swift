import Dispatch

/// The transfers that finished during one round of the network loop, delivered together.
///
/// Completion work — building the response, response adapters, monitors, settling the future and
/// whatever its observers do next — is Swift work that libcurl does not need. While other transfers
/// are still running, the batch goes to the engine's delivery queue with one hop, so the network
/// thread returns to libcurl at once and a second core shares the load. When the only transfer in
/// flight finished, it is delivered on the network thread instead: a lone request (the common case
/// in the app, and a sequential client) pays no thread hop. Network thread only (owned by `CurlLoop`).
final class CurlCompletionBatch {
    private var pending: [CurlTransfer] = []
    private let queue: DispatchQueue

    init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// Keeps a finished transfer until the next `flush`.
    func append(_ transfer: CurlTransfer) {
        pending.append(transfer)
    }

    /// Delivers what finished: inline when `othersRunning` is false and only one transfer finished,
    /// otherwise on the delivery queue, in finishing order.
    func flush(othersRunning: Bool) {
        guard !pending.isEmpty else { return }
        if !othersRunning, pending.count == 1 {
            deliverHere()
            return
        }
        let batch = pending
        pending = []
        queue.async {
            for transfer in batch { transfer.deliver() }
        }
    }

    /// Delivers everything on the calling (network) thread: at shutdown, so what the loop cancelled
    /// has completed by the time the thread ends.
    func deliverHere() {
        let batch = pending
        pending.removeAll(keepingCapacity: true)
        for transfer in batch { transfer.deliver() }
    }
}
