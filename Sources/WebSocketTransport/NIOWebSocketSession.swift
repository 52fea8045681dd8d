import HTTPCore
import NIOCore

/// An open connection: sends and closes hop onto the channel's event loop, where
/// ``WebSocketFrameHandler`` keeps all the state.
final class NIOWebSocketSession: WebSocketSession {
    let handshake: WebSocketHandshake
    let events: AsyncStream<WebSocketEvent>
    private let channel: any Channel
    private let handler: NIOLoopBound<WebSocketFrameHandler>

    init(
        channel: any Channel, handler: NIOLoopBound<WebSocketFrameHandler>, handshake: WebSocketHandshake,
        events: AsyncStream<WebSocketEvent>
    ) {
        self.channel = channel
        self.handler = handler
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
}
