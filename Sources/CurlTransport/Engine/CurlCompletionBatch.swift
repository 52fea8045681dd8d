/// The transfers that finished during one round of the network loop, delivered together when the
/// round is over: after libcurl's work and after their handles went back to the pool, so completion
/// code (building the response, adapters, monitors, settling the future) never runs in the middle
/// of libcurl's bookkeeping. Network thread only (owned by `CurlLoop`).
///
/// Completions run on the network thread itself. Handing them to a second thread was tried and
/// measured on the 2-core benchmark box (`make bench-transport`, 32 in flight): the hand-over —
/// waking the other thread, memory allocated on one core and freed on the other — cost more CPU
/// than the work it moved (35 µs per request instead of 27), and the requests per second fell with
/// it. Observers still run wherever the future's scheduler puts them (the main queue by default).
final class CurlCompletionBatch {
    private var pending: [CurlTransfer] = []
    /// The batch being delivered; swapped with `pending`, so delivering allocates nothing.
    private var delivering: [CurlTransfer] = []

    /// Keeps a finished transfer until the next `deliver`.
    func append(_ transfer: CurlTransfer) {
        pending.append(transfer)
    }

    /// Calls every kept transfer's completion, in finishing order.
    func deliver() {
        guard !pending.isEmpty else { return }
        swap(&pending, &delivering)
        for transfer in delivering { transfer.deliver() }
        delivering.removeAll(keepingCapacity: true)
    }
}
