import HTTPCore
import NIOCore
import NIOWebSocket

/// The server side of a mock WebSocket route on an upgraded connection, on its event loop: whole
/// messages (NIO's `NIOWebSocketFrameAggregator` in front joins fragments, 16 MiB at most) are
/// answered by the route's ``MockWebSocketScript`` (each reply message after its delay, then its
/// close), pings get pongs, a client's close is answered and the connection ends. Text that is
/// not UTF-8 closes with 1007, a protocol error with 1002, a message over the cap with 1009. The
/// script's `onOpen` plays as the handler joins the upgraded connection, its `ticker` from then on.
final class MockWebSocketHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// The largest message a mock takes (the client's cap too).
    static let maxMessageBytes = WebSocketRequest.defaultMaxMessageBytes
    /// How long a close frame waits for the client's answer before the connection is dropped.
    static let closeWait = TimeAmount.seconds(3)

    private let script: MockWebSocketScript
    private var closing = false
    /// The wait for the client's answer to our close, cancelled when the connection ends.
    private var closeTimeout: Scheduled<Void>?

    init(script: MockWebSocketScript) {
        self.script = script
    }

    /// A client frame's payload, unmasked eight bytes at a time (`WebSocketMasking`; NIO's
    /// `unmaskedData` goes byte by byte, most of what a 1 MiB message cost this server).
    static func payload(of frame: WebSocketFrame) -> [UInt8] {
        var data = frame.data
        var bytes = data.readBytes(length: data.readableBytes) ?? []
        if let key = frame.maskKey {
            let key = Array(key)
            bytes.withUnsafeMutableBytes { WebSocketMasking.apply(key: key, to: $0) }
        }
        return bytes
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if let opening = script.onOpen { play(opening, from: 0, context: context) }
        if let ticker = script.ticker { tick(ticker, sent: 0, context: context) }
    }

    /// The ticker's next message after its interval, until its count or the close.
    private func tick(_ ticker: MockWebSocketScript.Ticker, sent: Int, context: ChannelHandlerContext) {
        guard ticker.count.map({ sent < $0 }) ?? true else { return }
        context.eventLoop.assumeIsolated().scheduleTask(in: ticker.interval.timeAmount) {
            guard !self.closing, context.channel.isActive else { return }
            self.send(ticker.message, context: context)
            self.tick(ticker, sent: sent + 1, context: context)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text, .binary:
            guard !closing else { return }
            let bytes = Self.payload(of: frame)
            let message: WebSocketMessage
            if frame.opcode == .binary {
                message = .binary(bytes)
            } else {
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    return close(1007, "a text message that is not UTF-8", context: context)
                }
                message = .text(text)
            }
            if let reply = script.reply(to: message) { play(reply, from: 0, context: context) }
        case .ping:
            let bytes = Self.payload(of: frame)
            send(.pong, context.channel.allocator.buffer(bytes: bytes), context: context)
        case .pong:
            break
        case .connectionClose:
            if closing {
                context.close(promise: nil)
                return
            }
            // Answer with the client's code, then hang up.
            closing = true
            let payload = Self.payload(of: frame)
            var answer = context.channel.allocator.buffer(capacity: 2)
            if payload.count >= 2 { answer.writeBytes(payload.prefix(2)) }
            let frame = WebSocketFrame(fin: true, opcode: .connectionClose, data: answer)
            context.writeAndFlush(wrapOutboundOut(frame)).assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
        default:
            close(1002, "a reserved opcode", context: context)
        }
    }

    /// Sends the reply's messages from `index` on, each after its delay, then its close.
    private func play(_ reply: MockWebSocketScript.Reply, from index: Int, context: ChannelHandlerContext) {
        var index = index
        while index < reply.messages.count {
            let next = reply.messages[index]
            if next.delay > .zero {
                let resume = index + 1
                // Not cancelled on close: it finds `closing` set and sends nothing.
                context.eventLoop.assumeIsolated().scheduleTask(in: next.delay.timeAmount) {
                    guard !self.closing else { return }
                    self.send(next.message, context: context)
                    self.play(reply, from: resume, context: context)
                }
                return
            }
            send(next.message, context: context)
            index += 1
        }
        if let code = reply.close { close(code, "", context: context) }
    }

    private func send(_ message: WebSocketMessage, context: ChannelHandlerContext) {
        switch message {
        case .text(let text): send(.text, context.channel.allocator.buffer(string: text), context: context)
        case .binary(let bytes): send(.binary, context.channel.allocator.buffer(bytes: bytes), context: context)
        }
    }

    private func send(_ opcode: WebSocketOpcode, _ data: ByteBuffer, context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: opcode, data: data)), promise: nil)
    }

    /// Starts the close handshake from this side: the client's answering close ends the connection,
    /// or the wait does.
    private func close(_ code: UInt16, _ reason: String, context: ChannelHandlerContext) {
        guard !closing else { return }
        closing = true
        var data = context.channel.allocator.buffer(capacity: 2 + reason.utf8.count)
        data.writeInteger(code)
        data.writeString(reason)
        send(.connectionClose, data, context: context)
        let channel = context.channel
        closeTimeout = context.eventLoop.scheduleTask(in: Self.closeWait) { channel.close(promise: nil) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        closing = true
        closeTimeout?.cancel()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch error as? NIOWebSocketFrameAggregator.Error {
        case .accumulatedFrameSizeIsTooLarge?, .tooManyFragments?:
            close(1009, "the message is too large", context: context)
        default:
            close(1002, "a protocol error", context: context)
        }
    }
}
