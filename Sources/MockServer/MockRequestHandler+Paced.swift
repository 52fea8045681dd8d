import HTTPCore
import NIOCore
import NIOHTTP1

/// A mock body sent at a set rate (`MockResponse.bytesPerSecond`): a slice every
/// `MockResponse.pace` interval after the head, which announced the whole length. A client that
/// hangs up ends it.
extension MockRequestHandler {
    func sendPaced(
        _ payload: IOData, length: Int, rate: Int, keepAlive: Bool, context: ChannelHandlerContext,
        done: @escaping (Int64) -> Void
    ) {
        let (slice, interval) = MockResponse.pace(rate)
        let loop = context.eventLoop.assumeIsolated()
        context.flush()
        func write(from sent: Int) {
            guard context.channel.isActive else { return done(Int64(sent)) }
            let end = min(length, sent + slice)
            let piece: IOData =
                switch payload {
                case .byteBuffer(let buffer):
                    .byteBuffer(buffer.getSlice(at: buffer.readerIndex + sent, length: end - sent) ?? buffer)
                case .fileRegion(let region):
                    .fileRegion(
                        FileRegion(
                            fileHandle: region.fileHandle, readerIndex: region.readerIndex + sent,
                            endIndex: region.readerIndex + end))
                }
            context.writeAndFlush(wrapOutboundOut(.body(piece)), promise: nil)
            guard end < length else {
                let finished = context.eventLoop.makePromise(of: Void.self)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: finished)
                finished.futureResult.assumeIsolated().whenComplete { _ in
                    done(Int64(end))
                    if !keepAlive { context.close(promise: nil) }
                }
                return
            }
            loop.scheduleTask(in: interval.timeAmount) { write(from: end) }
        }
        write(from: 0)
    }
}
