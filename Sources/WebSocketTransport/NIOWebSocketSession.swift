import HTTPCore
import NIOCore

/// An open connection: sends and closes hop onto the channel's event loop, where
/// ``WebSocketFrameHandler`` keeps all the state.
final class NIOWebSocketSession: WebSocketSession {
    let handshake: WebSocketHandshake
    let events: AsyncStream<WebSocketEvent>
    private let channel: any Channel
    private let handler: NIOLoopBound<WebSocketFrameHandler>
    private let executor: EventLoopTaskExecutor

    init(
        channel: any Channel, handler: NIOLoopBound<WebSocketFrameHandler>, handshake: WebSocketHandshake,
        events: AsyncStream<WebSocketEvent>
    ) {
        self.channel = channel
        self.handler = handler
        executor = EventLoopTaskExecutor(loop: channel.eventLoop)
        self.handshake = handshake
        self.events = events
    }

    func send(_ message: WebSocketMessage) {
        let handler = handler
        channel.eventLoop.execute { handler.value.send(message) }
    }

    func close(code: UInt16, reason: String) {
        let handler = handler
        channel.eventLoop.execute { handler.value.close(code: code, reason: reason) }
    }

    /// The channel's event loop as a task executor: a consumer running there gets each event
    /// without a thread woken, and its `send` runs on the same thread.
    var preferredExecutor: (any TaskExecutor)? { executor }
}

/// Runs tasks' jobs on a NIO event loop (this NIO has no `TaskExecutor` of its own).
final class EventLoopTaskExecutor: TaskExecutor {
    let loop: any EventLoop

    init(loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}
