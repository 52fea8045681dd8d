import AnnotatedLocks
import Synchronization

/// The values of a parallel join as they arrive, from any thread. A class so the join's
/// `@Sendable` listeners can share it (a `Mutex` cannot be captured by an escaping closure).
final class JoinSlots<Element: Sendable>: Sendable {
    private let slots: Mutex<(values: [Element?], missing: Int)>

    init(count: Int) {
        slots = Mutex((Array(repeating: nil, count: count), count))
    }

    /// Stores `value` at `index`; returns every value, in order, once all have arrived.
    /// A second value for the same index is ignored (a future settles once).
    func fill(_ index: Int, with value: Element) -> [Element]? {
        slots.withLock(ownedBy: self) { slots in
            guard slots.values[index] == nil else { return nil }
            slots.values[index] = value
            slots.missing -= 1
            return slots.missing == 0 ? slots.values.compactMap { $0 } : nil
        }
    }
}
