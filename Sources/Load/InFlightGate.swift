import Synchronization

/// At most `limit` requests in flight in the open model: `enter` waits for a free place (the
/// generator suspends, nothing polls), `leave` hands its place to the waiter or frees it. The
/// limit also keeps the task group small: the runtime removes a finished child by walking the
/// group's list, so a thousand children in flight made every completion cost more.
final class InFlightGate: Sendable {
    private struct State {
        var inFlight = 0
        var waiter: CheckedContinuation<Void, Never>?
    }

    let limit: Int
    private let state = Mutex(State())

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Takes a place, waiting for one when all `limit` are taken. One caller at a time (the
    /// generator loop).
    func enter() async {
        let entered = state.withLock { state in
            guard state.inFlight >= limit else {
                state.inFlight += 1
                return true
            }
            return false
        }
        if entered { return }
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                // A place freed between the two locks: take it at once.
                guard state.inFlight >= limit else {
                    state.inFlight += 1
                    return true
                }
                state.waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Gives a place back: to the waiting generator if there is one (the count stays), else free.
    func leave() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.inFlight -= 1
            return nil
        }
        waiter?.resume()
    }
}
