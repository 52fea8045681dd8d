import Glibc
import HTTPCore
import NIOCore
import NIOWebSocket

/// Writes the client's frames straight to the socket, masked as RFC 6455 §5.3 asks, past
/// NIOWebSocket's encoder (which the upgrader installs and which cannot be removed): that encoder
/// masks a byte at a time (a third of the cost of sending a 1 MiB message) and each
/// `WebSocketMaskingKey.random()` is a `getrandom` system call. Here a frame is one buffer, its
/// payload copied and masked eight bytes at a time, and the keys come from a pool of system
/// randomness refilled every 1,024 frames.
///
/// It sits first in the pipeline (next to the socket), so what it writes passes no other handler;
/// it is the only writer once the upgrade is done, so frames keep the order they were sent in.
final class ClientFrameWriter: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var context: ChannelHandlerContext?
    private var keys = MaskKeyPool()

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }
    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    /// Writes and flushes one frame whose payload is `payload`'s bytes.
    /// - Parameter flush: false leaves the frame for a later flush (the frame handler's pongs).
    func send(opcode: WebSocketOpcode, rsv1: Bool = false, payload: UnsafeRawBufferPointer, flush: Bool = true) {
        guard let context else { return }
        var buffer = context.channel.allocator.buffer(capacity: payload.count + 14)
        Self.encode(opcode: opcode, rsv1: rsv1, payload: payload, key: keys.next(), into: &buffer)
        if flush {
            context.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
        } else {
            context.write(wrapOutboundOut(buffer), promise: nil)
        }
    }

    /// A whole masked frame (FIN set) into `buffer`: header, the key, then the payload XORed with it.
    static func encode(
        opcode: WebSocketOpcode, rsv1: Bool, payload: UnsafeRawBufferPointer, key: UInt32, into buffer: inout ByteBuffer
    ) {
        let count = payload.count
        buffer.writeInteger(0x80 | (rsv1 ? 0x40 : 0) | UInt8(webSocketOpcode: opcode))
        if count < 126 {
            buffer.writeInteger(0x80 | UInt8(count))
        } else if count <= Int(UInt16.max) {
            buffer.writeInteger(UInt8(0x80 | 126))
            buffer.writeInteger(UInt16(count))
        } else {
            buffer.writeInteger(UInt8(0x80 | 127))
            buffer.writeInteger(UInt64(count))
        }
        // The key in network order, then the payload copied and masked in place (HTTPCore's
        // `WebSocketMasking`, eight bytes at a time, which `lazer mock` unmasks with).
        buffer.writeInteger(key)
        let keyBytes = [UInt8(key >> 24), UInt8((key >> 16) & 0xFF), UInt8((key >> 8) & 0xFF), UInt8(key & 0xFF)]
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { out in
            let target = UnsafeMutableRawBufferPointer(rebasing: out[..<count])
            target.copyMemory(from: payload)
            WebSocketMasking.apply(key: keyBytes, to: target)
            return count
        }
    }
}

/// Masking keys drawn from 4 KiB of the system's randomness at a time (glibc's `arc4random_buf`, one `getrandom`): the
/// keys stay unpredictable (RFC 6455 §10.3) without a system call per frame.
struct MaskKeyPool {
    private var pool = [UInt32](repeating: 0, count: 1_024)
    private var used = 1_024

    mutating func next() -> UInt32 {
        if used == pool.count {
            // glibc's arc4random_buf: the kernel's getrandom, retried until the buffer is full.
            pool.withUnsafeMutableBytes { bytes in
                if let base = bytes.baseAddress { arc4random_buf(base, bytes.count) }
            }
            used = 0
        }
        defer { used += 1 }
        return pool[used]
    }
}
