import AnnotatedLocks
import Foundation
import HTTPCore
import Synchronization

/// Records an exchange's events (they arrive on the network thread) and lets a test wait for one by name.
final class EventRecorder: Sendable {
    private struct State {
        var waiters: [(names: Set<String>, continuation: CheckedContinuation<ExchangeEvent, Never>)] = []
        var triggers: [(name: String, action: @Sendable () -> Void)] = []
    }

    private final class Box: Sendable {
        let state = Mutex(State())
    }

    private let box = Box()
    let log: ExchangeEventLog

    init() {
        let box = self.box
        log = ExchangeEventLog { event in
            let (ready, triggered) = box.state.withLock(ownedBy: box) { state in
                let ready = state.waiters.filter { $0.names.contains(event.kind.name) }.map(\.continuation)
                state.waiters.removeAll { $0.names.contains(event.kind.name) }
                let triggered = state.triggers.filter { $0.name == event.kind.name }.map(\.action)
                state.triggers.removeAll { $0.name == event.kind.name }
                return (ready, triggered)
            }
            for action in triggered { Thread.detachNewThread(action) }
            for continuation in ready { continuation.resume(returning: event) }
        }
    }

    /// Runs `action` once when an event named `name` arrives, on a thread of its own started at
    /// that moment: a step that must follow an event at once (a cancel while waiting for the
    /// first byte) cannot wait for the test's task to resume. In a full parallel run that took
    /// 190 s (Swift Testing queues every test on the 2-thread cooperative pool at the start, and a
    /// resumed task waits behind them), long enough for the loopback server's 60 s wait and
    /// the request's timeout to end the exchange first: `failed`, not `cancelled`.
    func on(_ name: String, _ action: @escaping @Sendable () -> Void) {
        box.state.withLock(ownedBy: box) { $0.triggers.append((name, action)) }
    }

    /// Waits until an event named `name` has arrived (at once if it already has) and returns the first one —
    /// or the exchange's terminal event when it ended first, so a test never waits for an event
    /// that can no longer come (its expectations then fail instead of hanging).
    func next(_ name: String) async -> ExchangeEvent {
        await next(anyOf: [name, "completed", "failed", "cancelled"])
    }

    /// Waits for the terminal event (completed, failed or cancelled).
    func end() async -> ExchangeEvent {
        await next(anyOf: ["completed", "failed", "cancelled"])
    }

    /// Waits until an event with one of `names` has arrived and returns the first one.
    func next(anyOf names: Set<String>) async -> ExchangeEvent {
        await withCheckedContinuation { continuation in
            let seen = box.state.withLock(ownedBy: box) { state -> ExchangeEvent? in
                if let event = log.events.first(where: { names.contains($0.kind.name) }) { return event }
                state.waiters.append((names, continuation))
                return nil
            }
            if let seen { continuation.resume(returning: seen) }
        }
    }

    var names: [String] { log.names }
    var events: [ExchangeEvent] { log.events }

    /// The request with this recorder as its observer.
    func observing(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        request.exchangeObserver = log
        return request
    }

    /// The payloads of the events of one kind.
    func first<T>(_ extract: (ExchangeEvent.Kind) -> T?) -> T? {
        for event in events {
            if let value = extract(event.kind) { return value }
        }
        return nil
    }
}

extension ExchangeEvent.Kind {
    var connection: ExchangeEvent.Connection? {
        if case .connected(let value) = self { return value }
        return nil
    }
    var resolution: ExchangeEvent.Resolution? {
        if case .resolved(let value) = self { return value }
        return nil
    }
    var tls: ExchangeEvent.TLSDetails? {
        if case .tlsEstablished(let value) = self { return value }
        return nil
    }
    var head: ExchangeEvent.ResponseHead? {
        if case .responseHead(let value) = self { return value }
        return nil
    }
    var progress: ExchangeEvent.BodyProgress? {
        if case .bodyProgress(let value) = self { return value }
        return nil
    }
    var redirectHop: ExchangeEvent.RedirectHop? {
        if case .redirect(let value) = self { return value }
        return nil
    }
    var failure: ExchangeEvent.Failure? {
        if case .failed(let value) = self { return value }
        return nil
    }
    var cancelledStage: ExchangeStage? {
        if case .cancelled(let stage) = self { return stage }
        return nil
    }
    var sent: ExchangeEvent.RequestSent? {
        if case .requestSent(let value) = self { return value }
        return nil
    }
}
