import AnnotatedLocks
import Synchronization

/// An ``ExchangeObserver`` that keeps every event, thread-safe: for tests, and for callers that
/// read the timeline after the fact.
public final class ExchangeEventLog: ExchangeObserver {
    private let state = Mutex<[ExchangeEvent]>([])
    private let onEvent: (@Sendable (ExchangeEvent) -> Void)?

    /// `onEvent`, when given, is called (on the reporting thread) after each event is kept.
    public init(onEvent: (@Sendable (ExchangeEvent) -> Void)? = nil) {
        self.onEvent = onEvent
    }

    public func observe(_ event: ExchangeEvent) {
        state.withLock(ownedBy: self) { $0.append(event) }
        onEvent?(event)
    }

    /// The events so far, in order.
    public var events: [ExchangeEvent] { state.withLock(ownedBy: self) { $0 } }

    /// The events' names so far ("queued", "resolved", …), in order.
    public var names: [String] { events.map(\.kind.name) }
}
