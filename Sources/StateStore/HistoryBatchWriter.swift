import AnnotatedLocks
import Dispatch
import Synchronization

/// Writes history records in the background, in batches: `append` queues a record and returns;
/// one writer drains the queue a transaction at a time, so the records that arrive while one
/// commits go together into the next. `finish` waits until everything appended is written.
///
/// For `lazer run`, where a transaction per exchange, and the wait for it, made a run with history
/// about eight times as slow as one without. Each record is still appended and trimmed by the
/// retention rules exactly as alone (`StateDatabase.appendHistory(_:retention:)` with a list);
/// what a batch changes is when an entry becomes visible to others, and that a process killed
/// outright loses the records not yet committed (a transaction's worth at most, normally).
package final class HistoryBatchWriter: Sendable {
    private let database: StateDatabase
    private let retention: HistoryRetention
    private let queue = DispatchQueue(label: "lazer.history.batch")
    private let state = Mutex(State())

    private struct State {
        var pending: [HistoryRecord] = []
        /// Whether a drain is queued or running (it empties `pending` before it stops).
        var draining = false
        var failure: StateStoreError?
    }

    package init(database: StateDatabase, retention: HistoryRetention) {
        self.database = database
        self.retention = retention
    }

    /// Queues `record`; it is written with whatever else is queued when the writer gets to it.
    package func append(_ record: HistoryRecord) {
        let starts = state.withLock(ownedBy: self) { state in
            state.pending.append(record)
            guard !state.draining else { return false }
            state.draining = true
            return true
        }
        if starts { queue.async { self.drain() } }
    }

    /// Waits until every record appended before the call is written; throws the first failure
    /// since the last `finish` (the records of a failed batch are not retried).
    package func finish() throws(StateStoreError) {
        queue.sync { drain() }
        let failure = state.withLock(ownedBy: self) { state in
            defer { state.failure = nil }
            return state.failure
        }
        if let failure { throw failure }
    }

    /// Writes what is queued, batch after batch, until nothing is.
    private func drain() {
        while true {
            let batch = state.withLock(ownedBy: self) { state in
                let batch = state.pending
                state.pending = []
                if batch.isEmpty { state.draining = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            do {
                try database.appendHistory(batch, retention: retention)
            } catch {
                state.withLock(ownedBy: self) { state in
                    if state.failure == nil { state.failure = error }
                }
            }
        }
    }
}
