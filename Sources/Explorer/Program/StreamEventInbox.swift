import HTTPCore
import Synchronization

/// A stream's events on their way from the transport's thread to the program loop, coalesced:
/// however fast they come (a WebSocket hands over one message at a time; a flooding server sends
/// 100,000 a second), at most one delivery waits on the main queue, and it takes everything
/// gathered by the time it runs. A delivery per message queued faster than the loop reduced them:
/// the screen stopped moving and memory grew by gigabytes.
final class StreamEventInbox: Sendable {
    private let state = Mutex<(events: [StreamEvent], waiting: Bool)>(([], false))

    /// Adds `events`; true when no delivery is waiting, so the caller schedules one.
    func add(_ events: [StreamEvent]) -> Bool {
        state.withLock { state in
            state.events.append(contentsOf: events)
            defer { state.waiting = true }
            return !state.waiting
        }
    }

    /// Everything gathered, in order; the next `add` schedules a delivery again.
    func take() -> [StreamEvent] {
        state.withLock { state in
            state.waiting = false
            return state.events.take()
        }
    }
}

extension Array {
    /// The elements, leaving the array empty (its storage goes with them, not copied).
    fileprivate mutating func take() -> [Element] {
        var taken: [Element] = []
        swap(&taken, &self)
        return taken
    }
}
