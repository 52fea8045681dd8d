import Synchronization

/// The values of a parallel join as they arrive, from any thread. A class so the join's
/// `@Sendable` listeners can share it (a `Mutex` cannot be captured by an escaping closure).
final class JoinSlots<Element: Sendable>: Sendable {
    private let slots: Mutex<[Element?]>

    init(count: Int) {
        slots = Mutex(Array(repeating: nil, count: count))
    }

    /// Stores `value` at `index`; returns every value, in order, once all have arrived.
    func fill(_ index: Int, with value: Element) -> [Element]? {
        slots.withLock(ownedBy: self) { slots in
            slots[index] = value
            let values = slots.compactMap { $0 }
            return values.count == slots.count ? values : nil
        }
    }
}
