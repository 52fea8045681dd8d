import AnnotatedLocks
import Synchronization

/// The value made last, with what it was made from: the requests of a run are signed many to a
/// second, often with one body, so the last answer is the next one's more often than not. One
/// entry under a lock; a different key makes the value again and takes its place.
final class LastValueMemo<Key: Equatable & Sendable, Value: Sendable>: Sendable {
    private let last = Mutex<(key: Key, value: Value)?>(nil)

    /// The value for `key`: the one kept when `key` is the last one asked for, else `make()`'s.
    func value(for key: Key, make: () -> Value) -> Value {
        if let kept = last.withLock(ownedBy: self, { $0?.key == key ? $0?.value : nil }) { return kept }
        let value = make()
        last.withLock(ownedBy: self) { $0 = (key, value) }
        return value
    }
}
