import Foundation
import HTTPCore
import NIOCore
import NIOHTTP1

/// Sends the upgrade GET once connected and turns whatever is not a successful upgrade into a
/// `TransportError`: another status ("the upgrade was answered 401 Unauthorized: …" with the
/// start of the body), a `Sec-WebSocket-Accept` that does not match the key, a connection closed
/// mid-handshake. It sits after NIOHTTP1's upgrade handler, which passes a refused upgrade on.
final class UpgradeRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    private let head: HTTPRequestHead
    private let failure: (TransportError) -> Void
    private var refused: (head: HTTPResponseHead, body: ByteBuffer)?
    /// The most of a refusal's body shown in the message.
    static let bodyPreviewBytes = 512

    init(head: HTTPRequestHead, failure: @escaping (TransportError) -> Void) {
        self.head = head
        self.failure = failure
    }

    func channelActive(context: ChannelHandlerContext) {
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            refused = (head, context.channel.allocator.buffer(capacity: 0))
        case .body(var chunk):
            guard var pending = refused else { return }
            let room = Self.bodyPreviewBytes - pending.body.readableBytes
            if room > 0, let slice = chunk.readSlice(length: min(room, chunk.readableBytes)) {
                var slice = slice
                pending.body.writeBuffer(&slice)
                refused = pending
            }
        case .end:
            guard let refused else { return }
            let status = Int(refused.head.status.code)
            let phrase = refused.head.status.reasonPhrase
            let text = String(decoding: refused.body.readableBytesView, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            var message = "the upgrade was answered \(status) \(phrase)"
            message += text.isEmpty ? " (a WebSocket server answers 101 Switching Protocols)" : ": \(text)"
            failure(TransportError(.protocolError, message: message, code: status))
            context.close(promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        let message =
            switch error as? NIOHTTPClientUpgradeError {
            case .upgraderDeniedUpgrade?:
                "the server answered 101 but its Sec-WebSocket-Accept does not match the key sent (not a WebSocket server?)"
            case .responseProtocolNotFound?:
                "the server answered 101 but not with Upgrade: websocket"
            default:
                "the upgrade failed: \(error)"
            }
        failure(TransportError(.protocolError, message: message))
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        failure(TransportError(.emptyReply, message: "the server closed the connection during the WebSocket upgrade"))
        context.fireChannelInactive()
    }
}
