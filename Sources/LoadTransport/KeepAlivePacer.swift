import HTTPCore
import NIOCore

/// The open model on kept-alive connections: each request of the schedule goes out when it is
/// due, over a free connection (a new one while fewer than `connections` are open), whatever the
/// earlier ones are doing; when every connection is busy, the requests due wait for the first to
/// be free (their latency still counts from when they were due). One timer, at most one wake-up a
/// `tick`: the requests due meanwhile go out together. On `loop` only (hence `@unchecked Sendable`).
final class KeepAlivePacer: KeepAliveConnectionOwner, @unchecked Sendable {
    private let loop: any EventLoop
    private let buffers: RenderedBuffers
    private let target: KeepAliveTarget
    private let limit: Int
    private let tick: Duration
    private let sink: any KeepAliveScheduleSink

    private var continuation: CheckedContinuation<Int, Never>?
    private var all: [KeepAliveConnection] = []
    private var free: [KeepAliveConnection] = []
    /// The next request of the schedule.
    private var next: Int
    private var inFlight = 0
    private var timer: Scheduled<Void>?
    private var timerAt: ContinuousClock.Instant?
    private var lastWake = ContinuousClock.now
    private var over = false

    init(
        loop: any EventLoop, buffers: RenderedBuffers, target: KeepAliveTarget, connections: Int, next: Int,
        tick: Duration, sink: any KeepAliveScheduleSink
    ) {
        self.loop = loop
        self.buffers = buffers
        self.target = target
        self.limit = connections
        self.next = next
        self.tick = tick
        self.sink = sink
    }

    func start(_ continuation: CheckedContinuation<Int, Never>) {
        loop.execute {
            self.continuation = continuation
            if self.over { self.finish() } else { self.pump() }
        }
    }

    /// The task was cancelled: the requests in flight fail as cancelled, no more start.
    func cancel() {
        loop.execute {
            self.over = true
            for connection in self.all { connection.close(cancelling: true) }
            self.finish()
        }
    }

    /// Sends every request that is due, as far as connections allow; then waits for the next one's
    /// time, or for a connection, or ends when the schedule has no more and nothing is in flight.
    private func pump() {
        guard continuation != nil, !over else { return }
        let now = ContinuousClock.now
        while let at = sink.planned(next) {
            guard at <= now else { return wake(at: max(at, lastWake + tick)) }
            guard let connection = freeConnection() else { return }
            let index = sink.starting(next)
            next += 1
            connection.due = at
            inFlight += 1
            connection.send(index)
        }
        // The schedule has no more (its end, a stop, a hand-back).
        over = true
        if inFlight == 0 { finish() }
    }

    private func freeConnection() -> KeepAliveConnection? {
        if let connection = free.popLast() { return connection }
        guard all.count < limit else { return nil }
        let connection = KeepAliveConnection(loop: loop, buffers: buffers, target: target, owner: self)
        all.append(connection)
        return connection
    }

    private func wake(at instant: ContinuousClock.Instant) {
        if let timerAt, timerAt <= instant { return }
        timer?.cancel()
        timerAt = instant
        timer = loop.scheduleTask(in: TimeAmount(instant - ContinuousClock.now)) { [self] in
            timerAt = nil
            timer = nil
            lastWake = .now
            pump()
        }
    }

    func ready(_ connection: KeepAliveConnection) {
        inFlight -= 1
        if over {
            connection.close(cancelling: false)
            if inFlight == 0 { finish() }
            return
        }
        free.append(connection)
        pump()
    }

    func connectionOpened() { sink.connectionOpened() }

    func received(
        _ response: borrowing RawHTTPResponse, for index: Int, on connection: KeepAliveConnection,
        at: ContinuousClock.Instant
    ) {
        sink.received(response, for: index, due: connection.due, sentAt: connection.sentAt, at: at)
    }

    func failed(
        _ error: TransportError, for index: Int, on connection: KeepAliveConnection, at: ContinuousClock.Instant
    ) {
        sink.failed(error, for: index, due: connection.due, at: at)
    }

    private func finish() {
        timer?.cancel()
        timer = nil
        for connection in free { connection.close(cancelling: false) }
        free = []
        all = []
        continuation?.resume(returning: next)
        continuation = nil
    }
}
