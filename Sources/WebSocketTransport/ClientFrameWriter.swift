import Glibc
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
    func send(opcode: WebSocketOpcode, rsv1: Bool = false, payload: UnsafeRawBufferPointer) {
        guard let context else { return }
        var buffer = context.channel.allocator.buffer(capacity: payload.count + 14)
        Self.encode(opcode: opcode, rsv1: rsv1, payload: payload, key: keys.next(), into: &buffer)
        context.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
    }

    /// A whole masked frame (FIN set) into `buffer`: header, the key, then the payload XORed with
    /// it, written as 64-bit words while eight bytes are left.
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
        // The key in network order; the same four bytes repeated make the 64-bit mask, read in
        // memory order like the payload's words, so the XOR lines up byte for byte.
        buffer.writeInteger(key)
        let keyBytes = (UInt8(key >> 24), UInt8((key >> 16) & 0xFF), UInt8((key >> 8) & 0xFF), UInt8(key & 0xFF))
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { out in
            var mask4: UInt32 = 0
            withUnsafeMutableBytes(of: &mask4) { bytes in
                bytes[0] = keyBytes.0
                bytes[1] = keyBytes.1
                bytes[2] = keyBytes.2
                bytes[3] = keyBytes.3
            }
            let mask8 = UInt64(mask4) | (UInt64(mask4) << 32)
            var index = 0
            while index + 8 <= count {
                let word = payload.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                out.storeBytes(of: word ^ mask8, toByteOffset: index, as: UInt64.self)
                index += 8
            }
            let maskBytes = [keyBytes.0, keyBytes.1, keyBytes.2, keyBytes.3]
            while index < count {
                out[index] = payload[index] ^ maskBytes[index & 3]
                index += 1
            }
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
