import HTTPCore
import NIOCore
import NIOWebSocket

/// The client side of RFC 6455 on an upgraded channel, on its event loop: joins fragments
/// (16 MiB cap: 1009), checks text is UTF-8 (1007), answers pings, runs the close handshake both
/// ways, sends the periodic ping, and ends the connection with 1002 on a protocol error (reserved
/// bits or opcode, a masked server frame, a continuation out of place), and inflates and deflates
/// messages when permessage-deflate was agreed (RSV1 on a message's first frame). NIOWebSocket
/// gives only the frame decoder and the upgrade; frames go out through ``ClientFrameWriter``, and
/// all of this is ours.
final class WebSocketFrameHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame

    private enum State {
        case open
        /// We sent a close frame and wait for the server's.
        case closing(WebSocketClose)
        case closed
    }

    private let continuation: AsyncStream<WebSocketEvent>.Continuation
    private let maxMessageBytes: Int
    private let pingInterval: Duration?
    private var state = State.open
    private var fragments: (binary: Bool, compressed: Bool, bytes: ByteBuffer)?
    /// A fragmented plain text message's UTF-8 so far (a compressed one is checked once inflated).
    private var fragmentText: UTF8Stream?
    /// permessage-deflate's streams, when the server agreed to it.
    private let deflate: PerMessageDeflate.Codec?
    /// Where every frame we send goes (next to the socket, past NIOWebSocket's encoder).
    private let writer: ClientFrameWriter
    private var context: ChannelHandlerContext?
    private var pingTask: RepeatedTask?
    /// Pongs written since the last flush: a read's pings are answered in one flush at its end
    /// (a ping flood costs one write a read, not one a ping).
    private var pongsUnflushed = false
    private var closeTimeout: Scheduled<Void>?
    /// How long a close frame waits for the server's answer before the connection is dropped.
    static let closeWait = TimeAmount.seconds(3)

    init(
        continuation: AsyncStream<WebSocketEvent>.Continuation, maxMessageBytes: Int, pingInterval: Duration?,
        writer: ClientFrameWriter, deflate: PerMessageDeflate.Codec? = nil
    ) {
        self.continuation = continuation
        self.writer = writer
        self.deflate = deflate
        self.maxMessageBytes = maxMessageBytes
        self.pingInterval = pingInterval
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        guard let pingInterval, pingInterval > .zero else { return }
        let nanoseconds = max(
            Int64(pingInterval.components.seconds) * 1_000_000_000
                + pingInterval.components.attoseconds / 1_000_000_000, 1_000_000)
        let loopBound = NIOLoopBound(self, eventLoop: context.eventLoop)
        pingTask = context.eventLoop.scheduleRepeatedTask(
            initialDelay: .nanoseconds(nanoseconds), delay: .nanoseconds(nanoseconds)
        ) { _ in
            loopBound.value.sendControl(.ping, payload: [])
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        pingTask?.cancel()
    }

    // MARK: - Incoming

    func channelReadComplete(context: ChannelHandlerContext) {
        if pongsUnflushed {
            pongsUnflushed = false
            context.flush()
        }
        context.fireChannelReadComplete()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        if case .closed = state { return }
        if frame.rsv2 || frame.rsv3 || (frame.rsv1 && deflate == nil) {
            return fail(1002, "a frame with a reserved bit set (no extension was negotiated)")
        }
        if frame.rsv1, frame.opcode != .text, frame.opcode != .binary {
            return fail(1002, "RSV1 (compressed) on a control or continuation frame")
        }
        if frame.maskKey != nil { return fail(1002, "a masked frame from the server") }
        switch frame.opcode {
        case .text, .binary:
            guard fragments == nil else {
                return fail(1002, "a new message began inside a fragmented one")
            }
            let binary = frame.opcode == .binary
            guard frame.data.readableBytes <= maxMessageBytes else { return tooLarge() }
            if frame.fin {
                deliver(binary: binary, compressed: frame.rsv1, frame.data)
            } else {
                fragments = (binary, frame.rsv1, frame.data)
                fragmentText = binary || frame.rsv1 ? nil : UTF8Stream()
                guard fragmentText?.accept(frame.data.readableBytesView) ?? true else { return invalidText() }
            }
        case .continuation:
            guard var pending = fragments else {
                return fail(1002, "a continuation frame without a message to continue")
            }
            guard pending.bytes.readableBytes + frame.data.readableBytes <= maxMessageBytes else { return tooLarge() }
            guard fragmentText?.accept(frame.data.readableBytesView) ?? true else { return invalidText() }
            var data = frame.data
            pending.bytes.writeBuffer(&data)
            if frame.fin {
                fragments = nil
                fragmentText = nil
                deliver(binary: pending.binary, compressed: pending.compressed, pending.bytes)
            } else {
                fragments = pending
            }
        case .ping:
            guard frame.fin, frame.data.readableBytes <= 125 else { return fail(1002, "a fragmented or long ping") }
            let payload = Array(frame.data.readableBytesView)
            payload.withUnsafeBytes { writer.send(opcode: .pong, payload: $0, flush: false) }
            pongsUnflushed = true
            continuation.yield(.ping(payload))
        case .pong:
            continuation.yield(.pong(Array(frame.data.readableBytesView)))
        case .connectionClose:
            receivedClose(frame.data)
        default:
            fail(1002, "a frame with the reserved opcode \(frame.opcode)")
        }
    }

    private func deliver(binary: Bool, compressed: Bool, _ buffer: ByteBuffer) {
        var buffer = buffer
        if compressed, let deflate, let context {
            do throws(PerMessageDeflate.Codec.Failure) {
                buffer = try deflate.inflate(buffer, limit: maxMessageBytes, allocator: context.channel.allocator)
            } catch .tooLarge {
                return tooLarge()
            } catch {
                return fail(1007, "a compressed message that does not inflate (permessage-deflate)")
            }
        }
        let bytes = Array(buffer.readableBytesView)
        if binary {
            continuation.yield(.received(.binary(bytes)))
        } else if let text = String(validating: bytes, as: UTF8.self) {
            continuation.yield(.received(.text(text)))
        } else {
            invalidText()
        }
    }

    private func invalidText() {
        fail(1007, "invalid UTF-8 in a text message")
    }

    private func tooLarge() {
        fail(1009, "a message larger than \(maxMessageBytes >> 20) MiB")
    }

    private func receivedClose(_ payload: ByteBuffer) {
        var payload = payload
        let oneByte = payload.readableBytes == 1
        let code = payload.readableBytes >= 2 ? payload.readInteger(as: UInt16.self) : nil
        let reasonBytes = Array(payload.readableBytesView)
        let reason = String(validating: reasonBytes, as: UTF8.self)
        switch state {
        case .closing(let close):
            finish(close)
        case .open:
            if oneByte { return fail(1002, "a close frame of one byte (a close code takes two)") }
            if let code, !WebSocketClose.maySend(code) {
                return fail(1002, "a close frame with the invalid code \(code)")
            }
            guard reason != nil else { return fail(1007, "a close frame whose reason is not UTF-8") }
            // Echo the code, as RFC 6455 §5.5.1 asks, then end the connection.
            var answer: [UInt8] = []
            if let code { answer = [UInt8(code >> 8), UInt8(code & 0xFF)] }
            sendControl(.connectionClose, payload: answer)
            finish(WebSocketClose(code: code, reason: reason ?? "", initiator: .server))
        case .closed:
            break
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        switch state {
        case .open: finish(WebSocketClose(code: 1006, initiator: .connection))
        case .closing(let close): finish(close)
        case .closed: break
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch error {
        case NIOWebSocketError.invalidFrameLength: tooLarge()
        case NIOWebSocketError.fragmentedControlFrame, NIOWebSocketError.multiByteControlFrameLength:
            fail(1002, "a fragmented or long control frame")
        default:
            finish(WebSocketClose(code: 1006, reason: "\(error)", initiator: .connection))
        }
    }

    // MARK: - Outgoing

    func send(_ message: WebSocketMessage) {
        guard case .open = state, let context else { return }
        let opcode: WebSocketOpcode = if case .text = message { .text } else { .binary }
        if let deflate {
            var buffer = context.channel.allocator.buffer(capacity: message.byteCount)
            switch message {
            case .text(let text): buffer.writeString(text)
            case .binary(let bytes): buffer.writeBytes(bytes)
            }
            let compressed = deflate.deflate(buffer, allocator: context.channel.allocator)
            (compressed ?? buffer).withUnsafeReadableBytes {
                writer.send(opcode: opcode, rsv1: compressed != nil, payload: $0)
            }
        } else {
            switch message {
            case .text(var text): text.withUTF8 { writer.send(opcode: opcode, payload: UnsafeRawBufferPointer($0)) }
            case .binary(let bytes): bytes.withUnsafeBytes { writer.send(opcode: opcode, payload: $0) }
            }
        }
        continuation.yield(.sent(message))
    }

    /// Sends a close frame and waits (a few seconds at most) for the server's.
    func close(code: UInt16, reason: String) {
        guard case .open = state, let context else { return }
        var payload = [UInt8(code >> 8), UInt8(code & 0xFF)]
        payload += Array(reason.utf8.prefix(123))
        sendControl(.connectionClose, payload: payload)
        state = .closing(WebSocketClose(code: code, reason: reason, initiator: .client))
        let channel = context.channel
        closeTimeout = context.eventLoop.scheduleTask(in: Self.closeWait) { channel.close(promise: nil) }
    }

    fileprivate func sendControl(_ opcode: WebSocketOpcode, payload: [UInt8]) {
        guard context != nil else { return }
        payload.withUnsafeBytes { writer.send(opcode: opcode, payload: $0) }
    }

    /// A protocol violation: close with `code`, say why, and drop the connection.
    private func fail(_ code: UInt16, _ why: String) {
        guard let context else { return }
        if case .open = state {
            var payload = [UInt8(code >> 8), UInt8(code & 0xFF)]
            payload += Array(why.utf8.prefix(123))
            sendControl(.connectionClose, payload: payload)
        }
        finish(WebSocketClose(code: code, reason: why, initiator: .connection))
        context.close(promise: nil)
    }

    private func finish(_ close: WebSocketClose) {
        if case .closed = state { return }
        state = .closed
        fragments = nil
        fragmentText = nil
        pingTask?.cancel()
        closeTimeout?.cancel()
        continuation.yield(.closed(close))
        continuation.finish()
        context?.close(promise: nil)
    }
}
