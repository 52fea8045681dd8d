import AnnotatedLocks
import Synchronization

/// A WebSocket connection to the in-process mock: every message sent is listed (`.sent`) and
/// answered by the route's ``MockWebSocketScript``, each reply message after its delay on the
/// dispatcher's ``DelayScheduler`` (virtual time in tests); a reply's `close` ends the connection as
/// a server close. The script's `onOpen` plays as it opens, its `ticker` from then on. No socket,
/// so no pings or pongs.
final class MockWebSocketSession: WebSocketSession {
    let handshake: WebSocketHandshake
    let events: AsyncStream<WebSocketEvent>
    private let continuation: AsyncStream<WebSocketEvent>.Continuation
    private let script: MockWebSocketScript
    private let delays: any DelayScheduler
    /// Whether `.closed` was sent (nothing may follow it).
    private let closed = Mutex(false)

    init(handshake: WebSocketHandshake, script: MockWebSocketScript, delays: any DelayScheduler) {
        self.handshake = handshake
        self.script = script
        self.delays = delays
        (events, continuation) = AsyncStream<WebSocketEvent>.makeStream()
        if let opening = script.onOpen { play(opening, from: 0) }
        if let ticker = script.ticker { tick(ticker, sent: 0) }
    }

    /// The ticker's next message after its interval, until its count or the close.
    private func tick(_ ticker: MockWebSocketScript.Ticker, sent: Int) {
        guard ticker.count.map({ sent < $0 }) ?? true else { return }
        delays.schedule(after: ticker.interval) { [self] in
            guard emit(.received(ticker.message)) else { return }
            tick(ticker, sent: sent + 1)
        }
    }

    func send(_ message: WebSocketMessage) {
        guard emit(.sent(message)), let reply = script.reply(to: message) else { return }
        play(reply, from: 0)
    }

    func close(code: UInt16, reason: String) {
        finish(WebSocketClose(code: code, reason: reason, initiator: .client))
    }

    /// Sends the reply's messages from `index` on, each after its delay, then its close.
    private func play(_ reply: MockWebSocketScript.Reply, from index: Int) {
        var index = index
        while index < reply.messages.count {
            let next = reply.messages[index]
            if next.delay > .zero {
                let resume = index
                delays.schedule(after: next.delay) { [self] in
                    guard emit(.received(next.message)) else { return }
                    play(reply, from: resume + 1)
                }
                return
            }
            guard emit(.received(next.message)) else { return }
            index += 1
        }
        if let code = reply.close { finish(WebSocketClose(code: code, initiator: .server)) }
    }

    /// Yields `event` unless the connection is closed; false when it is.
    private func emit(_ event: WebSocketEvent) -> Bool {
        closed.withLock(ownedBy: self) { closed in
            guard !closed else { return false }
            continuation.yield(event)
            return true
        }
    }

    private func finish(_ close: WebSocketClose) {
        closed.withLock(ownedBy: self) { closed in
            guard !closed else { return }
            closed = true
            continuation.yield(.closed(close))
            continuation.finish()
        }
    }
}
